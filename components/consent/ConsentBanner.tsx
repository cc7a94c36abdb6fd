import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { AppLink } from '@/components/ui/AppLink'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import {
  closeCookieSettings,
  cookieSettingsOpen,
  readConsent,
  saveConsent,
  subscribeConsent,
  type ConsentRecord,
} from '@/lib/analytics/consent'
import styles from './ConsentBanner.module.css'

interface View {
  record: ConsentRecord | null
  open: boolean
}

let lastView: View = { record: null, open: false }
function currentView(): View {
  const record = readConsent()
  const open = cookieSettingsOpen()
  if (record !== lastView.record || open !== lastView.open) lastView = { record, open }
  return lastView
}
const serverView: View = { record: null, open: false }

/**
 * The analytics choice: on a first visit, and again whenever the footer's "Cookie settings" asks.
 * Accept and Reject are the same kind of button, side by side: refusing is as easy as agreeing.
 * Fixed to the bottom of the viewport and rendered only after hydration, so it moves nothing on
 * the page and no script waits for it.
 */
export function ConsentBanner() {
  const { record, open } = useSyncExternalStore(subscribeConsent, currentView, () => serverView)
  const shown = record === null || open
  const banner = useRef<HTMLElement>(null)
  const [height, setHeight] = useState(0)
  // A spacer as tall as the banner, at the very end of the page, so the footer can scroll clear of
  // it; added after everything else, it moves nothing that is already on screen.
  useEffect(() => {
    const element = banner.current
    if (!shown || !element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown])
  if (!shown) return null
  const current = record ? (record.analytics === 'granted' ? 'You allowed analytics.' : 'You refused analytics.') : null
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section ref={banner} className={styles.banner} aria-labelledby="consent-title">
        <div className={styles.inner}>
          <div className={styles.text}>
            <h2 id="consent-title" className={styles.title}>Cookies and analytics</h2>
            <p>
              With your permission we count page views with Google Analytics to improve the shop. Without it nothing
              is measured; signing in and paying work either way. You can change this at any time under
              “Cookie settings” at the bottom of every page. <AppLink href={LEGAL_ROUTES.privacy}>Privacy notice</AppLink>
            </p>
            {current ? <p className={styles.current}>{current}</p> : null}
          </div>
          <div className={styles.actions}>
            <button type="button" className={styles.choice} onClick={() => saveConsent('denied')}>
              Reject analytics
            </button>
            <button type="button" className={styles.choice} onClick={() => saveConsent('granted')}>
              Accept analytics
            </button>
            {record && open ? (
              <button type="button" className={styles.close} onClick={closeCookieSettings}>
                Close
              </button>
            ) : null}
          </div>
        </div>
      </section>
    </>
  )
}
