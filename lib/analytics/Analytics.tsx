import { GoogleAnalytics } from '@next/third-parties/google'
import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { getGaId, notePageLoad, trackPageView } from './index'

/**
 * Loads Google Analytics only when NEXT_PUBLIC_GA_ID is set, and reports one page view per
 * client-side route change of the pages router.
 */
export function Analytics() {
  const gaId = getGaId()
  const router = useRouter()
  const initialPath = useRef(router.asPath)

  useEffect(() => {
    if (!gaId) return
    notePageLoad(initialPath.current)
    const onRouteChange = (url: string) => trackPageView(url)
    router.events.on('routeChangeComplete', onRouteChange)
    return () => router.events.off('routeChangeComplete', onRouteChange)
  }, [gaId, router.events])

  return gaId ? <GoogleAnalytics gaId={gaId} /> : null
}
