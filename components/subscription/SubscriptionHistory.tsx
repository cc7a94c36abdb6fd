import type { SubscriptionChange, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { planName } from '@/lib/subscription/labels'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Subscription.module.css'

/** One history entry in words: "Skipped the delivery on Wed 9 Dec". */
export function describeChange(change: SubscriptionChange, nameOf: (id: string | null | undefined) => string): string {
  const day = change.date ? formatDeliveryDay(change.date) : ''
  switch (change.action) {
    case 'started': return `Started ${nameOf(change.plan)}`
    case 'restarted': return `Started ${nameOf(change.plan)} again`
    case 'changed': return `Switched from ${nameOf(change.fromPlan)} to ${nameOf(change.plan)}`
    case 'paused': return `Paused for ${change.weeks ?? '?'} ${change.weeks === 1 ? 'week' : 'weeks'}`
    case 'resumed': return 'Resumed deliveries'
    case 'pause-ended': return 'The pause ended'
    case 'skipped': return day ? `Skipped the delivery on ${day}` : 'Skipped a delivery'
    case 'unskipped': return `Unskipped the delivery on ${day}`
    case 'cancelled': return change.reason ? `Cancelled (“${change.reason}”)` : 'Cancelled'
    case 'address': return 'Changed the delivery address'
    case 'preferences': return 'Changed grind or roast'
    case 'shipped': return `Delivery of ${day} shipped`
    default: return String(change.action)
  }
}

/** What changed and when, newest first. */
export function SubscriptionHistory({ history, plans }: { history: SubscriptionChange[]; plans: SubscriptionPlan[] }) {
  if (history.length === 0) return null
  const nameOf = (id: string | null | undefined) => (typeof id === 'string' ? planName(plans, id) : 'no plan')
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ol className={styles.history}>
        {[...history].reverse().map((change, index) => (
          <li key={`${change.at}-${index}`}>
            <time dateTime={change.at}>{formatDate(change.at)}</time>
            <span>{describeChange(change, nameOf)}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
