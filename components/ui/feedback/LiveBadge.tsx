import styles from './LiveBadge.module.css'

/** Marks a staff view whose values follow the backend as they change. */
export function LiveBadge() {
  return (
    <span className={styles.live}>
      <span className={styles.liveDot} aria-hidden="true" />
      Live
    </span>
  )
}
