import { useCallback, useRef, useState } from 'react'
import { notify } from '@/components/feedback/notify'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import type { SubscriptionPlan } from '@/lib/contract'
import { PlanGrid } from './PlanGrid'
import styles from './Plans.module.css'

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message
  }
  return 'Please try again.'
}

export interface PlansPageProps {
  /**
   * The plans the page was prerendered with (sorted), or null when the build could not reach the
   * backend. Shown until the browser's own load answers, and kept when that load fails: plans
   * change only with a deploy, so a visitor during an outage still sees them.
   */
  prerenderedPlans?: SubscriptionPlan[] | null
}

/** The `/` page: the plans for everyone, with choosing for signed-in customers. */
export function PlansPage({ prerenderedPlans = null }: PlansPageProps) {
  const { isSignedIn } = useAuth()
  const loaded = useAccount()
  const { reloadPlans, account, choosePlan } = loaded
  const usePrerendered = prerenderedPlans !== null && loaded.plansStatus !== 'success'
  const plans = usePrerendered ? prerenderedPlans : loaded.plans
  const plansStatus = usePrerendered ? 'success' : loaded.plansStatus
  const plansError = usePrerendered ? null : loaded.plansError
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null)
  // A ref, not state: a double click must not send two choices before React re-renders.
  const inFlight = useRef(false)

  const choose = useCallback(
    async (planId: string) => {
      if (inFlight.current) return
      inFlight.current = true
      setPendingPlanId(planId)
      const name = plans.find((plan) => plan.id === planId)?.name ?? 'new'
      try {
        await choosePlan(planId)
        notify.success(`You’re on the ${name} plan. Your next delivery follows it.`)
      } catch (error) {
        notify.error(`Could not switch to the ${name} plan: ${messageOf(error)}`)
      } finally {
        inFlight.current = false
        setPendingPlanId(null)
      }
    },
    [choosePlan, plans],
  )

  return (
    <>
      <section className={styles.hero} aria-labelledby="plans-title">
        <p className={styles.eyebrow}>Coffee subscriptions</p>
        <h1 id="plans-title">Fresh roasts, on your schedule</h1>
        <p className={styles.lead}>
          Pick a plan and we’ll roast, pack and send your beans while they’re at their best. Change or pause any time.
        </p>
      </section>
      <PlanGrid
        plans={plans}
        status={plansStatus}
        error={plansError}
        onRetry={reloadPlans}
        signedIn={isSignedIn}
        currentPlanId={account?.plan ?? null}
        pendingPlanId={pendingPlanId}
        onChoose={(planId) => void choose(planId)}
      />
    </>
  )
}
