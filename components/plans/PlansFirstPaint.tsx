import { useT } from '@/contexts/I18nContext'
import { planTitle } from '@/lib/format/plan'
import type { SubscriptionPlan } from '@/lib/contract'
import type { PriceTexts } from '@/lib/format/price'
import { needs, planCard, unless } from '@/lib/first-paint/names'
import { Slot } from '@/components/first-paint/Slot'
import { CurrentPlanButton, CurrentPlanRing, PlanCardFrame, PlanSignInLink, planButtonClass, planHeadingId } from './PlanCard'
import { PlanList } from './PlanGrid'
import type { ShownPlans } from './PlanGrid'
import { PlanLine } from './PlanLine'
import styles from './Plans.module.css'

export type PlansFirstPaintProps = ShownPlans & {
  /** A choice made before the session is known (a returning customer's "Start with" or "Switch to"). */
  onChoose(planId: string): void
}

/**
 * The one part of `/` that knows the first paint (lib/first-paint): until the session is known,
 * the page is the same for everyone and the inline script shows the variant this browser's stored
 * view picks: a visitor's plans, or the customer's line and their plan marked, painted before any
 * script has run, in the boxes the customer's data fills later.
 */
export function PlansFirstPaint({ onChoose, ...shown }: PlansFirstPaintProps) {
  return (
    <>
      <FirstPaintPlanLine />
      <FirstPaintPlanGrid {...shown} onChoose={onChoose} />
    </>
  )
}

/** The line above the plans with the words the customer last saw; hidden for visitors and customers with no plan. */
export function FirstPaintPlanLine() {
  return <PlanLine text={<Slot name="plan-line" />} {...needs('plan-line')} />
}

/** The plans with every variant of each card's marks and call to action. */
export function FirstPaintPlanGrid({ onChoose, priceTexts, ...shown }: PlansFirstPaintProps) {
  return <PlanList {...shown}>{(plan) => <FirstPaintPlanCard plan={plan} onChoose={onChoose} priceTexts={priceTexts} />}</PlanList>
}

/**
 * A card with every variant: a visitor's link, the customer's "Start with" or "Switch to", or their
 * plan (ring, badge, "Current plan"); the stored plan's card is told apart by its `data-plan-card`.
 */
function FirstPaintPlanCard({ plan, onChoose, priceTexts }: { plan: SubscriptionPlan; onChoose(planId: string): void; priceTexts?: PriceTexts | null }) {
  const t = useT()
  const name = planTitle(t, plan)
  const choose = { type: 'button' as const, className: planButtonClass(plan), onClick: () => onChoose(plan.id), 'aria-describedby': planHeadingId(plan) }
  return (
    <PlanCardFrame
      plan={plan}
      priceTexts={priceTexts}
      // Comes first on a phone when it is the stored plan's (--current-plan, see Plans.module.css).
      className={styles.firstPaint}
      ring={<CurrentPlanRing {...needs('current')} />}
      // Its words as generated content: hidden on every other card, they would still be each card's text.
      badge={<span className={`${styles.badge} ${styles.badgeCurrent}`} data-label={t('plans.card.yourPlan')} {...needs('current')} />}
      // A card that is not recommended holds only this badge in its row, so the row's size follows it.
      badgesClassName={plan.recommended ? undefined : styles.badgesIfCurrent}
      {...planCard(plan.id)}
    >
      <PlanSignInLink plan={plan} {...unless('customer')} />
      <button {...choose} {...needs('start')}>{t('plans.card.start', { plan: name })}</button>
      <button {...choose} {...needs('switch')}>{t('plans.card.switch', { plan: name })}</button>
      <CurrentPlanButton plan={plan} {...needs('current')} />
    </PlanCardFrame>
  )
}
