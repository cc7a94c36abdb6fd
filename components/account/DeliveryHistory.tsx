import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import type { AccountView, DeliveryPayment, ShippedDelivery, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { deliveryLabels } from '@/lib/subscription/labels'
import { isRoast } from '@retter-shared/BeanBloomSubscription/preferences'
import { AppLink } from '@/components/ui/AppLink'
import { documentPath, documentsOf } from '@/lib/account/documents'
import styles from '@/components/ui/Card.module.css'
import own from './DeliveryHistory.module.css'
import { TrackingLink } from '@/components/roastery/TrackingLink'
import { euros } from '@retter-shared/BeanBloomKit/money'

export interface DeliveryHistoryProps {
  account: AccountView
  plans: SubscriptionPlan[]
  locale?: string
}

/** How many shipped deliveries the card lists (the Account keeps the latest 52). */
export const DELIVERIES_SHOWN = 10

function coffee(delivery: ShippedDelivery, labels: DeliveryLabels): string {
  const roast = isRoast(delivery.roast) ? labels.roast(delivery.roast).toLowerCase() : delivery.roast
  return `${labels.plan(delivery.plan)} · ${delivery.bags} ${delivery.bags === 1 ? 'bag' : 'bags'}, ${labels.grind(delivery.grind).toLowerCase()}, ${roast}`
}

/** A delivery's receipt and refunds, each linking to its printable page. */
function Documents({ payment }: { payment: DeliveryPayment }) {
  if (!payment.receipt && !payment.refunds?.length) return null
  const refunded = (payment.refunds ?? []).reduce((sum, r) => sum + r.amountCents, 0)
  return (
    <span className={own.payment}>
      {payment.receipt ? <AppLink href={documentPath(payment.receipt.number)}>Receipt {payment.receipt.number}</AppLink> : null}
      {refunded > 0 ? (
        <span>
          Refunded {euros(refunded)}{refunded >= payment.amountCents ? ' (in full)' : ''}
          {(payment.refunds ?? []).map((r) => r.creditNote ? <span key={r.refundId}> · <AppLink href={documentPath(r.creditNote.number)}>Credit note {r.creditNote.number}</AppLink></span> : null)}
        </span>
      ) : null}
    </span>
  )
}

/**
 * "Your deliveries" on /account: the deliveries that left the roastery, newest first, live (the
 * roastery marking one shipped shows here without a reload), each with its payment, its receipt
 * and what was refunded; then every receipt and credit note, to read and print.
 */
export function DeliveryHistory({ account, plans, locale }: DeliveryHistoryProps) {
  const deliveries = (account.deliveries ?? []).slice().sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, DELIVERIES_SHOWN)
  const labels = deliveryLabels(plans)
  const documents = documentsOf(account.payments)
  return (
    <section className={`card ${styles.card}`} aria-labelledby="delivery-history-title">
      <header className={styles.cardHeader}>
        <h2 id="delivery-history-title">Your deliveries</h2>
      </header>
      {deliveries.length === 0 ? (
        <p className={styles.empty}>Nothing has been shipped to you yet. Each delivery shows here once it leaves our roastery.</p>
      ) : (
        <ul className={`${styles.fields} ${own.list}`} aria-label="Shipped deliveries, newest first">
          {deliveries.map((delivery) => {
            const payment = account.payments?.find((candidate) => candidate.date === delivery.date)
            return (
            <li key={delivery.date} className={styles.row}>
              <span>
                <strong><time dateTime={delivery.date}>{formatDeliveryDay(delivery.date)}</time></strong>
              </span>
              <span>
                {coffee(delivery, labels)}
                <span className={styles.muted}>
                  {' '}· shipped <time dateTime={delivery.shippedAt}>{formatDeliveryDay(delivery.shippedAt)}</time>
                </span>
                {delivery.tracking ? <> · <TrackingLink tracking={delivery.tracking} /></> : null}
              </span>
              {payment ? <span className={own.payment}><DeliveryPaymentLine payment={payment} locale={locale} /></span> : null}
              {payment ? <Documents payment={payment} /> : null}
            </li>
            )
          })}
        </ul>
      )}
      {documents.length > 0 ? (
        <>
          <h3 id="documents-title">Receipts and credit notes</h3>
          <ul className={own.list} aria-labelledby="documents-title">
            {documents.map((doc) => (
              <li key={doc.number}>
                <AppLink href={documentPath(doc.number)}>{doc.kind === 'receipt' ? 'Receipt' : 'Credit note'} {doc.number}</AppLink>
                <span className={styles.muted}> · {euros(doc.grossCents)} · delivery of <time dateTime={doc.deliveryDate}>{formatDeliveryDay(doc.deliveryDate)}</time></span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
