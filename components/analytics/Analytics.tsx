import { useRouter } from 'next/router'
import { useEffect, useSyncExternalStore } from 'react'
import { analyticsAllowed, subscribeConsent } from '@/lib/analytics/consent'
import { getGaId, notePageLoad, trackPageView } from '@/lib/analytics/index'
import { startGoogleTag, stopGoogleTag } from '@/lib/analytics/gtag'

const serverSnapshot = () => false

/**
 * Google Analytics when NEXT_PUBLIC_GA_ID is set and only while the visitor's Accept stands: the
 * tag starts on Accept (on this page, at once) and stops on Reject or withdrawal, at once. One page
 * view per client-side route change of the pages router while it runs.
 */
export function Analytics() {
  const gaId = getGaId()
  const router = useRouter()
  const allowed = useSyncExternalStore(subscribeConsent, analyticsAllowed, serverSnapshot)

  useEffect(() => {
    if (!gaId) return
    if (!allowed) {
      stopGoogleTag(gaId)
      return
    }
    // The tag's config call counts the page it starts on.
    notePageLoad(router.asPath)
    startGoogleTag(gaId)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the path at the moment of consent, not on every navigation
  }, [gaId, allowed])

  useEffect(() => {
    if (!gaId || !allowed) return
    const onRouteChange = (url: string) => trackPageView(url)
    router.events.on('routeChangeComplete', onRouteChange)
    return () => router.events.off('routeChangeComplete', onRouteChange)
  }, [gaId, allowed, router.events])

  return null
}
