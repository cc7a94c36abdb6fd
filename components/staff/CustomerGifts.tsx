import type { CustomerForStaff, StaffAct } from '@/lib/staff/customer-api'
import { useLocale, useT } from '@/contexts/I18nContext'
import { eurosText } from '@/lib/payments/words'
import type { MessageKey } from '@/lib/i18n/types'
import type { GiftStatus } from '@retter-shared/BeanBloomSubscription/gifts'

const STATUS_KEYS: Record<GiftStatus, MessageKey> = {
  paying: 'gifts.staff.status.paying', paid: 'gifts.staff.status.paid', sent: 'gifts.staff.status.sent',
  redeemed: 'gifts.staff.status.redeemed', cancelled: 'gifts.staff.status.cancelled', failed: 'gifts.staff.status.failed',
}

/**
 * A customer's gifts as support sees them: the gift their subscription runs on, a gift offered to
 * them (support may start it for them), and the gifts they gave (support may take one not started
 * back for a full refund). Each act goes with the panel's reason, as every act for a customer.
 */
export function CustomerGifts({ customer, busy, act }: { customer: CustomerForStaff; busy: boolean; act: (what: StaffAct) => Promise<boolean> }) {
  const t = useT()
  const locale = useLocale()
  const offers = customer.giftOffers ?? []
  const given = customer.giftsGiven ?? []
  if (!customer.gift && offers.length === 0 && given.length === 0) return null
  return (
    <>
      <h4>{t('gifts.staff.title')}</h4>
      <ul>
        {customer.gift ? (
          <li>{t('gifts.staff.running', { from: customer.gift.from, left: Math.max(0, customer.gift.deliveries - customer.gift.used), count: customer.gift.deliveries })}</li>
        ) : null}
        {offers.map((offer) => (
          <li key={offer.giftId}>
            {t('gifts.staff.offer', { from: offer.from, count: offer.deliveries, plan: offer.planName })}{' '}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act({ method: 'redeemGift', body: { giftId: offer.giftId } })}>
              {t('gifts.staff.start')}
            </button>
          </li>
        ))}
        {given.map((gift) => (
          <li key={gift.giftId}>
            {t('gifts.staff.given', { plan: gift.planName, count: gift.deliveries, email: gift.recipientEmail, amount: eurosText(gift.amountCents, locale) })}
            {' · '}{t(gift.status === 'cancelled' && !gift.refunded ? 'gifts.staff.status.dropped' : STATUS_KEYS[gift.status], { delivered: gift.delivered ?? 0, count: gift.deliveries })}
            {gift.receipt ? ` · ${gift.receipt}` : ''}
            {gift.status === 'paid' || gift.status === 'sent' ? (
              <>
                {' '}
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act({ method: 'cancelGift', body: { giftId: gift.giftId } })}>
                  {t('gifts.given.cancel', { amount: eurosText(gift.amountCents, locale) })}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
