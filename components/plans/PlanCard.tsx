import type { HTMLAttributes, ReactNode } from 'react'
import { AppLink } from '@/components/ui/AppLink'
import type { SubscriptionPlan } from '@/lib/contract'
import { bagsLine, grindChoices, planDescription, planFeatures, planTitle, roastChoices } from '@/lib/format/plan'
import { useLocale, useT } from '@/contexts/I18nContext'
import { formatInterval, planPriceTexts, type PriceTexts } from '@/lib/format/price'
import styles from './Plans.module.css'
import { ROUTES } from '@/lib/routes'

export interface PlanCardProps {
  plan: SubscriptionPlan
  signedIn: boolean
  isCurrent: boolean
  /** The signed-in customer is on a plan (active or paused): other plans read "Switch to …". */
  hasPlan?: boolean
  /** This plan's choice is on its way to the backend. */
  pending: boolean
  /** Another choice is on its way; one change at a time. */
  disabled: boolean
  onChoose(planId: string): void
  locale?: string
  /** The prices as the page was prerendered with them (they are not formatted again while they apply). */
  priceTexts?: PriceTexts | null
}

/**
 * One subscription plan as a card: name, price per delivery and per bag, what each delivery holds,
 * exactly the grinds and roasts a customer may choose (from the plan's data), its other features
 * and the call to action.
 */
export function PlanCard({ plan, signedIn, isCurrent, hasPlan = false, pending, disabled, onChoose, locale, priceTexts }: PlanCardProps) {
  const t = useT()
  const name = planTitle(t, plan)
  const choose = (
    <button
      type="button"
      className={planButtonClass(plan)}
      onClick={() => onChoose(plan.id)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      aria-describedby={planHeadingId(plan)}
    >
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" /> {t('plans.card.choosing')}
        </>
      ) : hasPlan ? (
        t('plans.card.switch', { plan: name })
      ) : (
        t('plans.card.start', { plan: name })
      )}
    </button>
  )
  return (
    <PlanCardFrame
      plan={plan}
      locale={locale}
      priceTexts={priceTexts}
      // On a phone the customer's plan comes first (see Plans.module.css).
      className={isCurrent ? styles.current : undefined}
      ring={isCurrent ? <CurrentPlanRing /> : null}
      badge={isCurrent ? <span className={`${styles.badge} ${styles.badgeCurrent}`}>{t('plans.card.yourPlan')}</span> : null}
    >
      {!signedIn ? <PlanSignInLink plan={plan} /> : isCurrent ? <CurrentPlanButton plan={plan} /> : choose}
    </PlanCardFrame>
  )
}

export interface PlanCardFrameProps extends HTMLAttributes<HTMLElement> {
  plan: SubscriptionPlan
  locale?: string
  priceTexts?: PriceTexts | null
  /** Over the card's border (the customer's plan), so marking it moves nothing inside the card. */
  ring?: ReactNode
  /** Next to "Recommended" in the badge row. */
  badge?: ReactNode
  /** An extra class of the badge row. */
  badgesClassName?: string
  /** The call to action. */
  children: ReactNode
}

/**
 * What every card of a plan shows, whoever looks: its name, prices and offer, with the marks and
 * the call to action its caller gives (PlanCard from the customer's data; the first paint of `/`,
 * ./PlansFirstPaint.tsx, from this browser's stored view). Other attributes go on the `<article>`.
 */
export function PlanCardFrame({ plan, locale, priceTexts, ring, badge, badgesClassName, className, children, ...attributes }: PlanCardFrameProps) {
  const t = useT()
  const pageLocale = useLocale()
  const name = planTitle(t, plan)
  const headingId = planHeadingId(plan)
  const prices = planPriceTexts(plan, priceTexts, locale ?? pageLocale)
  const classes = [styles.card, 'card', plan.recommended ? styles.recommended : '', className]
  const offer = [
    { term: t('plans.card.each'), value: bagsLine(t, plan) },
    { term: t('plans.card.grind'), value: grindChoices(t, plan) },
    { term: t('plans.card.roast'), value: roastChoices(t, plan) },
  ]
  // A roaster's-choice plan names the coffee it sends now (the shop's catalogue; a name reads the same in every language).
  if (plan.coffee) offer.push({ term: t('plans.card.coffee'), value: plan.coffee.name })
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={headingId} {...attributes}>
      {ring}
      {/* On a phone an empty badge row is dropped (see Plans.module.css). */}
      <div className={badgesClassName ? `${styles.badges} ${badgesClassName}` : styles.badges}>
        {plan.recommended ? <span className={`${styles.badge} ${styles.badgeRecommended}`}>{t('plans.card.recommended')}</span> : null}
        {badge}
      </div>
      <h2 id={headingId} className={styles.name}>
        {name}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{prices.price}</span>{' '}
        <span className={styles.interval}>{formatInterval(t, plan.interval)}</span>
      </p>
      <p className={styles.perMonth}>{t('plans.card.perBag', { price: prices.perBag })}</p>
      {plan.description ? <p className={styles.description}>{planDescription(t, plan)}</p> : null}
      <dl className={styles.offer} aria-label={t('plans.card.offer', { plan: name })}>
        {offer.map(({ term, value }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {plan.features.length > 0 ? (
        <ul className={styles.features} aria-label={t('plans.card.includes', { plan: name })}>
          {planFeatures(t, plan).map((feature, i) => (
            <li key={i}>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.cta}>{children}</div>
    </article>
  )
}

/** The id of a plan card's heading, which names the card and its buttons. */
export function planHeadingId(plan: SubscriptionPlan): string {
  return `plan-${plan.id}-name`
}

/** The classes of a card's main button: the recommended plan's is the primary one. */
export function planButtonClass(plan: SubscriptionPlan): string {
  return `btn ${plan.recommended ? 'btn-primary' : 'btn-secondary'} ${styles.ctaButton}`
}

/** The ring around the customer's plan card. */
export function CurrentPlanRing(attributes: HTMLAttributes<HTMLSpanElement>) {
  return <span className={styles.currentRing} aria-hidden="true" {...attributes} />
}

/** A visitor's "Start with …": the plan rides through sign-in and opens its confirmation afterwards. */
export function PlanSignInLink({ plan, ...attributes }: { plan: SubscriptionPlan } & HTMLAttributes<HTMLAnchorElement>) {
  const t = useT()
  return (
    <AppLink
      href={`${ROUTES.signIn}?${new URLSearchParams({ next: `${ROUTES.plans}?plan=${encodeURIComponent(plan.id)}` })}`}
      className={planButtonClass(plan)}
      {...attributes}
    >
      {t('plans.card.start', { plan: planTitle(t, plan) })}
    </AppLink>
  )
}

/** The customer's own plan: nothing to choose. */
export function CurrentPlanButton({ plan, ...attributes }: { plan: SubscriptionPlan } & HTMLAttributes<HTMLButtonElement>) {
  const t = useT()
  return (
    <button type="button" className={`btn btn-secondary ${styles.ctaButton} ${styles.currentButton}`} disabled aria-describedby={planHeadingId(plan)} {...attributes}>
      {t('plans.card.current')}
    </button>
  )
}

/** A placeholder card with the shape of a plan, shown while plans load (its bars' sizes: Plans.module.css). */
export function PlanCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeletonCard} card`} aria-hidden="true" data-testid="plan-skeleton">
      {[0, 1, 2, 3, 4, 5, 6, 7].map((bar) => <span key={bar} className="skeleton" />)}
    </div>
  )
}
