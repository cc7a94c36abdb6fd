import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/react/useSendOnce'
import { useT } from '@/contexts/I18nContext'
import styles from './Roastery.module.css'

export interface ShipAllDialogProps {
  /** The day as staff read it ("Wed 25 Nov"). */
  dayLabel: string
  /** Deliveries paid and still to ship: what it ships. */
  count: number
  /** Deliveries on hold awaiting payment: what it leaves. */
  onHold: number
  /** Sends it; rejects with an AppError. */
  onConfirm(): Promise<void>
  onClose(): void
}

/** Confirms "mark all shipped" for a day: every customer on it gets an e-mail, so it is one deliberate tap more; it says how many it ships and how many stay on hold. */
export function ShipAllDialog({ dayLabel, count, onHold, onConfirm, onClose }: ShipAllDialogProps) {
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)
  const t = useT()
  return (
    <Dialog
      title={t('roastery.shipAll.title', { day: dayLabel })}
      onClose={() => { if (!inFlight()) onClose() }}
      description={
        <>
          {count === 1
            ? <p>{t('roastery.shipAll.one', { day: dayLabel })}</p>
            : <p>{t('roastery.shipAll.many', { count, day: dayLabel })}</p>}
          {onHold > 0 ? <p>{t('roastery.shipAll.held', { onHold })}</p> : null}
        </>
      }
    >
      {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" />{` ${t('roastery.marking')}`}</> : t('roastery.shipAll.confirm', { count })}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={sending}>
          {t('roastery.shipAll.notYet')}
        </button>
      </div>
    </Dialog>
  )
}
