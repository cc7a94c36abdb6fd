import styles from './Subscription.module.css'
import { useT } from '@/contexts/I18nContext'

export interface FormActionsProps {
  /** The submit button's words ("Save address"). */
  label: string
  /** This form's change is on its way. */
  sending: boolean
  /** Another change is on its way: one at a time. */
  blocked: boolean
  onCancel(): void
}

/** The Save and Cancel buttons of a part of the subscription page edited in place. */
export function FormActions({ label, sending, blocked, onCancel }: FormActionsProps) {
  const t = useT()
  return (
    <div className={styles.buttons}>
      <button type="submit" className="btn btn-primary" disabled={blocked} aria-busy={sending || undefined}>
        {sending ? t('subscription.form.saving') : label}
      </button>
      <button type="button" className="btn btn-secondary" disabled={sending} onClick={onCancel}>{t('subscription.form.cancel')}</button>
    </div>
  )
}
