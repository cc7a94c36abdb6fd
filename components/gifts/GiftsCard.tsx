import { useId, useState } from 'react'
import type { AccountUserState, SubscriptionPlan } from '@/lib/contract'
import { GIFT_DELIVERY_COUNTS, GIFT_MESSAGE_MAX, GIFT_START_MAX_DAYS, giftsNewestFirst, isCancellable, type GiftGiven } from '@retter-shared/BeanBloomSubscription/gifts'
import { useCustomerCalls } from '@/contexts/AccountContext'
import { useLocale, useT } from '@/contexts/I18nContext'
import { notify } from '@/components/ui/feedback/notify'
import { AppLink } from '@/components/ui/AppLink'
import { documentPath } from '@/lib/account/documents'
import { formatDeliveryDay } from '@/lib/format/date'
import { planTitle } from '@/lib/format/plan'
import { eurosText, failureTextIn } from '@/lib/payments/words'
import { asAppError } from '@/lib/rio/errors/app-error'
import { errorText } from '@/lib/rio/errors/words'
import { stripeErrorText } from '@/lib/payments/decline'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Gifts.module.css'

const GIFT_CALLS = ['buyGift', 'confirmGift', 'cancelGift'] as const
const DAY_MS = 24 * 60 * 60 * 1000

/** A UTC day as `YYYY-MM-DD`, `days` from `ms`. */
function dayFrom(ms: number, days: number): string {
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10)
}

/**
 * "Give coffee" on /account: a folded form (plan, how many deliveries, their e-mail address, a
 * message, the day we tell them) that pays the whole gift at once (Account.buyGift), and the gifts
 * given with where each stands, a cancel-for-refund until it is started, and its receipt.
 */
export function GiftsCard({ account, plans }: { account: AccountUserState; plans: readonly SubscriptionPlan[] }) {
  const t = useT()
  const locale = useLocale()
  const id = useId()
  const { buyGift, confirmGift, cancelGift } = useCustomerCalls(GIFT_CALLS)
  const [planId, setPlanId] = useState(account.plan ?? plans[0]?.id ?? '')
  const [count, setCount] = useState(3)
  const [email, setEmail] = useState('')
  const [message, setMessage] = useState('')
  // The day the form opened on: the earliest and latest start dates it offers.
  const [today] = useState(() => Date.now())
  const [startDate, setStartDate] = useState(() => dayFrom(today, 0))
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState('')
  const plan = plans.find((p) => p.id === planId) ?? plans[0]
  const given = giftsNewestFirst(account.giftsGiven)
  const hasMethod = !!account.paymentMethod
  const total = plan ? plan.amount * count : 0

  async function give() {
    if (!plan) return
    setBusy('buy')
    setError('')
    try {
      const bought = await buyGift({ planId: plan.id, deliveries: count, recipientEmail: email.trim(), message: message.trim() || undefined, startDate })
      // The bank asks the giver to confirm (3-D Secure): here, on the page, before it counts as paid.
      if (bought.clientSecret && !(await confirmWithBank(bought.giftId, bought.clientSecret))) return
      const told = { email: email.trim(), date: formatDeliveryDay(`${startDate}T00:00:00.000Z`, locale) }
      notify.success(bought.settling ? t('gifts.give.settling', told) : t('gifts.give.done', told))
      setEmail('')
      setMessage('')
    } catch (caught) {
      setError(errorText(t, asAppError(caught)))
    } finally {
      setBusy(null)
    }
  }

  /** Stripe.js's bank check for the gift's payment, then its outcome read back; false (and said) when not confirmed. */
  async function confirmWithBank(giftId: string, clientSecret: string): Promise<boolean> {
    const { loadStripe } = await import('@/lib/payments/stripe/load-stripe')
    const stripe = await loadStripe()
    const result = await stripe.confirmCardPayment(clientSecret)
    if (result.error) {
      setError(stripeErrorText(t, result.error, 'payments.actions.notConfirmed'))
      // The gift's payment as Stripe now has it (a refused check leaves it unpaid); the refusal above is what is said.
      await confirmGift(giftId).catch(() => undefined)
      return false
    }
    await confirmGift(giftId)
    return true
  }

  async function confirmLater(gift: GiftGiven) {
    setBusy(gift.giftId)
    setError('')
    try {
      if (gift.clientSecret && (await confirmWithBank(gift.giftId, gift.clientSecret))) notify.success(t('gifts.given.confirmed'))
    } catch (caught) {
      setError(errorText(t, asAppError(caught)))
    } finally {
      setBusy(null)
    }
  }

  async function cancel(gift: GiftGiven) {
    setBusy(gift.giftId)
    setError('')
    try {
      await cancelGift(gift.giftId)
      notify.success(gift.clientSecret ? t('gifts.given.dropped') : t('gifts.given.cancelled', { amount: eurosText(gift.amountCents, locale) }))
    } catch (caught) {
      setError(errorText(t, asAppError(caught)))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('gifts.give.title')}</h2>
      <p>{t('gifts.give.lead')}</p>
      <details>
        <summary>{t('gifts.give.title')}</summary>
        <form className={styles.form} aria-labelledby={`${id}-title`} onSubmit={(event) => { event.preventDefault(); void give() }}>
          <label className={styles.field}>
            {t('gifts.give.plan')}
            <select value={plan?.id ?? ''} onChange={(event) => setPlanId(event.target.value)} disabled={busy !== null}>
              {plans.map((p) => <option key={p.id} value={p.id}>{planTitle(t, p)}</option>)}
            </select>
          </label>
          <label className={styles.field}>
            {t('gifts.give.deliveries')}
            <select value={count} onChange={(event) => setCount(Number(event.target.value))} disabled={busy !== null}>
              {GIFT_DELIVERY_COUNTS.map((n) => <option key={n} value={n}>{t('gifts.give.deliveriesOption', { count: n })}</option>)}
            </select>
          </label>
          <label className={styles.field}>
            {t('gifts.give.email')}
            <input type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} disabled={busy !== null} />
          </label>
          <label className={styles.field}>
            {t('gifts.give.message')}
            <textarea rows={3} maxLength={GIFT_MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} disabled={busy !== null} />
          </label>
          <label className={styles.field}>
            {t('gifts.give.startDate')}
            <input type="date" required value={startDate} min={dayFrom(today, 0)} max={dayFrom(today, GIFT_START_MAX_DAYS)} onChange={(event) => setStartDate(event.target.value)} disabled={busy !== null} />
          </label>
          {plan ? <p className={styles.total}>{t('gifts.give.total', { amount: eurosText(total, locale), count, unit: eurosText(plan.amount, locale) })}</p> : null}
          {hasMethod ? null : <p className={styles.muted}>{t('gifts.give.needsMethod')}</p>}
          <div className={cardStyles.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy !== null || !hasMethod || !plan} aria-busy={busy === 'buy' || undefined}>
              {busy === 'buy' ? t('gifts.give.paying') : t('gifts.give.submit', { amount: eurosText(total, locale) })}
            </button>
          </div>
        </form>
      </details>
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
      {given.length > 0 ? (
        <>
          <h3>{t('gifts.given.title')}</h3>
          <ul className={styles.list}>
            {given.map((gift) => (
              <li key={gift.giftId} className={styles.item}>
                <span>{t('gifts.given.line', { plan: planTitle(t, plans.find((p) => p.id === gift.planId) ?? { id: gift.planId, name: gift.planName }), count: gift.deliveries, email: gift.recipientEmail })}</span>
                <span className={styles.muted}>{statusText(t, gift, locale)}</span>
                {gift.receipt ? <AppLink href={documentPath(gift.receipt.number)}>{t('gifts.given.receipt', { number: gift.receipt.number })}</AppLink> : null}
                {gift.status === 'paying' && gift.clientSecret ? (
                  <span>
                    <button type="button" className="btn btn-primary btn-small" disabled={busy !== null} aria-busy={busy === gift.giftId || undefined} onClick={() => void confirmLater(gift)}>
                      {busy === gift.giftId ? t('gifts.given.confirming') : t('gifts.given.confirm')}
                    </button>{' '}
                    <button type="button" className="btn btn-secondary btn-small" disabled={busy !== null} onClick={() => void cancel(gift)}>
                      {t('gifts.given.drop')}
                    </button>
                  </span>
                ) : null}
                {isCancellable(gift) && gift.status !== 'paying' ? (
                  <span>
                    <button type="button" className="btn btn-secondary btn-small" disabled={busy !== null} aria-busy={busy === gift.giftId || undefined} onClick={() => void cancel(gift)}>
                      {busy === gift.giftId ? t('gifts.given.cancelling') : t('gifts.given.cancel', { amount: eurosText(gift.amountCents, locale) })}
                    </button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

/** Where a gift stands, in words. */
function statusText(t: ReturnType<typeof useT>, gift: GiftGiven, locale: string): string {
  const start = formatDeliveryDay(`${gift.startDate}T00:00:00.000Z`, locale)
  switch (gift.status) {
    case 'paying': return gift.clientSecret ? t('gifts.given.status.confirm') : t('gifts.given.status.paying', { date: start })
    case 'paid': return t('gifts.given.status.paid', { date: start })
    case 'sent': return t('gifts.given.status.sent', { date: gift.sentAt ? formatDeliveryDay(gift.sentAt, locale) : start })
    case 'redeemed': return t('gifts.given.status.redeemed', { delivered: gift.delivered ?? 0, count: gift.deliveries })
    case 'cancelled': return gift.refundId ? t('gifts.given.status.cancelled') : t('gifts.given.status.dropped')
    case 'failed': return t('gifts.given.status.failed', { reason: failureTextIn(t, { status: 'failed', failure: gift.failure, failureCode: gift.failureCode }, locale) ?? '' })
  }
}
