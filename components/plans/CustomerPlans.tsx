import type { ReactNode } from 'react'
import { PlanGrid, type ShownPlans } from './PlanGrid'
import { useCustomer } from '@/contexts/AccountContext'
import { CurrentPlanLine } from './CurrentPlanLine'
import { usePlanChoice } from './usePlanChoice'
import { WithMessageBundle, type BundleWords } from '@/contexts/MessageBundle'

export type CustomerPlansProps = ShownPlans & {
  /** Shown until the customer's subscription has loaded (the first paint's view, in the same boxes). */
  waiting: ReactNode
}

/**
 * The plans as a signed-in customer sees them on `/`: which one they are on, "Start with" or
 * "Switch to" on the others, and the confirmation step. Customer-only, so `/` loads it in its own
 * chunk once a session is there or about to be restored (see PlansPage). The step's words are not
 * in the page's HTML: they load beside its code (CONFIRM_PLAN_MESSAGES).
 */
export function CustomerPlans(props: CustomerPlansProps) {
  return <WithMessageBundle bundle="confirmPlan">{(words) => <CustomerView {...props} words={words} />}</WithMessageBundle>
}

function CustomerView({ waiting, words, ...shown }: CustomerPlansProps & { words: BundleWords }) {
  const { account, accountError } = useCustomer()
  const { subscription, currentPlanId, choose, dialog } = usePlanChoice(shown.plans, words)
  if (!account && !accountError) return waiting
  return (
    <>
      <CurrentPlanLine subscription={subscription} plans={shown.plans} />
      <PlanGrid {...shown} signedIn currentPlanId={currentPlanId} hasPlan={currentPlanId !== null} pendingPlanId={null} onChoose={choose} />
      {dialog}
    </>
  )
}
