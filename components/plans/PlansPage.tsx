import { useT } from '@/contexts/I18nContext'
import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import type { CustomerPlansProps } from './CustomerPlans'
import { CONFIRMATION_UNAVAILABLE } from '@/lib/plans/messages'
import { usePlans } from './usePlans'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import type { SubscriptionPlan } from '@/lib/contract'
import type { PriceTexts } from '@/lib/format/price'
import { lazyComponent } from '@/components/react/lazy-component'
import { ROUTES } from '@/lib/routes'
import { PlanGrid, type ShownPlans } from './PlanGrid'
import { PlansFirstPaint } from './PlansFirstPaint'
import styles from './Plans.module.css'

export interface PlansPageProps {
  /**
   * The plans the page was prerendered with (sorted), or null when the build could not reach the
   * backend. Shown until the browser's own load answers, and kept when that load fails: the server
   * renews them within a minute of a change, so a visitor during an outage still sees them.
   */
  prerenderedPlans?: SubscriptionPlan[] | null
  /** Their prices as the server wrote them (hydration repeats them instead of formatting). */
  prerenderedPrices?: PriceTexts | null
}

// What only a signed-in customer sees (their plan, the confirmation step) is its own chunk: a
// visitor's first load carries none of it.
const customerPlans = lazyComponent<CustomerPlansProps>(
  () => import('./CustomerPlans').then((module) => module.CustomerPlans),
)

/**
 * The `/` page: the plans for everyone; a signed-in customer sees which one they are on, and
 * starting or switching goes through a confirmation step.
 */
export function PlansPage({ prerenderedPlans = null, prerenderedPrices = null }: PlansPageProps) {
  const { isSignedIn, isInitializing, restoringSession } = useAuth()
  const t = useT()
  const loaded = usePlans()
  const usePrerendered = prerenderedPlans !== null && loaded.plansStatus !== 'success'
  const shown: ShownPlans = {
    plans: usePrerendered ? prerenderedPlans : loaded.plans,
    status: usePrerendered ? 'success' : loaded.plansStatus,
    error: usePrerendered ? null : loaded.plansError,
    onRetry: loaded.reloadPlans,
    priceTexts: prerenderedPrices,
  }
  // Without plans in its HTML (the build could not reach the backend) the page has nothing to show
  // a visitor until the SDK loads them: it starts now rather than when they act.
  const { rio } = useRio()
  useEffect(() => {
    if (prerenderedPlans === null) rio().catch(() => undefined)
  }, [prerenderedPlans, rio])
  // Loaded as soon as a stored session is seen, so it is there by the time the session is restored.
  useEffect(() => {
    if (restoringSession) customerPlans.load().catch(() => undefined)
  }, [restoringSession])
  const router = useRouter()
  // Bumped by each early choice: a customer view that failed to load is tried again.
  const [attempt, setAttempt] = useState(0)
  // A choice made before that code arrived goes where a plan chosen before sign-in goes, the URL
  // (`/?plan=…`): the customer view opens its confirmation once it is there. When it cannot load,
  // the customer is told, and the next choice tries again.
  const chooseEarly = (planId: string) => {
    void router.replace({ pathname: ROUTES.plans, query: { plan: planId } }, undefined, { shallow: true, scroll: false })
    setAttempt((n) => n + 1)
    customerPlans.load().catch(() => notify.error(t(CONFIRMATION_UNAVAILABLE)))
  }
  // Until the session (and a customer's plan) is known, the page is the same for everyone: the
  // first paint shows the part this browser's stored view picks (./PlansFirstPaint.tsx).
  const firstPaintView = <PlansFirstPaint {...shown} onChoose={chooseEarly} />

  return (
    <>
      <section className={styles.hero} aria-labelledby="plans-title">
        <p className={styles.eyebrow}>{t('plans.hero.eyebrow')}</p>
        <h1 id="plans-title">{t('plans.hero.title')}</h1>
        <p className={styles.lead}>{t('plans.hero.lead')}</p>
      </section>
      {isSignedIn ? (
        <customerPlans.Lazy {...shown} waiting={firstPaintView} fallback={firstPaintView} retryKey={attempt} />
      ) : isInitializing ? firstPaintView : (
        <PlanGrid {...shown} signedIn={isSignedIn} currentPlanId={null} pendingPlanId={null} onChoose={chooseEarly} />
      )}
    </>
  )
}
