import { useT } from '@/contexts/I18nContext'
import styles from './Roastery.module.css'

/**
 * The buttons under a staff dialog's form: submit (a spinner and `busy` while it is sent, off while
 * `disabled`) and Cancel (off while sending, so nothing is left half done).
 */
export function DialogFormActions({ label, busy, sending, disabled = false, onCancel }: {
  label: string
  busy: string
  sending: boolean
  disabled?: boolean
  onCancel(): void
}) {
  const t = useT()
  return (
    <div className={styles.dialogActions}>
      <button type="submit" className="btn btn-primary" disabled={disabled || sending} aria-busy={sending || undefined}>
        {sending ? <><span className="spinner" aria-hidden="true" />{` ${busy}`}</> : label}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={sending}>{t('shell.cancel')}</button>
    </div>
  )
}
