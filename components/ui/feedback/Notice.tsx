import type { ReactNode } from 'react'
import styles from './Feedback.module.css'

interface NoticeProps {
  tone?: 'warning' | 'error'
  children: ReactNode
  /** Errors are announced; informational notices are read in order. */
  role?: 'alert' | 'status'
}

/** A quiet inline message box (e.g. "live updates are unavailable"). */
export function Notice({ tone = 'warning', children, role = 'status' }: NoticeProps) {
  return (
    <div className={`${styles.notice} ${tone === 'error' ? styles.errorNotice : ''}`} role={role}>
      {children}
    </div>
  )
}
