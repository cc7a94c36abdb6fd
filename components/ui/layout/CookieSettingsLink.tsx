import { useT } from '@/contexts/I18nContext'
import { getGaId } from '@/lib/analytics/config'

// The consent store loads with the banner after hydration (or on this click): never with the page.
const consent = () => import('@/components/consent/ConsentAndAnalytics')

/** The footer's way back to the analytics choice; shown only where there is a choice to make. */
export function CookieSettingsLink({ className }: { className?: string }) {
  const t = useT()
  if (!getGaId()) return null
  return (
    <button type="button" className={className} onClick={() => { consent().then(({ openCookieSettings }) => openCookieSettings(), () => undefined) }}>
      {t('shell.cookieSettings')}
    </button>
  )
}
