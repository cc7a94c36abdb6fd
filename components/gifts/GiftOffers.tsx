import { useId, useState } from 'react'
import type { AccountUserState, SubscriptionPlan } from '@/lib/contract'
import { giftLeft, type GiftOffer } from '@retter-shared/BeanBloomSubscription/gifts'
import { useCustomerCalls } from '@/contexts/AccountContext'
import { useT } from '@/contexts/I18nContext'
import { notify } from '@/components/ui/feedback/notify'
import { Notice } from '@/components/ui/feedback/Notice'
import { planTitle } from '@/lib/format/plan'
import { methodTextIn } from '@/lib/payments/words'
import { asAppError } from '@/lib/rio/errors/app-error'
import { errorText } from '@/lib/rio/errors/words'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Gifts.module.css'

const REDEEM_CALLS = ['redeemGift'] as const

/**
 * A gift for the customer, at the top of /account: who it is from, what it holds, their message,
 * and "Start my gift" (Account.redeemGift) once they have given an address to deliver to.
 */
export function GiftOffers({ account, plans }: { account: AccountUserState; plans: readonly SubscriptionPlan[] }) {
  const offers = account.giftOffers ?? []
  if (offers.length === 0) return null
  return <>{offers.map((offer) => <OfferCard key={offer.giftId} offer={offer} account={account} plans={plans} />)}</>
}

function OfferCard({ offer, account, plans }: { offer: GiftOffer; account: AccountUserState; plans: readonly SubscriptionPlan[] }) {
  const t = useT()
  const id = useId()
  const { redeemGift } = useCustomerCalls(REDEEM_CALLS)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const plan = plans.find((p) => p.id === offer.planId) ?? { id: offer.planId, name: offer.planName }
  async function start() {
    setBusy(true)
    setError('')
    try {
      await redeemGift(offer.giftId)
      notify.success(t('gifts.offer.started'))
    } catch (caught) {
      setError(errorText(t, asAppError(caught)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('gifts.offer.title')}</h2>
      <p>{t('gifts.offer.line', { from: offer.from, count: offer.deliveries, plan: planTitle(t, plan) })}</p>
      {offer.message ? <p className={styles.message}>{t('gifts.offer.message', { message: offer.message })}</p> : null}
      {account.delivery ? null : <p className={styles.muted}>{t('gifts.offer.needsAddress')}</p>}
      <div className={cardStyles.actions}>
        <button type="button" className="btn btn-primary" disabled={busy || !account.delivery} aria-busy={busy || undefined} onClick={() => void start()}>
          {busy ? t('gifts.offer.starting') : t('gifts.offer.start')}
        </button>
      </div>
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
    </section>
  )
}

/** The gift the subscription runs on: how many deliveries it still pays, and what follows it. */
export function RunningGift({ account }: { account: AccountUserState }) {
  const t = useT()
  const gift = account.gift
  if (!gift) return null
  const left = giftLeft(gift)
  return (
    <div className={cardStyles.notice}>
      <Notice role="status">
        <p>
          <strong>{left > 0 ? t('gifts.running.line', { from: gift.from, left, count: gift.deliveries }) : t('gifts.running.over', { from: gift.from })}</strong>{' '}
          {account.paymentMethod ? t('gifts.running.continues', { method: methodTextIn(t, account.paymentMethod) }) : t('gifts.running.addCard')}
        </p>
      </Notice>
    </div>
  )
}
