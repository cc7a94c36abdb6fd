import { useT } from '@/contexts/I18nContext'
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
  const t = useT()
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
  const current = record ? (record.analytics === 'granted' ? t('shell.consent.granted') : t('shell.consent.denied')) : null
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section ref={banner} className={styles.banner} aria-labelledby="consent-title">
        <div className={styles.inner}>
          <div className={styles.text}>
            <h2 id="consent-title" className={styles.title}>{t('shell.consent.title')}</h2>
            <p>
              {t('shell.consent.text')} <AppLink href={LEGAL_ROUTES.privacy}>{t('shell.consent.privacy')}</AppLink>
            </p>
            {current ? <p className={styles.current}>{current}</p> : null}
          </div>
          <div className={styles.actions}>
            <button type="button" className={styles.choice} onClick={() => saveConsent('denied')}>
              {t('shell.consent.reject')}
            </button>
            <button type="button" className={styles.choice} onClick={() => saveConsent('granted')}>
              {t('shell.consent.accept')}
            </button>
            {record && open ? (
              <button type="button" className={styles.close} onClick={closeCookieSettings}>
                {t('shell.consent.close')}
              </button>
            ) : null}
          </div>
        </div>
      </section>
    </>
  )
}
