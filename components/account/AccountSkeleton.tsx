import styles from '@/components/ui/Card.module.css'
import { useT } from '@/contexts/I18nContext'

/** A placeholder card with `rows` rows, shown while the account loads. */
export function CardSkeleton({ rows }: { rows: number }) {
  return (
    <div className={`card ${styles.card}`} aria-hidden="true" data-testid="account-skeleton">
      <span className="skeleton" style={{ width: '30%', height: '1.6rem', marginBottom: '1.25rem' }} />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={styles.row}>
          <span className="skeleton" style={{ width: '70%', height: '0.95rem' }} />
          <span className="skeleton" style={{ width: '90%', height: '0.95rem' }} />
        </div>
      ))}
    </div>
  )
}

/** The account's cards as placeholders, while nothing of it has arrived. */
export function AccountSkeleton() {
  const t = useT()
  return (
    <div className={styles.grid} role="status">
      <span className="visually-hidden">{t('account.loading')}</span>
      <CardSkeleton rows={4} />
      <CardSkeleton rows={3} />
    </div>
  )
}
