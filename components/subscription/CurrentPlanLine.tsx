import Link from 'next/link'
import type { SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { ROUTES } from '@/lib/routes'
import styles from './Subscription.module.css'

/**
 * The line above the plans for a signed-in customer: "You're on Daily Grind · next delivery
 * Thu 3 Dec" (or paused until, or cancelled), with a way to manage it.
 */
export function CurrentPlanLine({ subscription, plans, locale }: { subscription: SubscriptionFields | null; plans: SubscriptionPlan[]; locale?: string }) {
  if (!subscription || subscription.status === 'none' || !subscription.plan) return null
  const name = plans.find((plan) => plan.id === subscription.plan)?.name ?? subscription.plan
  let text: string
  if (subscription.status === 'cancelled') {
    text = `Your ${name} subscription is cancelled. Pick a plan to start again.`
  } else if (subscription.status === 'paused' && subscription.pausedUntil) {
    text = `You’re on ${name} · paused until ${formatDeliveryDay(subscription.pausedUntil, locale)}`
  } else {
    text = `You’re on ${name}${subscription.nextDeliveryAt ? ` · next delivery ${formatDeliveryDay(subscription.nextDeliveryAt, locale)}` : ''}`
  }
  return (
    <p className={styles.currentLine} data-testid="current-plan-line">
      <span>{text}</span> <Link href={ROUTES.account} prefetch={false}>Manage your subscription</Link>
    </p>
  )
}
