/**
 * A refusal in the caller's words, for every class. A refusal's `code` never changes (apps and
 * tests read it); its `message` is written in English by the class, then worded again in the
 * language of the call (its `culture`): precisely by the class's own `reword` when it knows that
 * English, else with the general words of its code (`GENERAL_WORDS`), so a person never reads an
 * English sentence on a German page. English callers read the class's words byte for byte.
 */
import type { Data } from '@retter/rdk'
import { translate } from './catalogue'
import { localeOfCulture } from './cultures'
import { Locale } from './locales'
import { CATALOGUE } from './messages'
import type { RefusalsKey } from './messages/refusals'

/** What a refusal's body holds that its words may depend on. */
export interface RefusalBody {
  code: string
  message: string
  retryAfterSeconds?: unknown
  attemptsLeft?: unknown
  field?: unknown
}

/** A class's precise rewording: `refusal.message` in `locale`, or the message as it is when the class does not know it. */
export type Reword = (locale: Locale, refusal: RefusalBody) => string

/**
 * The general words of each code a person can meet (customers on their pages, staff on the
 * board): true of every refusal with that code, whatever its English said in detail.
 */
export const GENERAL_WORDS: { [code: string]: RefusalsKey } = {
  UNAUTHORIZED: 'refusals.general.signIn',
  SESSION_ENDED: 'refusals.session.ended',
  FORBIDDEN: 'refusals.general.forbidden',
  VALIDATION: 'refusals.general.invalid',
  RATE_LIMITED: 'refusals.general.tooMany',
  EMAIL_CHECK_LIMIT: 'refusals.general.tooMany',
  EMAIL_CHECK_LIMIT_ALL: 'refusals.general.tooMany',
  EMAIL_SEND_LIMIT: 'refusals.general.tooMany',
  IP_SEND_LIMIT: 'refusals.general.tooMany',
  IP_CHECK_LIMIT: 'refusals.general.tooMany',
  CHANGE_LIMIT: 'refusals.general.tooMany',
  ACCOUNT_CREATION_LIMIT: 'refusals.general.tooMany',
  CONFIRM_LIMIT: 'refusals.general.tooMany',
  EMAIL_CHANGE_LIMIT: 'refusals.general.tooMany',
  EMAIL_CHANGE_IP_LIMIT: 'refusals.general.tooMany',
  EMAIL_CHANGE_TARGET_LIMIT: 'refusals.general.tooMany',
  SETUP_LIMIT: 'refusals.general.tooMany',
  RETRY_LIMIT: 'refusals.general.tooMany',
  INVALID_CODE: 'refusals.general.code',
  CODE_EXPIRED: 'refusals.general.code',
  TOO_MANY_ATTEMPTS: 'refusals.general.code',
  NO_CODE: 'refusals.general.code',
  TOKEN_UNAVAILABLE: 'refusals.general.tryAgain',
  EMAIL_UNAVAILABLE: 'refusals.general.tryAgain',
  ACCOUNTS_UNAVAILABLE: 'refusals.general.tryAgain',
  ACCOUNT_UNAVAILABLE: 'refusals.general.tryAgain',
  DELETION_INCOMPLETE: 'refusals.general.tryAgain',
  PAYMENT_PROVIDER_UNAVAILABLE: 'refusals.general.tryAgain',
  SHIPMENT_NOT_RECORDED: 'refusals.general.tryAgain',
  REFUND_NOT_MADE: 'refusals.general.tryAgain',
  SOME_NOT_RECORDED: 'refusals.general.someNotRecorded',
  NO_SUBSCRIPTION: 'refusals.general.subscription',
  SUBSCRIPTION_CANCELLED: 'refusals.general.subscription',
  ALREADY_CANCELLED: 'refusals.general.subscription',
  ALREADY_PAUSED: 'refusals.general.subscription',
  NOT_PAUSED: 'refusals.general.subscription',
  ALREADY_ON_PLAN: 'refusals.general.subscription',
  UNKNOWN_PLAN: 'refusals.general.subscription',
  START_ONLY: 'refusals.general.subscription',
  NO_DELIVERY_ADDRESS: 'refusals.general.subscription',
  NO_PAYMENT_METHOD: 'refusals.general.subscription',
  INVALID_PAUSE: 'refusals.general.subscription',
  NOT_ON_SCHEDULE: 'refusals.general.delivery',
  TOO_LATE_TO_CHANGE: 'refusals.general.delivery',
  ALREADY_SKIPPED: 'refusals.general.delivery',
  NOT_SKIPPED: 'refusals.general.delivery',
  IN_PAUSE: 'refusals.general.delivery',
  ALREADY_SHIPPED: 'refusals.general.delivery',
  INVALID_PREFERENCES: 'refusals.general.preferences',
  PREFERENCE_NOT_OFFERED: 'refusals.general.preferences',
  INVALID_ADDRESS: 'refusals.general.address',
  UNSUPPORTED_COUNTRY: 'refusals.general.address',
  INVALID_POSTAL_CODE: 'refusals.general.address',
  ADDRESS_CHANGED: 'refusals.address.changedElsewhere',
  INVALID_EMAIL: 'refusals.general.email',
  SAME_EMAIL: 'refusals.general.emailChange',
  EMAIL_IN_USE: 'refusals.general.emailChange',
  CURRENT_CODE_REQUIRED: 'refusals.general.emailChange',
  DELIVERY_IN_PROGRESS: 'refusals.general.emailChange',
  PAYMENT_SETUP_INCOMPLETE: 'refusals.general.paymentSetup',
  NOTHING_TO_PAY: 'refusals.general.payment',
  ALREADY_PAID: 'refusals.general.payment',
  TOO_LATE_TO_PAY: 'refusals.general.payment',
  PAYMENT_IN_PROGRESS: 'refusals.general.payment',
  PAYMENT_ACTION_REQUIRED: 'refusals.general.payment',
  PAYMENT_DECLINED: 'refusals.general.declined',
  NOT_PAID: 'refusals.general.notPaid',
  SKIPPED: 'refusals.general.skipped',
  NOT_ON_BOARD: 'refusals.general.notOnBoard',
  WRONG_DELIVERY: 'refusals.general.notOnBoard',
  INVALID_TRACKING_BATCH: 'refusals.general.tracking',
  INVALID_CARRIER: 'refusals.general.tracking',
  INVALID_TRACKING_NUMBER: 'refusals.general.tracking',
  INVALID_REASON: 'refusals.general.refund',
  INVALID_AMOUNT: 'refusals.general.refund',
  NOT_REFUNDABLE: 'refusals.general.refund',
  ALREADY_REFUNDED: 'refusals.general.refund',
  REFUND_TOO_LARGE: 'refusals.general.refund',
  NOT_LISTED: 'refusals.general.mailGone',
  INVALID_ROLES: 'refusals.general.roles',
  BOOTSTRAP_OWNER: 'refusals.general.bootstrapOwner',
  NOT_A_MEMBER: 'refusals.general.notAMember',
  // The catalogue (owners): each refusal names its field beside these words.
  INVALID_PLAN: 'refusals.general.catalogueField',
  INVALID_PLAN_ID: 'refusals.general.catalogueId',
  INVALID_COFFEE: 'refusals.general.catalogueField',
  INVALID_COFFEE_ID: 'refusals.general.catalogueId',
  INVALID_TEXT: 'refusals.general.catalogueField',
  TOO_LONG: 'refusals.general.catalogueTooLong',
  INVALID_NUMBER: 'refusals.general.catalogueField',
  INVALID_PRICE: 'refusals.general.cataloguePrice',
  INVALID_CURRENCY: 'refusals.general.catalogueField',
  UNKNOWN_CADENCE: 'refusals.general.catalogueCadence',
  INVALID_CHOICES: 'refusals.general.catalogueField',
  INVALID_FLAG: 'refusals.general.catalogueField',
  UNKNOWN_COFFEE: 'refusals.general.catalogueField',
  INVALID_TRANSLATIONS: 'refusals.general.catalogueField',
  UNKNOWN_LANGUAGE: 'refusals.general.catalogueField',
  INVALID_FEATURES: 'refusals.general.catalogueFeatures',
  INVALID_ROAST: 'refusals.general.catalogueField',
  INVALID_EXTRA: 'refusals.general.catalogueField',
  INVALID_EXTRA_ID: 'refusals.general.catalogueId',
  INVALID_VAT_KIND: 'refusals.general.catalogueField',
  INVALID_EXTRA_PRICE: 'refusals.general.extraPrice',
  EXTRA_EXISTS: 'refusals.general.extraExists',
  PLAN_EXISTS: 'refusals.general.planExists',
  PRICE_NEEDS_NOTICE: 'refusals.general.priceNeedsNotice',
  PLAN_RETIRED: 'refusals.general.planRetired',
  SAME_PRICE: 'refusals.general.samePrice',
  GONE: 'refusals.general.mailGone',
  // Looking a customer up (support, owners).
  QUERY_TOO_SHORT: 'refusals.general.searchShort',
  QUERY_TOO_LONG: 'refusals.general.searchLong',
  // Staff acting for a customer.
  REASON_REQUIRED: 'refusals.general.reasonRequired',
  // Another coffee for one delivery.
  DELIVERY_SKIPPED: 'refusals.general.deliverySkipped',
  COFFEE_NOT_FOUND: 'refusals.general.coffeeNotFound',
  COFFEE_UNAVAILABLE: 'refusals.general.coffeeUnavailable',
  COFFEE_NOT_IN_PLAN: 'refusals.general.coffeeNotInPlan',
  // Extras on one delivery.
  EXTRA_NOT_FOUND: 'refusals.general.extraNotFound',
  EXTRA_UNAVAILABLE: 'refusals.general.extraUnavailable',
  INVALID_QUANTITY: 'refusals.general.invalidQuantity',
  TOO_MANY_EXTRAS: 'refusals.general.tooManyExtras',
  EXTRA_NOT_ON_DELIVERY: 'refusals.general.extraNotOnDelivery',
  // The reminder e-mail's one-click links.
  LINK_INVALID: 'refusals.general.linkInvalid',
  LINK_USED: 'refusals.general.linkUsed',
  LINK_EXPIRED: 'refusals.general.linkExpired',
  CHANGE_REQUIRED: 'refusals.general.changeRequired',
  // The delivery day.
  INVALID_WEEKDAY: 'refusals.general.invalidWeekday',
  DAY_NOT_OFFERED: 'refusals.general.dayNotOffered',
  SAME_DELIVERY_DAY: 'refusals.general.sameDeliveryDay',
  // One delivery moved, or sent sooner.
  OUTSIDE_WINDOW: 'refusals.general.outsideWindow',
  SAME_DAY: 'refusals.general.sameDay',
  ALREADY_NEXT: 'refusals.general.alreadyNext',
  INVALID_DAY: 'refusals.general.invalidDate',
  // Why a customer cancels.
  CANCEL_REASON_REQUIRED: 'refusals.general.cancelReason',
  CANCEL_NOTE_REQUIRED: 'refusals.general.cancelNote',
  CANCEL_NOTE_TOO_LONG: 'refusals.general.cancelNoteLong',
  // Gifts.
  GIFT_TO_SELF: 'refusals.general.giftToSelf',
  INVALID_GIFT_DELIVERIES: 'refusals.general.giftDeliveries',
  GIFT_MESSAGE_TOO_LONG: 'refusals.general.giftMessage',
  INVALID_START_DATE: 'refusals.general.giftStartDate',
  GIFT_LIMIT: 'refusals.general.tooMany',
  GIFT_PAYMENT_FAILED: 'refusals.general.giftPayment',
  GIFT_NOT_FOUND: 'refusals.general.giftNotFound',
  GIFT_NOT_CANCELLABLE: 'refusals.general.giftNotCancellable',
  GIFT_NOT_READY: 'refusals.general.giftNotFound',
  GIFT_PAYMENT_SETTLING: 'refusals.general.giftSettling',
  GIFT_RUNNING: 'refusals.general.giftRunning',
  GIFT_PLAN_DIFFERS: 'refusals.general.giftPlan',
  GIFT_WITHDRAWN: 'refusals.general.giftWithdrawn',
  GIFTS_UNAVAILABLE: 'refusals.general.tryAgain',
  NOT_SHIPPED: 'refusals.general.notShipped',
  ALREADY_REPLACED: 'refusals.general.alreadyReplaced',
  NO_ADDRESS: 'refusals.general.noAddress',
  NO_SUCH_DOCUMENT: 'refusals.general.noSuchDocument',
  // The reports (finance, owners).
  INVALID_MONTH: 'refusals.general.invalidMonth',
  REPORT_UNAVAILABLE: 'refusals.general.reportUnavailable',
  // A price change finds the plan's subscribers in the directory.
  SUBSCRIBERS_UNAVAILABLE: 'refusals.general.subscribersUnavailable',
}

/** Codes whose message the class already writes in the caller's language. */
export const WORDED_AT_SOURCE: ReadonlyArray<string> = ['UNKNOWN_LOCALE']

/**
 * Codes only another class, a task, the platform or Stripe's webhook ever reads: no person meets
 * them, so they keep their English for the logs.
 */
export const MACHINE_ONLY: ReadonlyArray<string> = [
  'INSTANCE_ID_MISMATCH', 'INVALID_DATE', 'NOT_A_DAY', 'STILL_KEPT', 'WRONG_DAY', 'NOT_A_SHARD', 'INVALID_SHARD',
  'UNKNOWN_DESK', 'BAD_DEAD_LETTER', 'BAD_CALLER', 'NO_ACCOUNT', 'MAILER_BUSY', 'MAILER_UNAVAILABLE', 'INSTANCE_BUSY',
  'UNKNOWN_SELLER', 'UNKNOWN_SHOP', 'UNKNOWN_SHARD', 'WRONG_SHARD', 'INVALID_ENTRY', 'NO_KEY', 'NOT_FOUND', 'WEBHOOK_NOT_CONFIGURED', 'BAD_SIGNATURE', 'NOT_AN_EVENT', 'NOT_APPLIED', 'BAD_MOVE',
]

function own<T>(table: { [code: string]: T }, code: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, code) ? table[code] : undefined
}

/** `refusal` in `locale`: the class's precise words when it has them, else its code's general words. */
export function wordedIn(locale: Locale, refusal: RefusalBody, reword?: Reword): string {
  const precise = reword ? reword(locale, refusal) : refusal.message
  if (locale === 'en' || precise !== refusal.message || WORDED_AT_SOURCE.indexOf(refusal.code) >= 0) return precise
  const general = own(GENERAL_WORDS, refusal.code)
  return general ? translate(CATALOGUE, locale, general) : precise
}

type Body = { code?: unknown; message?: unknown; retryAfterSeconds?: unknown; attemptsLeft?: unknown; field?: unknown; error?: Body }

/** Rewrites the refusal `data.response` holds, if any, in the caller's language (in place). */
export function inCallersWords<D extends Data>(data: D, reword?: Reword): D {
  const response = data.response
  const body = response && response.body && typeof response.body === 'object' ? (response.body as Body) : undefined
  if (!body) return data
  // verifyOtp answers its refusals inside a 200 (`{ success: false, error: { code, message } }`).
  const refusal = body.error && typeof body.error === 'object' ? body.error : body
  if (typeof refusal.code === 'string' && typeof refusal.message === 'string') {
    const locale = localeOfCulture(data.context ? data.context.culture : undefined)
    refusal.message = wordedIn(locale, {
      code: refusal.code, message: refusal.message, retryAfterSeconds: refusal.retryAfterSeconds,
      attemptsLeft: refusal.attemptsLeft, field: refusal.field,
    }, reword)
  }
  return data
}

/** `handler`, with its refusals in the caller's language. */
export function wordedForCaller<T>(handler: (data: Data<T>) => Promise<Data>, reword?: Reword): (data: Data<T>) => Promise<Data> {
  return function (data: Data<T>): Promise<Data> {
    return handler(data).then(function (done) { return inCallersWords(done, reword) })
  }
}
