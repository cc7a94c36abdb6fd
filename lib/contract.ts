/**
 * The contract between the web app and our cloud classes (`Account`, `AWS`, `Roastery`).
 *
 * The wire shapes as types, plus the few names both sides must spell alike (class ids, the static
 * instance id, the Account lookup key); nothing here runs on import. The browser bundle and the jest
 * tests import it. Shapes of the project's Retter dependencies (retter/dependencies/: plans,
 * schedule, address, preferences, board, the customer's records) are re-exported or extended from
 * them, so the app and the classes share one definition; the classes' own state shapes
 * (retter/classes/, which import only their own folder and the dependencies they list) are
 * restated here, and the class tests import this file to hold both to one contract. A real Retter project must deploy classes that honour the same shapes.
 */

/** Class ids of our cloud objects. */
export const ACCOUNT_CLASS = 'Account'
export const AWS_CLASS = 'AWS'
/** One instance per delivery day (instance id `YYYY-MM-DD`, UTC); staff only. */
export const ROASTERY_CLASS = 'Roastery'
/** The identity of the coffee chain's staff sessions (STAFF_EMAILS); customers are `enduser`. */
export const STAFF_IDENTITY = 'staff'
/** Instance id used for the STATIC `getSubscriptionPlans` call (the backend ignores it). */
export const STATIC_INSTANCE_ID = 'static'
/** Lookup-key name of an Account (its value is the normalised e-mail; lookup keys are never public). */
export const ACCOUNT_LOOKUP_KEY = 'email'

import type { SubscriptionFields, Weekday } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Grind, Roast } from '@retter-shared/BeanBloomSubscription/preferences'
import type { PaymentMethodSummary } from '@retter-shared/BeanBloomSubscription/payments'
import type { CustomerRecords } from '@retter-shared/BeanBloomSubscription/customer'
import type { YourPlan } from '@retter-shared/BeanBloomSubscription/catalogue'
import type { TimelineEntry } from '@retter-shared/BeanBloomSubscription/customer-timeline'
import type { Extra } from '@retter-shared/BeanBloomSubscription/extras'
import type { Locale } from '@retter-shared/BeanBloomKit/i18n/locales'

export type {
  DeliveryCadence, ScheduleConflictCode, ScheduleSegment, SubscriptionAction, SubscriptionChange, SubscriptionFields,
  SubscriptionStatus, UpcomingDelivery,
} from '@retter-shared/BeanBloomSubscription/schedule'
export type { DeliveryAddress } from '@retter-shared/BeanBloomSubscription/address'
export type { CoffeePreferences, Grind, Roast } from '@retter-shared/BeanBloomSubscription/preferences'
export type { Board, BoardAddress, BoardDelivery, BoardTotal, DeliveryStatus } from '@retter-shared/BeanBloomBoard/board'
export type { CoffeeOfTheMoment, PlanInterval, PlanTexts, SubscriptionPlan } from '@retter-shared/BeanBloomSubscription/plans'
export type { YourPlan } from '@retter-shared/BeanBloomSubscription/catalogue'
export type { TimelineActor, TimelineEntry } from '@retter-shared/BeanBloomSubscription/customer-timeline'
export type { DeliveryPayment, PaymentMethodSummary, PaymentStatus } from '@retter-shared/BeanBloomSubscription/payments'

/*
 * Where state lives. On Retter, public state is readable by ANY signed-in session of the project,
 * so it never holds anything that identifies a customer. What only the customer may see lives in
 * their user state (`state.user[userId]`), readable by that userId alone; the app subscribes to both
 * and shows them merged (user over public). Private state (code hashes) never leaves the class.
 *
 *   Account  public: { sessionEpoch? } (when the account's sessions last ended: a time naming nobody)
 *            user:   AccountUserState (e-mail, sign-in times, and the subscription: plan, status,
 *                    dates, history; see SubscriptionFields)
 *   AWS      public: AwsPublicState (status, region, opaque resource names)
 *            user:   AwsUserState (e-mail, creation time)
 */

/*
 *   Roastery public: {}   user: {}   role: { staff: Board } (a day's deliveries with names and
 *                    addresses: readable by staff sessions only)
 */

/** Public state of an `Account` instance: nothing that identifies the customer (see above). */
export interface AccountPublicState {
  /**
   * The account's session epoch, repeated from the user state's `sessionsEndedAt`: a session from
   * before it can no longer read the user state, so it learns here that it has ended.
   */
  sessionEpoch?: string
  [field: string]: unknown
}

/**
 * The customer's own Account state (`state.user[userId]`): who they are, where and how they want
 * their coffee, and their subscription (all of it in user state: it says what one customer buys,
 * where they live and when they are home, so no other session may read it). The subscription's
 * fields and rules are documented in retter/dependencies/BeanBloomSubscription/schedule.ts (the class's own module); the
 * methods and their answers in docs/subscriptions.md.
 *
 * A pause ends by itself on read, and the derived `upcomingDeliveries` / `nextDeliveryAt` move on
 * as days pass: read the subscription through `subscriptionAt` (lib/subscription/view.ts does), as
 * the class's STATE does.
 */
export interface AccountUserState extends Partial<SubscriptionFields>, CustomerRecords<ShippedDelivery> {
  /** Plan id of the current (once cancelled: the latest) subscription; null before any. */
  plan: string | null
  /** ISO 8601 date-time of the first successful sign-in. */
  memberSince: string
  /** ISO 8601 date-time of the latest successful sign-in. */
  lastSignInAt: string
  /**
   * The language the Account writes e-mails, receipts and credit notes in (Account.setLocale
   * changes it); set at the first sign-in from that page's language. Absent means English.
   */
  locale?: Locale
  /**
   * Their plan as they pay it, while subscribed: named and described even once retired, `amount`
   * their price now, `nextPrice` a change announced to them (BeanBloomSubscription's `yourPlanOf`).
   */
  yourPlan?: YourPlan
  /** The coffees they may choose for one delivery of their plan (available now, of a roast it offers; Account.chooseCoffee). */
  coffeeOptions?: Array<{ id: string; name: string; origin: string; notes: string; roast: string }>
  /** While subscribed: the extras they may add to one delivery (Account.addExtra), each delivery's own in its `extras`. */
  extraOptions?: Array<Pick<Extra, 'id' | 'name' | 'description' | 'amountCents' | 'translations'>>
  /** While subscribed: the weekday their deliveries arrive on (Account.setDeliveryDay changes it), and the weekdays the shop delivers on. */
  deliveryWeekday?: Weekday
  deliveryWeekdays?: Weekday[]
  /**
   * Every change to their subscription, deliveries, payments and account, oldest first, with who made
   * it (`customer`, `staff` with the reason, `system`); BeanBloomSubscription's customer-timeline.ts.
   */
  timeline?: TimelineEntry[]
}

/** What the reminder e-mail's one-click link would do: answer of `Account.readDeliveryLink` (it changes nothing). */
export interface DeliveryLinkView {
  /** Skip the delivery, or change it (another day or another coffee). */
  action: 'skip' | 'change'
  /** The delivery's day (ISO, midnight UTC). */
  date: string
  plan: string
  /** The coffee the delivery gets now. */
  coffee?: { id: string; name: string; chosen: boolean }
  /** For a change: the coffees to choose from. */
  coffeeOptions?: AccountUserState['coffeeOptions']
  /** For a change: the days it may move to (ISO days: its window, on days the shop delivers on). */
  moveDays?: string[]
  /** The delivery's final moment (ISO): the link works until then. */
  lastChangeAt: string
}

/** Answer of `Account.startPaymentSetup`: what Stripe.js needs to confirm the SetupIntent in the browser. */
export interface PaymentSetup {
  clientSecret: string
  setupIntentId: string
  type: PaymentMethodSummary['type']
}

/** A delivery that left the roastery (Roastery.markShipped), as the customer's Account keeps it. */
export interface ShippedDelivery {
  /** The delivery day (ISO midnight UTC). */
  date: string
  plan: string
  grind: Grind
  roast: Roast
  bags: number
  /** ISO instant it was marked shipped. */
  shippedAt: string
  /** The parcel's carrier (an id of BeanBloomBoard's carriers.ts) and tracking number, when staff entered them. */
  tracking?: { carrier: string; number: string }
}

/** What the account card shows of an Account: public and user state merged. */
export type AccountView = AccountPublicState & AccountUserState

/**
 * Public state of an `AWS` instance. Its meaning is not specified by the product spec:
 * the app renders every field generically, so the classes may add fields freely.
 */
export interface AwsPublicState {
  status: string
  [field: string]: unknown
}

/** The customer's own AWS state (`state.user[userId]`). */
export interface AwsUserState {
  email: string
  createdAt: string
  [field: string]: unknown
}

/** What the app shows of an AWS object: public and user state merged. */
export type AwsView = AwsPublicState & AwsUserState

/** Body of `Account.verifyOtp`. `code` must be a string of exactly 6 digits (else 400 VALIDATION). */
export interface VerifyOtpInput {
  code: string
}

export type VerifyOtpErrorCode = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE'

/** Response body of `Account.verifyOtp` (always HTTP 200). */
export type VerifyOtpResult =
  | { success: true; data: { customToken: string } }
  | {
      success: false
      error: { code: VerifyOtpErrorCode; message: string; attemptsLeft?: number }
    }

/** Response body of `Account.sendOtp` on success (HTTP 200). */
export interface SendOtpResult {
  /** Where the code went (the normalised e-mail). */
  sentTo: string
  /** Seconds until the code expires (300). */
  expiresInSeconds: number
  /** Seconds before another code may be requested (30). */
  resendAfterSeconds: number
}

/** Body of a 429 answer to `sendOtp` (a new code was requested too soon). */
export interface RateLimitedBody {
  code: 'RATE_LIMITED'
  message: string
  retryAfterSeconds: number
}

/** Body of `Account.selectPlan`. */
export interface SelectPlanInput {
  planId: string
}

/** Body of `Account.pauseSubscription`: whole weeks, 1 to 8. */
export interface PauseSubscriptionInput {
  weeks: number
}

/** Body of `Account.cancelSubscription`: an optional reason of up to 500 characters. */
export interface CancelSubscriptionInput {
  reason?: string
}

/** Body of `Account.skipDelivery` and `Account.unskipDelivery`: one of the upcoming dates (ISO day). */
export interface DeliveryDateInput {
  date: string
}

/** Body of `Roastery.markShipped` (staff): a delivery on that day's board. */
export interface MarkShippedInput {
  deliveryId: string
}

/** Answer of `Roastery.markAllShipped` (staff); a 503 SOME_NOT_RECORDED lists the ids still scheduled. */
export interface MarkAllShippedResult {
  shipped: number
  failed: string[]
}

/** Every error answer of the backend carries this JSON body (except 429 which adds retryAfterSeconds). */
export interface BackendErrorBody {
  code: string
  message: string
  issues?: unknown[]
  retryAfterSeconds?: number
}

/** One message of the local backend's dev outbox (`GET /__dev/outbox?to=EMAIL`, newest first). */
export interface OutboxMessage {
  to: string
  subject: string
  text: string
  /** The HTML part, when the mail has one. */
  html?: string
  /** The sign-in code, on sign-in code e-mails only. */
  code?: string
  /** Files attached (a receipt's or credit note's PDF), base64; only when the mail had any. */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>
  sentAt: string
}

/** Claims carried in the custom token (and then in the Retter access token's `claims`). */
export interface CustomTokenClaims {
  email: string
}
