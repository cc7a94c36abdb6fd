import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import type { AccountView, ShippedDelivery, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import type { CsvLabels } from '@/lib/roastery/csv'
import { deliveryLabels } from '@/lib/subscription/labels'
import { isRoast } from '@/lib/subscription/preferences'
import styles from './Account.module.css'
import own from './DeliveryHistory.module.css'

export interface DeliveryHistoryProps {
  account: AccountView
  plans: SubscriptionPlan[]
  locale?: string
}

/** How many shipped deliveries the card lists (the Account keeps the latest 52). */
export const DELIVERIES_SHOWN = 10

function coffee(delivery: ShippedDelivery, labels: CsvLabels): string {
  const roast = isRoast(delivery.roast) ? labels.roast(delivery.roast).toLowerCase() : delivery.roast
  return `${labels.plan(delivery.plan)} · ${delivery.bags} ${delivery.bags === 1 ? 'bag' : 'bags'}, ${labels.grind(delivery.grind).toLowerCase()}, ${roast}`
}

/**
 * "Your deliveries" on /account: the deliveries that left the roastery, newest first, live (the
 * roastery marking one shipped shows here without a reload).
 */
export function DeliveryHistory({ account, plans, locale }: DeliveryHistoryProps) {
  const deliveries = (account.deliveries ?? []).slice().sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, DELIVERIES_SHOWN)
  const labels = deliveryLabels(plans)
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
                <strong><time dateTime={delivery.date}>{formatDeliveryDay(delivery.date, locale)}</time></strong>
              </span>
              <span>
                {coffee(delivery, labels)}
                <span className={styles.muted}>
                  {' '}· shipped <time dateTime={delivery.shippedAt}>{formatDeliveryDay(delivery.shippedAt, locale)}</time>
                </span>
              </span>
              {payment ? <span className={own.payment}><DeliveryPaymentLine payment={payment} locale={locale} /></span> : null}
            </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
