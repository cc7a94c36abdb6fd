import { useSyncExternalStore } from 'react'
import type { BoardDelivery } from '@/lib/contract'
import { extrasText, type CsvLabels } from '@/lib/roastery/csv'
import { formatClockTime, formatDeliveryDay } from '@/lib/format/date'
import { refundableCents } from '@/lib/roastery/money'
import { deliveryPaymentText, paymentTone, shippingState } from '@/lib/roastery/payment'
import { plainLayout, postalLayout, watchPostalLayout } from '@/lib/format/address'
import { TrackingLink } from './TrackingLink'
import { useLocale, useT } from '@/contexts/I18nContext'
import styles from './Roastery.module.css'
import { useEuros } from './useEuros'

export interface PackingListProps {
  deliveries: BoardDelivery[]
  labels: CsvLabels
  headingId: string
  /** Deliveries whose "Mark shipped" is under way. */
  sending: ReadonlySet<string>
  /** Deliveries whose "Mark shipped" waits to be sent, undoable, with the seconds left. */
  waiting?: ReadonlyMap<string, number>
  onShip(delivery: BoardDelivery): void
  /** Cancels a waiting "Mark shipped". */
  onUndo?(delivery: BoardDelivery): void
  /** Opens the refund of a paid delivery (none: no refund buttons). */
  onRefund?(delivery: BoardDelivery): void
  /** Opens a delivery's carrier and tracking number, before it ships (none: no tracking buttons). */
  onTracking?(delivery: BoardDelivery): void
}

const TONE_CLASS = { done: styles.paid, pending: '', refused: styles.refused } as const

function shippedTime(iso: string | undefined): string {
  if (!iso) return ''
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? '' : formatClockTime(iso)
}

function StatusBadge({ delivery, secondsLeft }: { delivery: BoardDelivery; secondsLeft?: number }) {
  const t = useT()
  const state = shippingState(delivery)
  if (state === 'ready' && secondsLeft !== undefined) {
    return <span className={`${styles.badge} ${styles.shipped}`}>{t('roastery.status.shippingIn', { seconds: secondsLeft })}</span>
  }
  if (state === 'shipped') {
    return (
      <span className={`${styles.badge} ${styles.shipped}`}>
        {t('roastery.status.shipped')}{delivery.shippedAt ? <> <time dateTime={delivery.shippedAt}>{shippedTime(delivery.shippedAt)}</time></> : null}
      </span>
    )
  }
  return <span className={styles.badge}>{state === 'ready' ? t('roastery.status.toShip') : t('roastery.status.onHold')}</span>
}

/**
 * A list of a day's deliveries, in packing order (grouped by coffee): who, where, what, its payment
 * and whether it has left, with "Mark shipped" on each delivery paid and still to ship. A delivery
 * not paid gets no button: the roastery would refuse it, and its payment says why. On narrow screens
 * each row becomes a card.
 */
export function PackingList({ deliveries, labels, headingId, sending, waiting, onShip, onUndo, onRefund, onTracking }: PackingListProps) {
  const t = useT()
  const locale = useLocale()
  const euros = useEuros()
  const addressLines = useSyncExternalStore(watchPostalLayout, postalLayout, plainLayout)
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.packing}`} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('roastery.column.recipient')}</th>
            <th scope="col">{t('roastery.column.coffee')}</th>
            <th scope="col" className={styles.number}>{t('roastery.column.bags')}</th>
            <th scope="col">{t('roastery.column.payment')}</th>
            <th scope="col">{t('roastery.column.status')}</th>
            <th scope="col"><span className="visually-hidden">{t('roastery.column.action')}</span></th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const busy = sending.has(delivery.deliveryId)
            const secondsLeft = waiting?.get(delivery.deliveryId)
            const undoable = secondsLeft !== undefined && onUndo !== undefined
            const lines = addressLines({ name: delivery.name, ...delivery.address }).slice(1)
            const payment = deliveryPaymentText(delivery, t)
            return (
              <tr key={delivery.deliveryId} data-delivery-id={delivery.deliveryId}>
                <th scope="row" className={styles.recipient}>
                  <span className={styles.name}>{delivery.name}</span>
                  {/* A free replacement is its own parcel: the packer sees why it goes out. */}
                  {delivery.replacementFor ? <span className={styles.badge}>{t('roastery.replacementFor', { day: formatDeliveryDay(delivery.replacementFor, locale) })}</span> : null}
                  <span className={styles.address}>
                    {lines.map((line, i) => <span key={i}>{line}</span>)}
                  </span>
                </th>
                <td data-label={t('roastery.column.coffee')}>
                  {labels.plan(delivery.plan)}
                  <span className={styles.muted}>{labels.grind(delivery.grind)} · {labels.roast(delivery.roast)}{delivery.coffee ? ` · ${delivery.coffee}` : ''}</span>
                  {/* What the customer added: packed in the same parcel. */}
                  {delivery.extras?.length ? <span className={styles.badge}>{t('roastery.packing.extras', { items: extrasText(delivery) })}</span> : null}
                </td>
                <td data-label={t('roastery.column.bags')} className={styles.number}>{delivery.bags}</td>
                <td data-label={t('roastery.column.payment')}>
                  {payment === null
                    ? <span className={styles.muted}>{t('roastery.packing.notRecorded')}</span>
                    : <span className={`${styles.badge} ${TONE_CLASS[paymentTone(delivery.payment)]}`}>{payment}</span>}
                  {delivery.refundedCents ? <span className={styles.muted}>{t('roastery.packing.refunded', { amount: euros(delivery.refundedCents) })}</span> : null}
                </td>
                <td data-label={t('roastery.column.status')}>
                  <StatusBadge delivery={delivery} secondsLeft={secondsLeft} />
                  {delivery.tracking ? <span className={styles.tracking}><TrackingLink tracking={delivery.tracking} /></span> : null}
                </td>
                <td className={styles.rowAction}>
                  {shippingState(delivery) === 'ready' ? (
                    // One button that turns into "Undo" while the request waits, so focus stays on it.
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-label={undoable ? t('roastery.packing.undoLabel', { name: delivery.name }) : t('roastery.packing.shipLabel', { name: delivery.name })}
                      onClick={() => (undoable ? onUndo(delivery) : onShip(delivery))}
                      disabled={busy}
                      aria-busy={busy || undefined}
                    >
                      {busy ? <><span className="spinner" aria-hidden="true" />{` ${t('roastery.marking')}`}</> : undoable ? t('roastery.packing.undo') : t('roastery.packing.ship')}
                    </button>
                  ) : null}
                  {onTracking && delivery.status === 'scheduled' && !undoable ? (
                    <button type="button" className="btn btn-secondary" aria-label={t(delivery.tracking ? 'roastery.packing.changeTrackingLabel' : 'roastery.packing.addTrackingLabel', { name: delivery.name })} onClick={() => onTracking(delivery)} disabled={busy}>
                      {delivery.tracking ? t('roastery.packing.changeTracking') : t('roastery.packing.addTracking')}
                    </button>
                  ) : null}
                  {onRefund && refundableCents(delivery) > 0 ? (
                    <button type="button" className="btn btn-secondary" aria-label={t('roastery.refund.buttonLabel', { name: delivery.name })} onClick={() => onRefund(delivery)}>
                      {t('roastery.refund.button')}
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
