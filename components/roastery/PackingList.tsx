import type { BoardDelivery } from '@/lib/contract'
import type { CsvLabels } from '@/lib/roastery/csv'
import { addressLines } from '@/lib/subscription/address'
import styles from './Roastery.module.css'

export interface PackingListProps {
  deliveries: BoardDelivery[]
  labels: CsvLabels
  headingId: string
  /** Deliveries whose "Mark shipped" is under way. */
  sending: ReadonlySet<string>
  onShip(delivery: BoardDelivery): void
  locale?: string
}

function shippedTime(iso: string | undefined, locale?: string): string {
  if (!iso) return ''
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? '' : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at)
}

/**
 * A day's packing list, in packing order (grouped by coffee): who, where, what, and whether it has
 * left, with "Mark shipped" on each delivery still to ship. On narrow screens each row becomes a card.
 */
export function PackingList({ deliveries, labels, headingId, sending, onShip, locale }: PackingListProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.packing}`} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Recipient</th>
            <th scope="col">Coffee</th>
            <th scope="col" className={styles.number}>Bags</th>
            <th scope="col">Status</th>
            <th scope="col"><span className="visually-hidden">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const busy = sending.has(delivery.deliveryId)
            const lines = addressLines({ name: delivery.name, ...delivery.address }).slice(1)
            return (
              <tr key={delivery.deliveryId} data-delivery-id={delivery.deliveryId}>
                <th scope="row" className={styles.recipient}>
                  <span className={styles.name}>{delivery.name}</span>
                  <span className={styles.address}>
                    {lines.map((line, i) => <span key={i}>{line}</span>)}
                  </span>
                </th>
                <td data-label="Coffee">
                  {labels.plan(delivery.plan)}
                  <span className={styles.muted}>{labels.grind(delivery.grind)} · {labels.roast(delivery.roast)}</span>
                </td>
                <td data-label="Bags" className={styles.number}>{delivery.bags}</td>
                <td data-label="Status">
                  {delivery.status === 'shipped' ? (
                    <span className={`${styles.badge} ${styles.shipped}`}>
                      Shipped{delivery.shippedAt ? <> <time dateTime={delivery.shippedAt}>{shippedTime(delivery.shippedAt, locale)}</time></> : null}
                    </span>
                  ) : (
                    <span className={styles.badge}>To ship</span>
                  )}
                </td>
                <td className={styles.rowAction}>
                  {delivery.status === 'scheduled' ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-label={`Mark shipped: ${delivery.name}`}
                      onClick={() => onShip(delivery)}
                      disabled={busy}
                      aria-busy={busy || undefined}
                    >
                      {busy ? <><span className="spinner" aria-hidden="true" /> Marking…</> : 'Mark shipped'}
                    </button>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
