/**
 * Where an Account keeps what. Public state is readable by every signed-in session of the project,
 * so it holds nothing that identifies a customer. Everything about the customer lives in their user
 * state (`state.user[userId]`, readable by that userId only); code hashes live in private state.
 * The app's lib/contract.ts mirrors these shapes.
 */
import { Data } from '@retter/rdk'
import { ShippedDelivery } from 'BeanBloomBoard'
import { CustomerRecords, Extra, SeenPayments, SubscriptionFields, TimelineEntry, Weekday, YourPlan } from 'BeanBloomSubscription'
import { QueuedMail } from './mail/outbox-state'
import { StoredOtp } from './sign-in/wrong-tries'
import { Locale } from './language'

/** Public state of an Account: deliberately empty (see above). */
export type AccountPublicState = Record<string, never>

/**
 * The customer's own view of their Account (`state.user[userId]`): who they are and their
 * subscription (BeanBloomSubscription's schedule.ts describes its fields). Accounts stored before subscriptions had a
 * status lack `status` and `history`; `subscriptionAt` reads them as active (with a plan) or none.
 */
export interface AccountUserState extends Partial<SubscriptionFields>, CustomerRecords<ShippedDelivery> {
  /** Id of the plan of the current (or, once cancelled, the latest) subscription; null before any. */
  plan: string | null
  /** ISO 8601 date-time of the first successful sign-in. */
  memberSince?: string
  /** ISO 8601 date-time of the latest successful sign-in. */
  lastSignInAt?: string
  /**
   * The language the Account writes to the customer in (e-mails, receipts, credit notes): the
   * language of the page of their first sign-in, then what they choose (setLocale). Absent means
   * English: a first sign-in from an English page, Accounts from before languages, and until the
   * first sign-in.
   */
  locale?: Locale
  /** Their plan as they pay it, while subscribed (catalogue-source.ts refreshes it at each request). */
  yourPlan?: YourPlan
  /** The coffees they may choose for one delivery of their plan (available, of a roast it offers), refreshed at each request. */
  coffeeOptions?: Array<{ id: string; name: string; origin: string; notes: string; roast: string }>
  /** While subscribed: the extras they may add to one delivery (subscription/delivery-extras.ts). */
  extraOptions?: Array<Pick<Extra, 'id' | 'name' | 'description' | 'amountCents' | 'translations'>>
  /** While subscribed: the weekday their deliveries arrive on (setDeliveryDay changes it), and the weekdays the shop delivers on. */
  deliveryWeekday?: Weekday
  deliveryWeekdays?: Weekday[]
  /** Every change to their subscription, deliveries, payments and account, and who made it (service/timeline.ts). */
  timeline?: TimelineEntry[]
}

/** The user state of a customer who has just got an Account: no subscription yet. */
export function newCustomer(email: string): AccountUserState {
  return { email: email, plan: null, status: 'none', history: [] }
}

export interface AccountPrivateState {
  /** The userId whose user state is this Account's customer. */
  userId: string
  otp?: StoredOtp
  /** Epoch ms of the latest code sent (resend throttle). */
  lastOtpSentAt?: number
  /** Epoch ms of the codes sent within the last hour (at most 5 an hour). */
  codesSentAt?: number[]
  /** Epoch ms of the failed code checks within the last hour, across all codes (at most 10). */
  failedChecksAt?: number[]
  /** The outbox (mail/outbox.ts): e-mails waiting to be handed to the Mailer, or handed over and not reported yet. */
  mailQueue?: QueuedMail[]
  /** The delivery (ISO day) the pending reminder task is for. */
  reminderFor?: string
  /** The timeline's bookkeeping (service/timeline.ts): the last history change and payment states it saw, the payment method's save. */
  timelineSeen?: string
  timelinePayments?: SeenPayments
  timelineMethod?: string
  /** The staff member behind each staff entry of the timeline, by entry key: kept from the customer's view. */
  timelineStaff?: { [entryKey: string]: string }
  /** A fingerprint of the entry the customer directory holds of this Account ('' or absent: none; service/directory-entry.ts). */
  directoryEntry?: string
  /**
   * The plans the Shop was last told this subscription is on, space-separated, while the Shop kept a
   * list of subscribers; taken away once this Account is off that list (catalogue-source.ts).
   */
  shopNoted?: string
  /** The price changes already announced to the customer, as `planId@at` (price-notice.ts). */
  priceNotices?: string[]
  /**
   * Deliveries (ISO days) with a reminder task scheduled that has not run yet: a delivery that
   * becomes the pending one again reuses its task instead of adding another (Retter's delayed calls
   * cannot be withdrawn).
   */
  reminderTasks?: string[]
  /** The latest delivery (ISO day) a reminder was sent for. */
  remindedFor?: string
  /** The reminders' one-click links already used: nonce to the delivery's ISO day, forgotten once that day has passed (delivery-links.ts). */
  usedLinks?: { [nonce: string]: string }
  /** What this Account last put on each roastery board (fingerprint by `YYYY-MM-DD`; roastery.ts). */
  onBoards?: { [day: string]: string }
  /** A syncRoastery task is pending (board updates failed). */
  boardRetryPending?: boolean
  /** Board retries scheduled since the last update that went through. */
  boardRetries?: number
  /** Dates (ISO) of deliveries whose board did not take their latest payment outcome: the retry task tells them again. */
  untoldPayments?: string[]
  /** Stripe's customer id (created by the first startPaymentSetup). */
  stripeCustomerId?: string
  /** Stripe's id of the saved payment method, charged off-session. */
  paymentMethodId?: string
  /** The saved payment method once a payment with it succeeded: its SEPA debits may ship while they settle. */
  provenMethodId?: string
  /**
   * A random part of the idempotency key that creates Stripe's customer: a deletion or a move
   * rebuilds private state without it, so the next customer is a new one, never the old one replayed.
   */
  stripeCustomerNonce?: string
  /** The SetupIntent the latest startPaymentSetup made, reused while it is still open (id and type). */
  openSetup?: { id: string; type: 'card' | 'sepa_debit' }
  /** Epoch ms of the payment set-ups started within the last hour. */
  setupsStartedAt?: number[]
  /** Epoch ms of the customer's own payment retries within the last hour. */
  retriesStartedAt?: number[]
  /** The delivery (ISO day) the pending chargeDelivery task is for. */
  chargeFor?: string
  /** Deliveries (ISO days) with a chargeDelivery task scheduled that has not run yet (as reminderTasks). */
  chargeTasks?: string[]
}

/** The private part of an Account's state (set by init). */
export function privateOf(data: Data): AccountPrivateState {
  return data.state.private as AccountPrivateState
}

/** The customer's user state (set by init, so it always exists on a stored Account). */
export function customerOf(data: Data): AccountUserState {
  const userId = privateOf(data).userId
  const users = data.state.user || (data.state.user = {})
  return (users[userId] || (users[userId] = newCustomer(''))) as AccountUserState
}
