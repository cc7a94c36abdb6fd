import { PlanGrid, type PlanGridProps } from '@/components/plans/PlanGrid'
import { CurrentPlanLine } from './CurrentPlanLine'
import { usePlanChoice } from './usePlanChoice'

export type CustomerPlansProps = Pick<PlanGridProps, 'plans' | 'status' | 'error' | 'onRetry'>

/**
 * The plans as a signed-in customer sees them on `/`: which one they are on, "Start with" or
 * "Switch to" on the others, and the confirmation step. Customer-only, so `/` loads it in its own
 * chunk once a session is there or about to be restored (see PlansPage).
 */
export function CustomerPlans({ plans, status, error, onRetry }: CustomerPlansProps) {
  const { subscription, currentPlanId, choose, dialog } = usePlanChoice(plans)
  return (
    <>
      <CurrentPlanLine subscription={subscription} plans={plans} />
      <PlanGrid
        plans={plans}
        status={status}
        error={error}
        onRetry={onRetry}
        signedIn
        currentPlanId={currentPlanId}
        hasPlan={currentPlanId !== null}
        pendingPlanId={null}
        onChoose={choose}
      />
      {dialog}
    </>
  )
}
