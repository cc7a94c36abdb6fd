import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/subscription/useSendOnce'
import styles from './Roastery.module.css'

export interface ShipAllDialogProps {
  /** The day as staff read it ("Wed 25 Nov"). */
  dayLabel: string
  /** Deliveries still to ship. */
  count: number
  /** Sends it; rejects with an AppError. */
  onConfirm(): Promise<void>
  onClose(): void
}

/** Confirms "mark all shipped" for a day: every customer on it gets an e-mail, so it is one deliberate tap more. */
export function ShipAllDialog({ dayLabel, count, onConfirm, onClose }: ShipAllDialogProps) {
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)
  const deliveries = `${count} ${count === 1 ? 'delivery' : 'deliveries'}`
  return (
    <Dialog
      title={`Mark ${dayLabel} shipped?`}
      onClose={() => { if (!inFlight()) onClose() }}
      description={<p>All {deliveries} still to ship on {dayLabel} are marked shipped, and each customer gets an e-mail that their coffee is on its way.</p>}
    >
      {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> Marking…</> : `Mark ${deliveries} shipped`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={sending}>
          Not yet
        </button>
      </div>
    </Dialog>
  )
}
