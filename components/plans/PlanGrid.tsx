import { useT } from '@/contexts/I18nContext'
import { Fragment, type ReactNode } from 'react'
import type { AppError, LoadState } from '@/lib/types'
import type { SubscriptionPlan } from '@/lib/contract'
import type { PriceTexts } from '@/lib/format/price'
import { PlanCard, PlanCardSkeleton } from './PlanCard'
import styles from './Plans.module.css'

export interface PlanGridProps {
  plans: SubscriptionPlan[]
  status: LoadState
  error: AppError | null
  onRetry(): void
  signedIn: boolean
  currentPlanId: string | null
  /** The signed-in customer is on a plan: the others read "Switch to …" rather than "Start with …". */
  hasPlan?: boolean
  pendingPlanId: string | null
  onChoose(planId: string): void
  locale?: string
  /** The prices as the page was prerendered with them. */
  priceTexts?: PriceTexts | null
}

/** The plans a page shows and how their load went: what every view of the plans on `/` is given. */
export type ShownPlans = Pick<PlanGridProps, 'plans' | 'status' | 'error' | 'onRetry' | 'priceTexts'>

const SKELETON_COUNT = 3

/**
 * The plans in the order the provider gives them (ascending sortOrder), each as a PlanCard for the
 * customer's data, with loading skeletons, an empty state and an error state with retry.
 */
export function PlanGrid(props: PlanGridProps) {
  const { signedIn, currentPlanId, hasPlan = false, pendingPlanId, onChoose, locale, priceTexts } = props
  return (
    <PlanList {...props}>
      {(plan) => (
        <PlanCard
          plan={plan}
          signedIn={signedIn}
          isCurrent={signedIn && currentPlanId === plan.id}
          hasPlan={signedIn && hasPlan}
          pending={pendingPlanId === plan.id}
          disabled={pendingPlanId !== null}
          onChoose={onChoose}
          locale={locale}
          priceTexts={priceTexts}
        />
      )}
    </PlanList>
  )
}

export type PlanListProps = Pick<PlanGridProps, 'plans' | 'status' | 'error' | 'onRetry'> & {
  /** A plan's card. */
  children(plan: SubscriptionPlan): ReactNode
}

/**
 * The plans' grid and how their load went: skeletons while loading, an error with retry, an empty
 * state, else one card per plan, each as `children` renders it.
 */
export function PlanList({ plans, status, error, onRetry, children }: PlanListProps) {
  const t = useT()
  if (status === 'idle' || status === 'loading') {
    return (
      <div className={styles.grid} role="status" aria-live="polite">
        <span className="visually-hidden">{t('plans.loading')}</span>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    )
  }

  if (status === 'error') {
    return (
      <div className={`card ${styles.state}`} role="alert">
        <h2>{t('plans.error.title')}</h2>
        <p>{error?.message ?? t('plans.error.text')}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('plans.retry')}
        </button>
      </div>
    )
  }

  if (plans.length === 0) {
    return (
      <div className={`card ${styles.state}`} role="status">
        <h2>{t('plans.empty.title')}</h2>
        <p>{t('plans.empty.text')}</p>
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('plans.refresh')}
        </button>
      </div>
    )
  }

  return <div className={styles.grid}>{plans.map((plan) => <Fragment key={plan.id}>{children(plan)}</Fragment>)}</div>
}
