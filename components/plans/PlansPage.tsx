import { CurrentPlanLine } from '@/components/subscription/CurrentPlanLine'
import { usePlanChoice } from '@/components/subscription/usePlanChoice'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import type { SubscriptionPlan } from '@/lib/contract'
import { PlanGrid } from './PlanGrid'
import styles from './Plans.module.css'

export interface PlansPageProps {
  /**
   * The plans the page was prerendered with (sorted), or null when the build could not reach the
   * backend. Shown until the browser's own load answers, and kept when that load fails: plans
   * change only with a deploy, so a visitor during an outage still sees them.
   */
  prerenderedPlans?: SubscriptionPlan[] | null
}

/**
 * The `/` page: the plans for everyone; a signed-in customer sees which one they are on, and
 * starting or switching goes through a confirmation step.
 */
export function PlansPage({ prerenderedPlans = null }: PlansPageProps) {
  const { isSignedIn } = useAuth()
  const loaded = useAccount()
  const usePrerendered = prerenderedPlans !== null && loaded.plansStatus !== 'success'
  const plans = usePrerendered ? prerenderedPlans : loaded.plans
  const plansStatus = usePrerendered ? 'success' : loaded.plansStatus
  const plansError = usePrerendered ? null : loaded.plansError
  const { subscription, currentPlanId, choose, dialog } = usePlanChoice(plans)

  return (
    <>
      <section className={styles.hero} aria-labelledby="plans-title">
        <p className={styles.eyebrow}>Coffee subscriptions</p>
        <h1 id="plans-title">Fresh roasts, on your schedule</h1>
        <p className={styles.lead}>
          Pick a plan and we’ll roast, pack and send your beans while they’re at their best. Every plan delivers
          free, and you can change, pause, skip or cancel any time.
        </p>
      </section>
      <CurrentPlanLine subscription={subscription} plans={plans} />
      <PlanGrid
        plans={plans}
        status={plansStatus}
        error={plansError}
        onRetry={loaded.reloadPlans}
        signedIn={isSignedIn}
        currentPlanId={currentPlanId}
        hasPlan={currentPlanId !== null}
        pendingPlanId={null}
        onChoose={choose}
      />
      {dialog}
    </>
  )
}
