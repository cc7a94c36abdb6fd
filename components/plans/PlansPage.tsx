import { CurrentPlanLine } from '@/components/subscription/CurrentPlanLine'
import { usePlanChoice } from '@/components/subscription/usePlanChoice'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { PlanGrid } from './PlanGrid'
import styles from './Plans.module.css'

/**
 * The `/` page: the plans for everyone; a signed-in customer sees which one they are on, and
 * starting or switching goes through a confirmation step.
 */
export function PlansPage() {
  const { isSignedIn } = useAuth()
  const { plans, plansStatus, plansError, reloadPlans } = useAccount()
  const { subscription, currentPlanId, choose, dialog } = usePlanChoice()

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
        onRetry={reloadPlans}
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
