import { useCallback, useRef, useState } from 'react'
import { toast } from 'react-toastify'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { PlanGrid } from './PlanGrid'
import styles from './Plans.module.css'

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message
  }
  return 'Please try again.'
}

/** The `/` page: the plans for everyone, with choosing for signed-in customers. */
export function PlansPage() {
  const { isSignedIn } = useAuth()
  const { plans, plansStatus, plansError, reloadPlans, account, choosePlan } = useAccount()
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
        toast.success(`You’re on the ${name} plan. Your next delivery follows it.`)
      } catch (error) {
        toast.error(`Could not switch to the ${name} plan: ${messageOf(error)}`)
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
