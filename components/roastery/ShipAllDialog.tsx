import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/react/useSendOnce'
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

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** Confirms "mark all shipped" for a day: every customer on it gets an e-mail, so it is one deliberate tap more; it says how many it ships and how many stay on hold. */
export function ShipAllDialog({ dayLabel, count, onHold, onConfirm, onClose }: ShipAllDialogProps) {
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)
  const deliveries = plural(count, 'delivery', 'deliveries')
  return (
    <Dialog
      title={`Mark ${dayLabel} shipped?`}
      onClose={() => { if (!inFlight()) onClose() }}
      description={
        <>
          {count === 1
            ? <p>The one delivery paid and still to ship on {dayLabel} is marked shipped, and its customer gets an e-mail that their coffee is on its way.</p>
            : <p>All {deliveries} paid and still to ship on {dayLabel} are marked shipped, and each customer gets an e-mail that their coffee is on its way.</p>}
          {onHold > 0 ? <p>{plural(onHold, 'delivery stays', 'deliveries stay')} on hold, not shipped: awaiting payment.</p> : null}
        </>
      }
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
