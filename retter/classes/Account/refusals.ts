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
import { MessageKey } from 'BeanBloomKit/i18n/messages'
import { dayOfShortDate, shortDate, UPCOMING_COUNT } from 'BeanBloomSubscription'

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

/** `message` in `locale`, when it is the English of a refusal the catalogue words; else as it is. */
export function refusalIn(locale: Locale, code: unknown, message: string, retryAfterSeconds: unknown, attemptsLeft?: unknown, field?: unknown): string {
  const english = wordsIn('en')
  const theirs = wordsIn(locale)
  if (typeof retryAfterSeconds === 'number') {
    const values = function (w: Words): { [name: string]: string | number } { return { wait: waitIn(w, retryAfterSeconds), max: CHANGES_PER_HOUR } }
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
  for (let i = 0; i < FIXED.length; i++) {
    const key = FIXED[i] as RefusalsKey
    if (english(key) === message) return theirs(key)
  }
  return message
}

type Body = { code?: unknown; message?: unknown; retryAfterSeconds?: unknown; attemptsLeft?: unknown; field?: unknown; error?: Body }

/** Rewrites the refusal `data.response` holds, if any, in the caller's language (in place). */
export function inCallersWords<D extends Data>(data: D): D {
  const response = data.response
  const body = response && response.body && typeof response.body === 'object' ? (response.body as Body) : undefined
  if (!body) return data
  const locale = callLocale(data)
  // verifyOtp answers its refusals inside a 200 (`{ success: false, error: { code, message } }`).
  const refusal = body.error && typeof body.error === 'object' ? body.error : body
  if (typeof refusal.code === 'string' && typeof refusal.message === 'string') {
    refusal.message = refusalIn(locale, refusal.code, refusal.message, refusal.retryAfterSeconds, refusal.attemptsLeft, refusal.field)
  }
  return data
}

/** `handler`, with its refusals in the caller's language. */
export function wordedForCaller<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return function (data: Data<T>): Promise<Data> {
    return handler(data).then(function (done) { return inCallersWords(done) })
  }
}
