import { useId, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import styles from './Subscription.module.css'
import { useSendOnce } from '@/components/react/useSendOnce'
import { useT } from '@/contexts/I18nContext'

export interface CancelDialogProps {
  planName: string
  /** Sends the cancellation; rejects with an AppError. */
  onConfirm(reason: string): Promise<void>
  onClose(): void
}

export const REASON_MAX_LENGTH = 500

/**
 * Confirms a cancellation and says what it means, with an optional reason. It opens on the safe
 * choice (keep); a failure is shown here, and a typed reason survives a stray click outside.
 */
export function CancelDialog({ planName, onConfirm, onClose }: CancelDialogProps) {
  const reasonId = useId()
  const t = useT()
  const [reason, setReason] = useState('')
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)

  return (
    <Dialog
      title={t('subscription.cancel.title')}
      onClose={() => { if (!inFlight()) onClose() }}
      closeOnBackdrop={reason.trim() === ''}
      description={
        <>
          <p>{t('subscription.cancel.stop', { plan: planName })}</p>
          <p>{t('subscription.cancel.again')}</p>
        </>
      }
    >
      <div className={styles.field}>
        <label htmlFor={reasonId}>{t('subscription.cancel.reason')}</label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
      <div className={styles.dialogActions}>
        <button type="button" className={`btn ${styles.danger}`} onClick={() => void send(reason)} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> {t('subscription.cancel.cancelling')}</> : t('subscription.cancel.confirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={sending} data-autofocus>
          {t('subscription.cancel.keep')}
        </button>
      </div>
    </Dialog>
  )
}
