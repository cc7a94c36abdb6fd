import { AppLink } from '@/core/ui/AppLink'
import type { SubscriptionPlan } from '@/core/contract'
import { needs, planCard, unless } from '@/core/first-paint/names'
import { bagsLine, grindChoices, roastChoices } from '@/core/format/plan'
import { formatInterval, planPriceTexts, type PriceTexts } from '@/core/format/price'
import styles from './Plans.module.css'
import { ROUTES } from '@/core/routes'

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
  /**
   * Before the session is known (the static HTML, hydration, the SDK still loading): every variant
   * of the card is rendered and the first paint shows the one this browser's stored view says
   * (core/first-paint): a visitor's link, or the customer's "Start with", "Switch to" or their plan.
   */
  firstPaint?: boolean
}

/**
 * One subscription plan as a card: name, price per delivery and per bag, what each delivery holds,
 * exactly the grinds and roasts a customer may choose (from the plan's data), its other features
 * and the call to action.
 */
export function PlanCard({ plan, signedIn, isCurrent, hasPlan = false, pending, disabled, onChoose, locale, priceTexts, firstPaint = false }: PlanCardProps) {
  const offer = [
    { term: 'Each delivery', value: bagsLine(plan) },
    { term: 'Grind', value: grindChoices(plan) },
    { term: 'Roast', value: roastChoices(plan) },
  ]
  const headingId = `plan-${plan.id}-name`
  const prices = planPriceTexts(plan, priceTexts, locale)
  const classes = [
    styles.card, 'card', plan.recommended ? styles.recommended : '',
    // On a phone the customer's plan comes first: from its class once known, from the first paint's
    // mark before (see Plans.module.css).
    firstPaint ? styles.firstPaint : isCurrent ? styles.current : '',
  ]
  // The current plan's marks: always rendered on the first paint, shown on the stored plan's card.
  const current = firstPaint ? needs('current') : isCurrent ? {} : null
  const primary = plan.recommended ? 'btn-primary' : 'btn-secondary'
  const choose = (
    <button
      type="button"
      className={`btn ${primary} ${styles.ctaButton}`}
      onClick={() => onChoose(plan.id)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      aria-describedby={headingId}
    >
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" /> Choosing…
        </>
      ) : hasPlan ? (
        `Switch to ${plan.name}`
      ) : (
        `Start with ${plan.name}`
      )}
    </button>
  )
  const visitorLink = (attributes: object) => (
    // The plan rides through sign-in and opens its confirmation afterwards.
    <AppLink
      href={`${ROUTES.signIn}?${new URLSearchParams({ next: `${ROUTES.plans}?plan=${encodeURIComponent(plan.id)}` })}`}
      className={`btn ${primary} ${styles.ctaButton}`}
      {...attributes}
    >
      Start with {plan.name}
    </AppLink>
  )
  const currentButton = (attributes: object) => (
    <button type="button" className={`btn btn-secondary ${styles.ctaButton} ${styles.currentButton}`} disabled aria-describedby={headingId} {...attributes}>
      Current plan
    </button>
  )
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={headingId} {...planCard(plan.id)}>
      {current ? <span className={styles.currentRing} aria-hidden="true" {...current} /> : null}
      {/* On a phone an empty badge row is dropped; before the session is known the row of a card that
          is not recommended holds only the current plan's badge, so its size follows that mark. */}
      <div className={firstPaint && !plan.recommended ? `${styles.badges} ${styles.badgesIfCurrent}` : styles.badges}>
        {plan.recommended ? <span className={`${styles.badge} ${styles.badgeRecommended}`}>Recommended</span> : null}
        {firstPaint ? (
          // Its words as generated content: hidden on every other card, they would still be each card's text.
          <span className={`${styles.badge} ${styles.badgeCurrent}`} data-label="Your plan" {...needs('current')} />
        ) : isCurrent ? (
          <span className={`${styles.badge} ${styles.badgeCurrent}`}>Your plan</span>
        ) : null}
      </div>
      <h2 id={headingId} className={styles.name}>
        {plan.name}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{prices.price}</span>{' '}
        <span className={styles.interval}>{formatInterval(plan.interval)}</span>
      </p>
      <p className={styles.perMonth}>{prices.perBag} a bag</p>
      {plan.description ? <p className={styles.description}>{plan.description}</p> : null}
      <dl className={styles.offer} aria-label={`${plan.name}: what you get and can choose`}>
        {offer.map(({ term, value }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {plan.features.length > 0 ? (
        <ul className={styles.features} aria-label={`${plan.name} includes`}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.cta}>
        {firstPaint ? (
          <>
            {visitorLink(unless('customer'))}
            <button type="button" className={`btn ${primary} ${styles.ctaButton}`} onClick={() => onChoose(plan.id)} aria-describedby={headingId} {...needs('start')}>
              Start with {plan.name}
            </button>
            <button type="button" className={`btn ${primary} ${styles.ctaButton}`} onClick={() => onChoose(plan.id)} aria-describedby={headingId} {...needs('switch')}>
              Switch to {plan.name}
            </button>
            {currentButton(needs('current'))}
          </>
        ) : !signedIn ? visitorLink({}) : isCurrent ? currentButton({}) : choose}
      </div>
    </article>
  )
}

/** A placeholder card with the shape of a plan, shown while plans load. */
export function PlanCardSkeleton() {
  return (
    <div className={`${styles.card} card`} aria-hidden="true" data-testid="plan-skeleton">
      <span className="skeleton" style={{ width: '45%', height: '1.6rem', marginTop: '1.9rem' }} />
      <span className="skeleton" style={{ width: '60%', height: '2.4rem', margin: '1rem 0' }} />
      <span className="skeleton" style={{ width: '90%', height: '1rem' }} />
      <span className="skeleton" style={{ width: '80%', height: '1rem', margin: '0.5rem 0 1.5rem' }} />
      {[0, 1, 2].map((row) => (
        <span key={row} className="skeleton" style={{ width: `${70 - row * 10}%`, height: '0.9rem', marginBottom: '0.7rem' }} />
      ))}
      <span className="skeleton" style={{ width: '100%', height: '2.75rem', marginTop: 'auto', borderRadius: '999px' }} />
    </div>
  )
}
