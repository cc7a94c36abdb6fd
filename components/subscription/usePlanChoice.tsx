import { useRouter } from 'next/router'
import { useCallback, useState, type ReactNode } from 'react'
import { toast } from 'react-toastify'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import type { SubscriptionFields } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { ROUTES } from '@/lib/routes'
import { currentPlanId, previewChoice, subscriptionOf } from '@/lib/subscription/view'
import { ConfirmPlanDialog } from './ConfirmPlanDialog'

/** The query parameter that carries a plan chosen before sign-in (`/?plan=barista`). */
export const PLAN_QUERY = 'plan'

export interface PlanChoice {
  /** The signed-in customer's subscription as it stands now, or null. */
  subscription: SubscriptionFields | null
  /** The plan they are on (active or paused), or null. */
  currentPlanId: string | null
  /** Opens the confirmation step for a plan. */
  choose(planId: string): void
  /** The confirmation dialog while it is open, else null. */
  dialog: ReactNode
}

/**
 * Choosing a plan on `/` goes through a confirmation step. A plan carried through sign-in in the
 * URL (`?plan=barista`) opens its confirmation once the customer's account has loaded; closing or
 * confirming drops it from the URL so a reload does not ask again.
 */
export function usePlanChoice(): PlanChoice {
  const router = useRouter()
  const { isSignedIn } = useAuth()
  const { plans, account, choosePlan } = useAccount()
  const [picked, setPicked] = useState<string | null>(null)
  const [dismissedRequest, setDismissedRequest] = useState<string | null>(null)

  const subscription = isSignedIn && account ? subscriptionOf(account, plans) : null
  const current = currentPlanId(subscription)
  const requestedValue = router.query[PLAN_QUERY]
  const requested = typeof requestedValue === 'string' ? requestedValue : null
  const fromUrl = requested && requested !== dismissedRequest && subscription && requested !== current ? requested : null
  const openId = picked ?? fromUrl
  const plan = openId ? plans.find((candidate) => candidate.id === openId) : undefined

  const close = useCallback(() => {
    setPicked(null)
    if (requested) {
      setDismissedRequest(requested)
      void router.replace(ROUTES.plans, undefined, { shallow: true, scroll: false })
    }
  }, [requested, router])

  let dialog: ReactNode = null
  if (plan && subscription) {
    const preview = previewChoice(subscription)
    dialog = (
      <ConfirmPlanDialog
        key={plan.id}
        plan={plan}
        preview={preview}
        onClose={close}
        onConfirm={async () => {
          await choosePlan(plan.id)
          close()
          toast.success(
            preview.kind === 'change'
              ? `You’re switching to ${plan.name} from your next delivery on ${formatDeliveryDay(preview.firstDeliveryAt)}.`
              : `You’re on ${plan.name}. Your first delivery is on ${formatDeliveryDay(preview.firstDeliveryAt)}.`,
          )
        }}
      />
    )
  }

  return { subscription, currentPlanId: current, choose: setPicked, dialog }
}
