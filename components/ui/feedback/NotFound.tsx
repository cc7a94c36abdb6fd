import { useT } from '@/contexts/I18nContext'
import { AppLink } from '@/components/ui/AppLink'
import styles from './Feedback.module.css'
import { ROUTES } from '@/lib/routes'

function EmptyCup() {
  return (
    <svg className={styles.illustration} width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <path d="M18 38h52v18a26 26 0 0 1-26 26 26 26 0 0 1-26-26z" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
      <path d="M70 44h6a10 10 0 0 1 0 20h-8" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <path d="M34 16c-4 5 4 8 0 14M48 12c-4 6 4 10 0 18M62 16c-4 5 4 8 0 14" fill="none" stroke="var(--accent)" strokeWidth="3.5" strokeLinecap="round" />
      <path d="M12 88h64" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  )
}

/** The 404 page body: says plainly that the page does not exist and offers the way on. */
export function NotFound() {
  const t = useT()
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="not-found-title">
      <EmptyCup />
      <p className="visually-hidden">{t('shell.notFound.code')}</p>
      <h1 id="not-found-title">{t('shell.notFound.title')}</h1>
      <p>{t('shell.notFound.text')}</p>
      <div className={styles.actions}>
        <AppLink href={ROUTES.plans} className="btn btn-primary">
          {t('shell.notFound.plans')}
        </AppLink>
        <AppLink href={ROUTES.account} className="btn btn-secondary">
          {t('shell.notFound.account')}
        </AppLink>
      </div>
    </section>
  )
}
