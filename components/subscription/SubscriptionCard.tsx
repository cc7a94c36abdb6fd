import { useMemo, useRef } from 'react'
import { useLocale, useT } from '@/contexts/I18nContext'
import { planTitle } from '@/lib/format/plan'
import type { AccountView, SubscriptionPlan } from '@/lib/contract'
import type { SubscriptionChangeRequest } from '@/lib/customer/account-api'
import { subscriptionOf } from '@/lib/subscription/view'
import { plansWithYours } from '@/lib/subscription/your-plan'
import { useAppClockOffset } from '@/contexts/useAppNow'
import { DeliveryAddressSection } from './DeliveryAddressSection'
import { NextDelivery } from './NextDelivery'
import { PauseAndCancel } from './PauseAndCancel'
import { PlanAndPreferences } from './PlanAndPreferences'
import { SubscriptionHistory } from './SubscriptionHistory'
import { UpcomingDeliveries } from './UpcomingDeliveries'
import { giftDatesOf } from '@/lib/gifts/gift-dates'
import { useChange } from './useChange'
import styles from './Subscription.module.css'

export interface SubscriptionCardProps {
  account: AccountView
  plans: SubscriptionPlan[]
  /** Sends a change; rejects with an AppError. */
  onChange(change: SubscriptionChangeRequest): Promise<void>
  locale?: string
}

/**
 * The customer's subscription on /account, in the order a customer asks about it: the next
 * delivery (what, when, where to); the upcoming deliveries with skip and unskip; plan, coffee and
 * address, each editable in place; pause, resume and cancel; the history. The values follow the
 * live state; one change at a time, each confirmed the same way.
 */
export function SubscriptionCard({ account, plans: offered, onChange, locale: given }: SubscriptionCardProps) {
  // The page's language unless the caller says otherwise: prices and dates read in it.
  const t = useT()
  const pageLocale = useLocale()
  const locale = given ?? pageLocale
  // As of the app's time (lib/clock); drawn again when the local backend's clock offset arrives.
  useAppClockOffset()
  // The customer's own plan at their price, named even once retired.
  const plans = useMemo(() => plansWithYours(offered, account), [offered, account])
  const subscription = subscriptionOf(account, plans)
  const plan = plans.find((candidate) => candidate.id === subscription.plan)
  // The account as the service last sent it: a new one means the service answers again.
  const changes = useChange(onChange, account)
  const summary = useRef<HTMLHeadingElement>(null)
  const live = subscription.status === 'active' || subscription.status === 'paused'
  return (
    <div className="grid-stack">
      <NextDelivery ref={summary} account={account} subscription={subscription} plan={plan} />
      {live ? <UpcomingDeliveries subscription={subscription} plans={plans} changes={changes} payments={account.payments} shipped={account.deliveries} coffees={account.coffeeOptions} extras={account.extraOptions} weekday={account.deliveryWeekday} weekdays={account.deliveryWeekdays} giftDates={giftDatesOf(account)} locale={locale} /> : null}
      <div className={styles.pair}>
        <PlanAndPreferences account={account} subscription={subscription} plan={plan} changes={changes} locale={locale} />
        <DeliveryAddressSection account={account} changes={changes} />
      </div>
      <PauseAndCancel subscription={subscription} planName={plan ? planTitle(t, plan) : subscription.plan ?? ''} changes={changes} summary={summary} />
      <SubscriptionHistory history={subscription.history} timeline={account.timeline} plans={plans} />
    </div>
  )
}

