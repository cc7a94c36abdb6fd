/**
 * A refusal in the caller's words. Each refusal keeps its `code` (apps and tests read it); its
 * human `message` is rewritten in the language of the call (its `culture`) when the catalogue's
 * `refusals` namespace knows it. A message is only rewritten when its English text is exactly the
 * catalogue's English, so a refusal the catalogue does not cover yet stays as it was, in English,
 * and English callers read the specification's words byte for byte.
 */
import { Data } from '@retter/rdk'
import { CHANGES_PER_HOUR } from './limits'
import { callLocale, Locale, Words, wordsIn } from './language'
import { RefusalsKey } from 'BeanBloomKit/i18n/messages/refusals'

/** Refusals worded the same every time, found by their English text. */
const FIXED: ReadonlyArray<RefusalsKey> = [
  'refusals.signIn.invalidCode', 'refusals.signIn.codeExpired', 'refusals.signIn.tooManyAttempts', 'refusals.signIn.noCode',
  'refusals.signIn.emailUnavailable', 'refusals.signIn.tokenUnavailable',
  'refusals.subscription.alreadyCancelled', 'refusals.subscription.alreadyPaused', 'refusals.subscription.nothingToSkip',
  'refusals.subscription.notPaused', 'refusals.subscription.noSubscription', 'refusals.subscription.noAddress',
  'refusals.subscription.noPaymentMethod', 'refusals.subscription.startOnly',
  'refusals.payments.setupKind', 'refusals.payments.setupNotYours', 'refusals.payments.unavailableCharge', 'refusals.payments.unavailableSave',
  'refusals.dataRights.emailInUse', 'refusals.dataRights.deletionIncomplete', 'refusals.dataRights.codeUnavailable',
]

/** Refusals that say how long to wait (`retryAfterSeconds`), by their code. */
const WAITS: { [code: string]: RefusalsKey } = {
  RATE_LIMITED: 'refusals.signIn.rateLimited',
  EMAIL_CHECK_LIMIT: 'refusals.limit.emailCheck',
  EMAIL_CHECK_LIMIT_ALL: 'refusals.limit.emailCheckAll',
  EMAIL_SEND_LIMIT: 'refusals.limit.emailSend',
  IP_SEND_LIMIT: 'refusals.limit.ipSend',
  IP_CHECK_LIMIT: 'refusals.limit.ipCheck',
  CHANGE_LIMIT: 'refusals.limit.change',
  ACCOUNT_CREATION_LIMIT: 'refusals.limit.accountCreation',
  CONFIRM_LIMIT: 'refusals.limit.confirm',
  EMAIL_CHANGE_LIMIT: 'refusals.limit.emailChange',
  EMAIL_CHANGE_IP_LIMIT: 'refusals.limit.emailChangeIp',
  EMAIL_CHANGE_TARGET_LIMIT: 'refusals.limit.emailChangeTarget',
}

/** A wait said once, as BeanBloomIdentity's waitWords says it in English: seconds, minutes up to 90, then hours (rounded up). */
export function waitIn(w: Words, seconds: number): string {
  if (seconds < 60) return w('refusals.wait.seconds', { n: seconds })
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return w('refusals.wait.minutes', { n: minutes })
  return w('refusals.wait.hours', { n: Math.ceil(minutes / 60) })
}

/** `message` in `locale`, when it is the English of a refusal the catalogue words; else as it is. */
export function refusalIn(locale: Locale, code: unknown, message: string, retryAfterSeconds: unknown): string {
  const english = wordsIn('en')
  const theirs = wordsIn(locale)
  const waitKey = typeof code === 'string' && Object.prototype.hasOwnProperty.call(WAITS, code) ? WAITS[code] : undefined
  if (waitKey && typeof retryAfterSeconds === 'number') {
    const values = function (w: Words): { [name: string]: string | number } { return { wait: waitIn(w, retryAfterSeconds), max: CHANGES_PER_HOUR } }
    if (english(waitKey, values(english)) === message) return theirs(waitKey, values(theirs))
  }
  for (let i = 0; i < FIXED.length; i++) {
    const key = FIXED[i] as RefusalsKey
    if (english(key) === message) return theirs(key)
  }
  return message
}

type Body = { code?: unknown; message?: unknown; retryAfterSeconds?: unknown; error?: Body }

/** Rewrites the refusal `data.response` holds, if any, in the caller's language (in place). */
export function inCallersWords<D extends Data>(data: D): D {
  const response = data.response
  const body = response && response.body && typeof response.body === 'object' ? (response.body as Body) : undefined
  if (!body) return data
  const locale = callLocale(data)
  // verifyOtp answers its refusals inside a 200 (`{ success: false, error: { code, message } }`).
  const refusal = body.error && typeof body.error === 'object' ? body.error : body
  if (typeof refusal.code === 'string' && typeof refusal.message === 'string') {
    refusal.message = refusalIn(locale, refusal.code, refusal.message, refusal.retryAfterSeconds)
  }
  return data
}

/** `handler`, with its refusals in the caller's language. */
export function wordedForCaller<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return function (data: Data<T>): Promise<Data> {
    return handler(data).then(function (done) { return inCallersWords(done) })
  }
}
