import { useT } from '@/contexts/I18nContext'
import styles from './LiveBadge.module.css'

/** Marks a staff view whose values follow the backend as they change. */
export function LiveBadge() {
  const t = useT()
  return (
    <span className={styles.live}>
      <span className={styles.liveDot} aria-hidden="true" />
      {t('shell.live')}
    </span>
  )
}
