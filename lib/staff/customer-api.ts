/**
 * Requests of one customer's `Account` for support and owners: reading the customer as support sees
 * them (`customerForStaff`), and acting for them through their own methods with a reason. Every
 * failure leaves here as an `AppError` made by lib/rio/errors.
 */
import type { CoffeePreferences, DeliveryAddress, PaymentStatus, SubscriptionStatus, TimelineEntry } from '@/lib/contract'
import type { RioAccessor } from '@/lib/rio/client'
import type { CancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'
import type { GiftStatus } from '@retter-shared/BeanBloomSubscription/gifts'
import { guarded } from '@/lib/rio/errors/map'

/** The customer as `Account.customerForStaff` answers it. */
export interface CustomerForStaff {
  accountId: string
  email: string
  status: SubscriptionStatus
  plan: string | null
  planName?: string
  amountCents?: number
  pausedUntil?: string
  delivery?: DeliveryAddress
  paymentMethod?: { type: 'card' | 'sepa_debit'; brand?: string; last4: string }
  paymentHoldSince?: string
  preferences?: CoffeePreferences
  /** Each with what the customer added to it (the extras' English names). */
  upcomingDeliveries: Array<{ date: string; plan: string; skipped: boolean; payment?: PaymentStatus; extras?: Array<{ itemId: string; name: string; quantity: number }> }>
  /** Deliveries that left the roastery, newest first, each with the free replacement sent for it. */
  shipped: Array<{ date: string; plan: string; shippedAt: string; replacement?: { date: string; shippedAt?: string } }>
  payments: Array<{ date: string; status: PaymentStatus; amountCents: number; receipt?: string; refunds: Array<{ amountCents: number; reason: string; creditNote?: string }> }>
  mails: Array<{ subject: string; sentAt: string }>
  timeline: Array<TimelineEntry & { staffEmail?: string }>
  /** The gift their subscription runs on; gifts offered to them and not started; gifts they gave, newest first. */
  gift?: { giftId: string; from: string; deliveries: number; used: number }
  giftOffers?: Array<{ giftId: string; from: string; planName: string; deliveries: number }>
  giftsGiven?: Array<{ giftId: string; recipientEmail: string; planName: string; deliveries: number; status: GiftStatus; amountCents: number; delivered?: number; receipt?: string; refunded?: boolean }>
}

/** What staff may do for a customer (the Account methods the role table lets them call), each with its body. */
export type StaffAct =
  | { method: 'skipDelivery' | 'unskipDelivery'; body: { date: string } }
  | { method: 'pauseSubscription'; body: { weeks: number } }
  | { method: 'resumeSubscription'; body: Record<string, never> }
  /** The customer's reason for cancelling; staff's own reason goes as the cancellation's note. */
  | { method: 'cancelSubscription'; body: { reason: CancelReason } }
  | { method: 'selectPlan'; body: { planId: string } }
  | { method: 'setDeliveryAddress'; body: DeliveryAddress }
  | { method: 'setPreferences'; body: CoffeePreferences }
  | { method: 'sendReplacement'; body: { date: string } }
  | { method: 'resendDocument'; body: { number: string } }
  | { method: 'cancelGift' | 'redeemGift'; body: { giftId: string } }

export interface CustomerApi {
  read(): Promise<CustomerForStaff>
  /** Runs `act` with `reason`; rejects with an AppError (the customer's own refusals, or REASON_REQUIRED). */
  act(act: StaffAct, reason: string): Promise<void>
}

/** Opens the Account `accountId` with the staff session. Rejects with an AppError. */
export function openCustomer(rio: RioAccessor, accountId: string): Promise<CustomerApi> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: 'Account', instanceId: accountId })
    return {
      read: async () => (await guarded(() => object.call<CustomerForStaff>({ method: 'customerForStaff' }))).data as CustomerForStaff,
      async act(act, reason) {
        // A cancellation's `reason` is the customer's; what staff write is its note.
        const body = act.method === 'cancelSubscription' ? { ...act.body, note: reason } : { ...act.body, reason }
        await guarded(() => object.call({ method: act.method, body }))
      },
    }
  })
}
