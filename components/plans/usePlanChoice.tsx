import { useRouter, type NextRouter } from 'next/router'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { useCustomer } from '@/contexts/AccountContext'
import { usePlans } from './usePlans'
import { useAuth } from '@/contexts/AuthContext'
import type { SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { lazyComponent } from '@/components/react/lazy-component'
import { ROUTES } from '@/lib/routes'
import { currentPlanId, previewChoice, subscriptionOf } from '@/lib/subscription/view'
import { CONFIRMATION_UNAVAILABLE } from '@/lib/plans/messages'
import type { ConfirmPlanDialogProps } from './ConfirmPlanDialog'
import { readStartDraft } from '@/lib/plans/start-draft'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { BundleWords } from '@/contexts/MessageBundle'
import { planTitle } from '@/lib/format/plan'

/** The query parameter that carries a plan chosen before sign-in (`/?plan=barista`). */
export const PLAN_QUERY = 'plan'

/**
 * `/?restart=1`: start the cancelled subscription's plan again. What the first paint of /account
 * links to, before the customer's data (and so the plan's id) is there.
 */
export const RESTART_QUERY = 'restart'

export interface PlanChoice {
  /** The signed-in customer's subscription as it stands now, or null. */
  subscription: SubscriptionFields | null
  /** The plan they are on (active or paused), or null. */
  currentPlanId: string | null
  /** Opens the confirmation step for a plan (once its code has loaded; a toast if it cannot). */
  choose(planId: string): void
  /** The confirmation dialog while it is open, else null. */
  dialog: ReactNode
}

/** Drops the carried plan from the address, in place (no navigation, no scroll). */
function dropPlanFromUrl(router: NextRouter): void {
  void router.replace(ROUTES.plans, undefined, { shallow: true, scroll: false })
}

// The confirmation (dialog, rows, price and delivery lines) loads in its own chunk once a customer
// is signed in, so choosing opens it at once; its words load beside it (CONFIRM_PLAN_MESSAGES).
const confirmDialog = lazyComponent<ConfirmPlanDialogProps>(() => import('./ConfirmPlanDialog').then((module) => module.ConfirmPlanDialog))

/**
 * Choosing a plan on `/` goes through a confirmation step. A plan carried through sign-in in the
 * URL (`?plan=barista`) opens its confirmation once the customer's account has loaded; closing or
 * confirming drops it from the URL so a reload does not ask again.
 * @param plans the plans the page shows (prerendered or loaded)
 * @param words the confirmation's words (CONFIRM_PLAN_MESSAGES): loaded with its code, and the
 *   step opens only once they are here
 */
export function usePlanChoice(plans: SubscriptionPlan[], words: BundleWords): PlanChoice {
  const router = useRouter()
  const t = useT()
  const locale = useLocale()
  const { isSignedIn } = useAuth()
  const { account } = useCustomer()
  const { choosePlan } = usePlans()
  const [picked, setPicked] = useState<string | null>(null)
  const loadWords = words.load
  const loadConfirmation = useCallback(() => Promise.all([confirmDialog.load(), loadWords()]), [loadWords])
  // The address whose request the customer turned down (kept until the URL drops it); a later
  // request in the URL, even for the same plan, opens again.
  const [dismissedPath, setDismissedPath] = useState<string | null>(null)

  const subscription = isSignedIn && account ? subscriptionOf(account, plans) : null
  const current = currentPlanId(subscription)
  const requestedValue = router.query[PLAN_QUERY]
  const restartAsked = router.query[RESTART_QUERY] === '1'
  const restartPlan = restartAsked && subscription?.status === 'cancelled' ? subscription.plan : null
  const requested = typeof requestedValue === 'string' ? requestedValue : restartPlan
  const fromUrl = requested && router.asPath !== dismissedPath && subscription && requested !== current ? requested : null
  const openId = picked ?? fromUrl
  const plan = openId ? plans.find((candidate) => candidate.id === openId) : undefined

  // Loaded once a customer is signed in, so choosing opens the confirmation at once. A plan carried
  // through sign-in opens once it has loaded; when it cannot load, the customer is told instead of
  // the choice vanishing silently.
  useEffect(() => {
    if (!isSignedIn) return
    let alive = true
    loadConfirmation().catch(() => { if (alive && requested) notify.error(t(CONFIRMATION_UNAVAILABLE)) })
    return () => { alive = false }
  }, [isSignedIn, requested, t, loadConfirmation])

  // A plan carried in the URL that the customer is already on has nothing to confirm: drop it, so
  // the address does not keep asking.
  const alreadyOnRequested = Boolean(requested && subscription && requested === current) ||
    Boolean(restartAsked && subscription && subscription.status !== 'cancelled')
  useEffect(() => {
    if (alreadyOnRequested) dropPlanFromUrl(router)
  }, [alreadyOnRequested, router])

  // A start the customer was typing into when the page reloaded opens again, with what they typed
  // (the dialog reads it back); once per page, and only while a start is still what it would be.
  const draftChecked = useRef(false)
  const email = account?.email
  const canStart = subscription ? subscription.status === 'none' || subscription.status === 'cancelled' : false
  useEffect(() => {
    if (draftChecked.current || !email || !subscription) return
    draftChecked.current = true
    const draft = readStartDraft(email)
    if (!draft || !canStart || requested || !plans.some((candidate) => candidate.id === draft.planId)) return
    loadConfirmation().then(() => setPicked((open) => open ?? draft.planId), () => notify.error(t(CONFIRMATION_UNAVAILABLE)))
  }, [email, subscription, canStart, requested, plans, t, loadConfirmation])

  const choose = useCallback((planId: string) => {
    loadConfirmation().then(() => setPicked(planId), () => notify.error(t(CONFIRMATION_UNAVAILABLE)))
  }, [t, loadConfirmation])

  const close = useCallback(() => {
    setPicked(null)
    if (requested) {
      setDismissedPath(router.asPath)
      dropPlanFromUrl(router)
    }
  }, [requested, router])

  let dialog: ReactNode = null
  // Until its words are here the step does not open: a customer never reads a key.
  if (plan && subscription && account && words.ready) {
    const preview = previewChoice(subscription, undefined, plan, (account.deliveries ?? []).map((delivery) => delivery.date))
    const currentPlan = current ? plans.find((candidate) => candidate.id === current) : undefined
    dialog = (
      <confirmDialog.Lazy
        key={plan.id}
        plan={plan}
        currentPlan={currentPlan}
        preview={preview}
        account={account}
        onClose={close}
        locale={locale}
        onConfirm={async (start) => {
          // A start carries what the customer confirmed with it (each only when it changed), so
          // it is one change: one history entry and one e-mail.
          const details = start ? {
            ...(JSON.stringify(start.address) !== JSON.stringify(account.delivery) ? { delivery: { ...start.address, version: start.addressVersion } } : {}),
            ...(JSON.stringify(start.preferences) !== JSON.stringify(account.preferences) ? { preferences: start.preferences } : {}),
          } : undefined
          await choosePlan(plan.id, details)
          close()
          notify.success(
            preview.kind === 'change'
              ? t('plans.toast.switching', { plan: planTitle(t, plan), day: formatDeliveryDay(preview.firstDeliveryAt, locale) })
              : t('plans.toast.started', { plan: planTitle(t, plan), day: formatDeliveryDay(preview.firstDeliveryAt, locale) }),
          )
        }}
      />
    )
  }

  return { subscription, currentPlanId: current, choose, dialog }
}
