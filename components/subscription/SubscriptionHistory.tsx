import type { SubscriptionChange, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { planById } from '@/lib/subscription/labels'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Subscription.module.css'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { Translate } from '@/lib/i18n/types'
import { planTitle } from '@/lib/format/plan'

/** One history entry in words: "Skipped the delivery on Wed 9 Dec". */
export function describeChange(
  t: Translate, change: SubscriptionChange, nameOf: (id: string | null | undefined) => string, locale?: string,
): string {
  const day = change.date ? formatDeliveryDay(change.date, locale) : ''
  switch (change.action) {
    case 'started': return t('subscription.history.started', { plan: nameOf(change.plan) })
    case 'restarted': return t('subscription.history.restarted', { plan: nameOf(change.plan) })
    case 'changed': return t('subscription.history.changed', { from: nameOf(change.fromPlan), plan: nameOf(change.plan) })
    case 'paused': return typeof change.weeks === 'number' ? t('subscription.history.paused', { weeks: change.weeks }) : t('subscription.history.pausedUnknown')
    case 'resumed': return t('subscription.history.resumed')
    case 'pause-ended': return t('subscription.history.pauseEnded')
    case 'skipped': return day ? t('subscription.history.skipped', { day }) : t('subscription.history.skippedOne')
    case 'unskipped': return t('subscription.history.unskipped', { day })
    case 'cancelled': return change.reason ? t('subscription.history.cancelledWhy', { reason: change.reason }) : t('subscription.history.cancelled')
    case 'address': return t('subscription.history.address')
    case 'preferences': return t('subscription.history.preferences')
    case 'shipped': return t('subscription.history.shipped', { day })
    default: return String(change.action)
  }
}

/** What changed and when, newest first. */
export function SubscriptionHistory({ history, plans }: { history: SubscriptionChange[]; plans: SubscriptionPlan[] }) {
  const t = useT()
  const locale = useLocale()
  if (history.length === 0) return null
  const nameOf = (id: string | null | undefined) => (typeof id === 'string' ? planTitle(t, planById(plans, id)) : t('subscription.history.noPlan'))
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="history-title">
      <h2 id="history-title">{t('subscription.history.title')}</h2>
      <ol className={styles.history}>
        {[...history].reverse().map((change, index) => (
          <li key={`${change.at}-${index}`}>
            <time dateTime={change.at}>{formatDate(change.at, undefined, locale)}</time>
            <span>{describeChange(t, change, nameOf, locale)}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
