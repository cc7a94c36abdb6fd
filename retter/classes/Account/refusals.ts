/**
 * A refusal in the caller's words. Each refusal keeps its `code` (apps and tests read it); its
 * human `message` is rewritten in the language of the call (its `culture`) when the catalogue's
 * `refusals` namespace knows it. A message is only rewritten when its English text is exactly the
 * catalogue's English, so a refusal the catalogue does not cover yet stays as it was, in English,
 * and English callers read the specification's words byte for byte.
 */
import { Data } from '@retter/rdk'
import { CHANGES_PER_HOUR } from './limits'
import { RETRIES_PER_HOUR, SETUPS_PER_HOUR } from './payments/payment-limits'
import { Locale, Words, wordsIn } from './language'
import { RefusalsKey } from 'BeanBloomKit/i18n/messages/refusals'
import { MessageKey } from 'BeanBloomKit/i18n/messages'
import { inCallersWords as inWordsOf, RefusalBody, wordedForCaller as wordedWith } from 'BeanBloomKit/i18n/caller-words'
import {
  countryCodeOfName, countryNameIn, customerDate, dayOfCustomerDate, dayOfShortDate, PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, shortDate, UPCOMING_COUNT,
} from 'BeanBloomSubscription'
import { failureWordsIn } from './payments/failure-words'

/** Refusals worded the same every time, found by their English text. */
const FIXED: ReadonlyArray<RefusalsKey> = [
  'refusals.signIn.invalidCode', 'refusals.signIn.codeExpired', 'refusals.signIn.tooManyAttempts', 'refusals.signIn.noCode',
  'refusals.signIn.emailUnavailable', 'refusals.signIn.tokenUnavailable',
  'refusals.subscription.alreadyCancelled', 'refusals.subscription.alreadyPaused', 'refusals.subscription.nothingToSkip',
  'refusals.subscription.notPaused', 'refusals.subscription.noSubscription', 'refusals.subscription.noAddress',
  'refusals.subscription.noPaymentMethod', 'refusals.subscription.startOnly',
  'refusals.payments.setupKind', 'refusals.payments.setupNotYours', 'refusals.payments.unavailableCharge', 'refusals.payments.unavailableSave',
  'refusals.dataRights.emailInUse', 'refusals.dataRights.deletionIncomplete', 'refusals.dataRights.codeUnavailable',
  'refusals.dataRights.enterNewEmail',
  'refusals.subscription.preferences', 'refusals.email.same', 'refusals.email.checkUnavailable', 'refusals.email.reachUnavailable',
  'refusals.email.moveUnavailable', 'refusals.email.codesUnavailable', 'refusals.email.bothCodes', 'refusals.session.ended',
  'refusals.address.changedElsewhere',
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
  SETUP_LIMIT: 'refusals.payments.setupLimit',
  RETRY_LIMIT: 'refusals.payments.retryLimit',
}

/** The most a waiting refusal counts (`{max}`), by its code: the hourly changes unless said. */
const WAIT_MAX: { [code: string]: number } = { SETUP_LIMIT: SETUPS_PER_HOUR, RETRY_LIMIT: RETRIES_PER_HOUR }

/** Other refusals with a wait, by their code: the same code worded for another request. */
const OTHER_WAITS: { [code: string]: RefusalsKey } = {
  RATE_LIMITED: 'refusals.dataRights.rateLimited',
}

/** Schedule refusals naming a delivery's day (`{date}`, as shortDate writes it), by their code. */
const DATED: { [code: string]: RefusalsKey } = {
  NOT_ON_SCHEDULE: 'refusals.schedule.notOnSchedule',
  TOO_LATE_TO_CHANGE: 'refusals.schedule.tooLate',
  ALREADY_SKIPPED: 'refusals.schedule.alreadySkipped',
  NOT_SKIPPED: 'refusals.schedule.notSkipped',
  IN_PAUSE: 'refusals.schedule.inPause',
}

/**
 * The code checks of a deletion or an e-mail change, by their code: each ends with what did not
 * happen; a wrong code says how many tries are left (`attemptsLeft`, `{left}`).
 */
const CODE_CHECKS: { [code: string]: ReadonlyArray<RefusalsKey> } = {
  NO_CODE: ['refusals.code.noCode.deleted', 'refusals.code.noCode.unchanged'],
  INVALID_CODE: ['refusals.code.format.deleted', 'refusals.code.format.unchanged', 'refusals.code.wrong.deleted', 'refusals.code.wrong.unchanged'],
  CODE_EXPIRED: ['refusals.code.expired.deleted', 'refusals.code.expired.unchanged'],
  TOO_MANY_ATTEMPTS: ['refusals.code.tooMany.deleted', 'refusals.code.tooMany.unchanged'],
}

/** The opening of an e-mail change's code refusal: which code it was about. */
const ABOUT: ReadonlyArray<RefusalsKey> = ['refusals.code.aboutNew', 'refusals.code.aboutCurrent']

/** The words around a value of a refusal's English, told apart from what a value could hold. */
const MARK = '\u0000'

function known<T>(table: { [code: string]: T }, code: unknown): T | undefined {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(table, code) ? table[code] : undefined
}

/**
 * The values `names` take in `message` when it is `key`'s English with some values (and `fixed`
 * as given); undefined when it is not.
 */
function valuesIn(key: MessageKey, message: string, names: ReadonlyArray<string>, fixed: { [name: string]: string | number }): { [name: string]: string } | undefined {
  const marked: { [name: string]: string | number } = {}
  for (const name in fixed) marked[name] = fixed[name] as string | number
  for (let i = 0; i < names.length; i++) marked[names[i] as string] = MARK + i + MARK
  const parts = wordsIn('en')(key, marked).split(MARK)
  // parts: words, a value's index, words, … (every value once).
  let pattern = '^'
  const order: string[] = []
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) pattern += (parts[i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    else {
      pattern += '([\\s\\S]+?)'
      order.push(names[Number(parts[i])] as string)
    }
  }
  const found = new RegExp(pattern + '$').exec(message)
  if (!found) return undefined
  const values: { [name: string]: string } = {}
  for (let i = 0; i < order.length; i++) values[order[i] as string] = found[i + 1] as string
  return values
}

/** A dated refusal in `locale` when `message` is its English with some day; the day in `locale`'s words. */
function datedIn(locale: Locale, key: RefusalsKey, message: string): string | undefined {
  const count = { count: UPCOMING_COUNT }
  const found = valuesIn(key, message, ['date'], count)
  if (!found) return undefined
  const day = found.date as string
  const iso = dayOfShortDate(day)
  // A day the customer typed that is no date is quoted back as it was typed, in any language.
  return wordsIn(locale)(key, { date: iso ? shortDate(iso, undefined, locale) : day, count: UPCOMING_COUNT })
}

/** The e-mail rule's problems (BeanBloomIdentity checkEmail), worded as the app words them under its fields. */
const EMAIL_PROBLEMS: ReadonlyArray<MessageKey> = ['errors.email.empty', 'errors.email.hidden', 'errors.email.tooLong', 'errors.email.invalid']

/** A refused new e-mail address in `locale`: the rule's problem, then that the address has not changed. */
function emailProblemIn(locale: Locale, message: string): string | undefined {
  const english = wordsIn('en')
  const said = valuesIn('refusals.dataRights.invalidEmail', message, ['problem'], {})
  if (!said) return undefined
  for (let i = 0; i < EMAIL_PROBLEMS.length; i++) {
    const key = EMAIL_PROBLEMS[i] as MessageKey
    const values = key === 'errors.email.invalid' ? valuesIn(key, said.problem as string, ['email'], {}) : {}
    if (values && english(key, values) === said.problem) {
      const theirs = wordsIn(locale)
      return theirs('refusals.dataRights.invalidEmail', { problem: theirs(key, values) })
    }
  }
  return undefined
}

/** The address rule's problems (BeanBloomSubscription address.ts reasons) and the values each names besides the field. */
const ADDRESS_PROBLEMS: ReadonlyArray<{ key: MessageKey; names: ReadonlyArray<string> }> = [
  { key: 'delivery.problem.required', names: [] },
  { key: 'delivery.problem.tooLong', names: ['max'] },
  { key: 'delivery.problem.tooLongBytes', names: ['max', 'cjk'] },
  { key: 'delivery.problem.pictograph', names: ['pictograph'] },
  { key: 'delivery.problem.unreadable', names: [] },
  { key: 'delivery.problem.hidden', names: [] },
  { key: 'delivery.problem.country', names: ['country'] },
]

/** A refused address field in `locale`, worded as the app words it under the field. */
function addressProblemIn(locale: Locale, message: string, field: string): string | undefined {
  for (let i = 0; i < ADDRESS_PROBLEMS.length; i++) {
    const problem = ADDRESS_PROBLEMS[i] as { key: MessageKey; names: ReadonlyArray<string> }
    const values = valuesIn(problem.key, message, problem.names, { field: field })
    if (!values) continue
    const all: { [name: string]: string } = { field: field }
    for (const name in values) all[name] = values[name] as string
    return wordsIn(locale)(problem.key, all)
  }
  return undefined
}

/** A wait said once, as BeanBloomIdentity's waitWords says it in English: seconds, minutes up to 90, then hours (rounded up). */
export function waitIn(w: Words, seconds: number): string {
  if (seconds < 60) return w('refusals.wait.seconds', { n: seconds })
  const minutes = Math.ceil(seconds / 60)
  if (minutes <= 90) return w('refusals.wait.minutes', { n: minutes })
  return w('refusals.wait.hours', { n: Math.ceil(minutes / 60) })
}

type Values = { [name: string]: string | number }

/**
 * A refusal whose English carries values: its key, the names of the values read back out of the
 * English (`fixed` ones are the class's constants), and how those values are written in another
 * language (a day in its words, a country by its name there).
 */
interface Valued {
  key: RefusalsKey
  names: ReadonlyArray<string>
  fixed?: Values
  words?: (locale: Locale, values: { [name: string]: string }) => Values | undefined
}

/** A day the class wrote as an ISO day ("2026-12-04"), in `locale`'s words. */
function isoDayIn(locale: Locale, day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? customerDate(day, locale) : undefined
}

/** Days the class wrote with customerDate, joined by " and " in English, in `locale`'s words. */
function customerDaysIn(locale: Locale, days: string): string | undefined {
  const parts = days.split(' and ')
  const isos: string[] = []
  for (let i = 0; i < parts.length; i++) {
    const iso = dayOfCustomerDate(parts[i] as string)
    if (!iso) return undefined
    isos.push(customerDate(iso, locale))
  }
  if (isos.length === 1) return isos[0]
  if (isos.length === 2) return wordsIn(locale)('refusals.days.two', { first: isos[0] as string, second: isos[1] as string })
  return undefined
}

/** One ISO day value (`day`) in `locale`'s words; the refusal keeps its English when it is not one. */
function withIsoDay(locale: Locale, values: { [name: string]: string }): Values | undefined {
  const day = isoDayIn(locale, values.day as string)
  return day ? { ...values, day: day } : undefined
}

const PAY_DAY: ReadonlyArray<string> = ['day']

/** Refusals with values, by their code (the first whose English matches words it). */
const VALUED: { [code: string]: ReadonlyArray<Valued> } = {
  NO_SUBSCRIPTION: [{ key: 'refusals.subscription.nothingTo', names: ['doing'] }],
  SUBSCRIPTION_CANCELLED: [{ key: 'refusals.subscription.cancelledNothingTo', names: ['doing'] }],
  INVALID_PAUSE: [{ key: 'refusals.subscription.pauseLength', names: [], fixed: { min: PAUSE_MIN_WEEKS, max: PAUSE_MAX_WEEKS } }],
  ALREADY_SHIPPED: [{
    key: 'refusals.subscription.alreadyShipped', names: ['date'],
    words: function (locale, values) { const date = customerDaysIn(locale, values.date as string); return date ? { date: date } : undefined },
  }],
  INVALID_POSTAL_CODE: [{
    key: 'refusals.address.postalCode', names: ['code', 'country', 'shape'],
    words: function (locale, values) {
      const country = countryCodeOfName(values.country as string)
      const example = /, like (.+)$|^.* like (.+)$/.exec(values.shape as string)
      if (!country || !example) return undefined
      // Other languages show the shape by its example alone: "5 digits, like 75001" → "75001".
      return { code: values.code as string, country: countryNameIn(country, locale), shape: (example[1] || example[2]) as string }
    },
  }],
  NOTHING_TO_PAY: [{ key: 'refusals.payments.nothingToPay', names: PAY_DAY, words: withIsoDay }],
  ALREADY_PAID: [{ key: 'refusals.payments.alreadyPaid', names: PAY_DAY, words: withIsoDay }],
  TOO_LATE_TO_PAY: [{ key: 'refusals.payments.tooLate', names: PAY_DAY, words: withIsoDay }],
  PAYMENT_IN_PROGRESS: [
    { key: 'refusals.payments.charging', names: PAY_DAY, words: withIsoDay },
    { key: 'refusals.payments.settling', names: PAY_DAY, words: withIsoDay },
  ],
  PAYMENT_ACTION_REQUIRED: [{ key: 'refusals.payments.actionRequired', names: PAY_DAY, words: withIsoDay }],
  PAYMENT_DECLINED: [{
    key: 'refusals.payments.declinedAgain', names: ['day', 'reason'],
    words: function (locale, values) {
      const day = isoDayIn(locale, values.day as string)
      const reason = failureWordsIn(locale, values.reason as string)
      return day && reason ? { day: day, reason: reason } : undefined
    },
  }],
  DELIVERY_IN_PROGRESS: [{
    key: 'refusals.email.deliveryInProgress', names: ['days'],
    words: function (locale, values) { const days = customerDaysIn(locale, values.days as string); return days ? { days: days } : undefined },
  }],
}

/** A refusal with values in `locale`, when its English is one of its code's `VALUED` refusals. */
function valuedIn(locale: Locale, code: unknown, message: string): string | undefined {
  if (locale === 'en') return undefined
  const candidates = known(VALUED, code) || []
  for (let i = 0; i < candidates.length; i++) {
    const valued = candidates[i] as Valued
    const found = valuesIn(valued.key, message, valued.names, valued.fixed || {})
    if (!found) continue
    const values = valued.words ? valued.words(locale, found) : found
    if (!values) return undefined
    const all: Values = {}
    for (const name in valued.fixed || {}) all[name] = (valued.fixed as Values)[name] as string | number
    for (const name in values) all[name] = values[name] as string | number
    return wordsIn(locale)(valued.key, all)
  }
  return undefined
}

/** `message` in `locale`, when it is the English of a refusal the catalogue words; else as it is. */
export function refusalIn(locale: Locale, code: unknown, message: string, retryAfterSeconds: unknown, attemptsLeft?: unknown, field?: unknown): string {
  const english = wordsIn('en')
  const theirs = wordsIn(locale)
  if (typeof retryAfterSeconds === 'number') {
    const max = known(WAIT_MAX, code) || CHANGES_PER_HOUR
    const values = function (w: Words): { [name: string]: string | number } { return { wait: waitIn(w, retryAfterSeconds), max: max } }
    const waitKeys = [known(WAITS, code), known(OTHER_WAITS, code)]
    for (let i = 0; i < waitKeys.length; i++) {
      const waitKey = waitKeys[i]
      if (waitKey && english(waitKey, values(english)) === message) return theirs(waitKey, values(theirs))
    }
  }
  const datedKey = known(DATED, code)
  const dated = datedKey ? datedIn(locale, datedKey, message) : undefined
  if (dated !== undefined) return dated
  if ((code === 'INVALID_ADDRESS' || code === 'UNSUPPORTED_COUNTRY') && typeof field === 'string') {
    const problem = addressProblemIn(locale, message, field)
    if (problem !== undefined) return problem
  }
  if (code === 'INVALID_EMAIL') {
    const problem = emailProblemIn(locale, message)
    if (problem !== undefined) return problem
  }
  const checks = known(CODE_CHECKS, code) || []
  const left = { left: typeof attemptsLeft === 'number' ? attemptsLeft : 0 }
  for (let i = 0; i < checks.length; i++) {
    const key = checks[i] as RefusalsKey
    if (english(key, left) === message) return theirs(key, left)
  }
  // An e-mail change's code check says which address's code it was about, then the check's words.
  for (let i = 0; checks.length > 0 && i < ABOUT.length; i++) {
    const aboutKey = ABOUT[i] as RefusalsKey
    const about = valuesIn(aboutKey, message, ['address', 'refusal'], {})
    if (!about) continue
    const inner = refusalIn(locale, code, about.refusal as string, retryAfterSeconds, attemptsLeft)
    if (inner !== about.refusal || locale === 'en') return theirs(aboutKey, { address: about.address as string, refusal: inner })
  }
  const valued = valuedIn(locale, code, message)
  if (valued !== undefined) return valued
  for (let i = 0; i < FIXED.length; i++) {
    const key = FIXED[i] as RefusalsKey
    if (english(key) === message) return theirs(key)
  }
  return message
}

/** The refusal body's words in `locale` (the classes' shared rewording, BeanBloomKit caller-words). */
function reword(locale: Locale, refusal: RefusalBody): string {
  return refusalIn(locale, refusal.code, refusal.message, refusal.retryAfterSeconds, refusal.attemptsLeft, refusal.field)
}

/** Rewrites the refusal `data.response` holds, if any, in the caller's language (in place). */
export function inCallersWords<D extends Data>(data: D): D {
  return inWordsOf(data, reword)
}

/** `handler`, with its refusals in the caller's language. */
export function wordedForCaller<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return wordedWith(handler, reword)
}
