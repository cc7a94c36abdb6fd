/**
 * Caps on code guessing and code sending, so nobody can scale guesses by resending or by spreading
 * them over addresses, and nobody elsewhere can cheaply lock the owner out:
 * - failed code checks per (e-mail, source) (in the Account's private state, exact rolling
 *   windows): at most 10 in any hour and 20 in any day (Auth0's brute-force protection blocks
 *   the pair, not the account); a source is an IPv4 address, an IPv6 /64, or the machine itself
 *   (sign-in/request-source.ts), kept only as a keyed digest;
 * - failed code checks per e-mail across all sources: at most 100 in any day (NIST SP 800-63B
 *   5.2.2: no more than 100 failed attempts on one account), so locking the owner out takes 5
 *   sources spending their whole day, and guessing stays bounded (docs/security-and-privacy.md: the odds per year);
 * - codes sent per e-mail: at most 5 in any hour;
 * - per source (in RDK project memory, shared by all instances): sendOtp and verifyOtp calls per
 *   clock hour, 30 and 60 by default (OTP_IP_SENDS_PER_HOUR, OTP_IP_CHECKS_PER_HOUR in the
 *   project environment raise them, e.g. for a load test from one machine).
 * - subscription changes per customer (skip, unskip, plan, pause, address…): at most
 *   CHANGES_PER_HOUR in any hour, counted from the change history the Account keeps anyway
 *   (OWASP ASVS business-logic limits: one session cannot flip a delivery back and forth
 *   thousands of times an hour, each with an e-mail and a board update);
 * - e-mails per customer: at most EMAILS_PER_HOUR in any hour (mail/outbox.ts); more wait in the
 *   outbox for the next free slot, never dropped;
 * - codes that confirm the owner's own request (deleting the account, changing its e-mail):
 *   failed confirmations per Account at most 10 in any hour and 20 in any day, whichever code was
 *   wrong (in private state, like the sign-in failures), so a session cannot guess without end by
 *   asking for a new code every 30 s;
 * - e-mail change requests: at most EMAIL_CODES_PER_HOUR per Account in any hour, refusals
 *   included (an address in use answers like a sent code, so probing costs the same), and per
 *   clock hour at most 10 per source and 5 naming the same new address (RDK memory).
 * Every refusal is a 429 with a code of its own, a message and retryAfterSeconds.
 */
import { positiveIntSetting } from 'BeanBloomKit'
import RDK, { Response } from '@retter/rdk'
import { secretDigest, waitWords } from 'BeanBloomIdentity'
import { networkOf } from './sign-in/request-source'

const LIMIT_WINDOW_MS = 60 * 60 * 1000
const DAY_MS = 24 * LIMIT_WINDOW_MS
const SOURCE_FAILED_CHECKS_PER_HOUR = 10
const SOURCE_FAILED_CHECKS_PER_DAY = 20
const EMAIL_FAILED_CHECKS_PER_DAY = 100
export const EMAIL_CODES_PER_HOUR = 5
const IP_SENDS_PER_HOUR = 30
const IP_CHECKS_PER_HOUR = 60
/** New Accounts one source may start per clock hour: as many as codes it may request (an Account without a code is of no use). */
const IP_CREATIONS_PER_HOUR = 30

/** Failed confirmations (deletion or e-mail change code) per Account in any hour and in any day. */
export const CONFIRM_FAILURES_PER_HOUR = 10
export const CONFIRM_FAILURES_PER_DAY = 20
/** E-mail change requests per source, and naming one new address, per clock hour. */
const IP_EMAIL_CHANGES_PER_HOUR = 10
const EMAIL_CHANGES_TO_ADDRESS_PER_HOUR = 5

type LimitCode = 'EMAIL_CHECK_LIMIT' | 'EMAIL_CHECK_LIMIT_ALL' | 'EMAIL_SEND_LIMIT' | 'IP_SEND_LIMIT' | 'IP_CHECK_LIMIT' | 'CHANGE_LIMIT' | 'ACCOUNT_CREATION_LIMIT'
  | 'CONFIRM_LIMIT' | 'EMAIL_CHANGE_LIMIT' | 'EMAIL_CHANGE_IP_LIMIT' | 'EMAIL_CHANGE_TARGET_LIMIT'

/** Subscription changes one customer may make in any hour (the history keeps 20, more than this). */
export const CHANGES_PER_HOUR = 15
/** E-mails one customer is sent in any hour; more wait in the outbox (mail/outbox.ts). */
export const EMAILS_PER_HOUR = 20

const LIMIT_MESSAGES: Record<LimitCode, string> = {
  EMAIL_CHECK_LIMIT: 'Too many wrong codes were entered for this e-mail from your network. Sign-in from it is paused: try again in ',
  EMAIL_CHECK_LIMIT_ALL: 'Too many wrong codes were entered for this e-mail from several networks today. Sign-in is paused for it: try again in ',
  EMAIL_SEND_LIMIT: 'Too many codes were sent to this e-mail in the last hour. You can request a new one in ',
  IP_SEND_LIMIT: 'Too many codes were requested from your network. You can request a new one in ',
  IP_CHECK_LIMIT: 'Too many codes were checked from your network. Try again in ',
  CHANGE_LIMIT: 'You have made ' + CHANGES_PER_HOUR + ' changes to your subscription in the last hour, the most we accept. Your subscription is as you left it; you can change it again in ',
  ACCOUNT_CREATION_LIMIT: 'Too many new accounts were started from your network. You can start one in ',
  CONFIRM_LIMIT: 'Too many wrong codes were entered for this account. Nothing has changed; confirming is paused (even with the right code): try again in ',
  EMAIL_CHANGE_LIMIT: 'You asked to change your e-mail address too often in the last hour. Your e-mail address has not changed; you can ask again in ',
  EMAIL_CHANGE_IP_LIMIT: 'Too many e-mail changes were asked for from your network. Your e-mail address has not changed; you can ask again in ',
  EMAIL_CHANGE_TARGET_LIMIT: 'Too many codes were asked for that address in the last hour. Your e-mail address has not changed; you can ask again in ',
}

/** One failed code check: when (epoch ms) and from which source (sourceKey). */
interface FailedCheck {
  at: number
  source: string
}

/** What the check limits keep in the Account's private state. */
export interface CheckLimitState {
  /** The failed code checks of the last day, oldest first. */
  failedChecks?: FailedCheck[]
  /** Digests of the networks the owner signed in from (newest last, at most KNOWN_SOURCES_KEPT). */
  knownSources?: string[]
}

/** The 429 answer of a limit, with Retry-After. */
export function limitResponse(code: LimitCode, retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return {
    statusCode: 429,
    body: { code: code, message: LIMIT_MESSAGES[code] + waitWords(seconds) + '.', retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  }
}

/** The times (epoch ms) of `times` within the LIMIT_WINDOW_MS before `now`, oldest first. */
export function withinWindow(times: number[] | undefined, now: number): number[] {
  if (!times) return []
  return times.filter((t) => t > now - LIMIT_WINDOW_MS && t <= now).sort((a, b) => a - b)
}

/**
 * Seconds until one more event fits `max` per rolling `windowMs`, or 0 when it fits now.
 * @param recent times from withinWindow with the same window
 */
export function rollingWait(recent: number[], max: number, now: number, windowMs: number = LIMIT_WINDOW_MS): number {
  if (recent.length < max) return 0
  const oldestCounted = recent[recent.length - max] as number
  return Math.ceil((oldestCounted + windowMs - now) / 1000)
}

/** The key a source address is counted under: a digest of its network (sign-in/request-source.ts), never the address. */
export function sourceKey(sourceIP: string | undefined): string {
  return secretDigest('otp-source\u0000' + networkOf(sourceIP || '')).slice(0, 16)
}

/** The failed checks of the last day, oldest first (older ones are dropped from state). */
export function recentFailures(state: CheckLimitState, now: number): FailedCheck[] {
  return (state.failedChecks || []).filter((f) => f.at > now - DAY_MS && f.at <= now).sort((a, b) => a.at - b.at)
}

/** How many networks the owner signed in from are remembered (newest kept). */
const KNOWN_SOURCES_KEPT = 10

/** `known` with `source` added as the newest (a network the owner just signed in from). */
export function rememberSource(known: string[] | undefined, source: string): string[] {
  const rest = (known || []).filter((s) => s !== source)
  rest.push(source)
  return rest.slice(Math.max(0, rest.length - KNOWN_SOURCES_KEPT))
}

/**
 * The limit a code check from `source` is past, with the seconds until it is not, or null when the
 * check may go on: the source's hourly and daily caps for this e-mail first, then the e-mail's.
 * The e-mail's cap across sources does not apply to a network the owner has signed in from
 * (`known`): failures elsewhere can then not lock the owner out at home, while an attacker's own
 * networks stay bound by it (the per-source caps bind every network, the owner's too).
 */
export function checkLimit(failures: FailedCheck[], source: string, now: number, known: boolean): { code: LimitCode; seconds: number } | null {
  const mine = failures.filter((f) => f.source === source).map((f) => f.at)
  const sourceWait = Math.max(
    rollingWait(withinWindow(mine, now), SOURCE_FAILED_CHECKS_PER_HOUR, now),
    rollingWait(mine, SOURCE_FAILED_CHECKS_PER_DAY, now, DAY_MS),
  )
  if (sourceWait > 0) return { code: 'EMAIL_CHECK_LIMIT', seconds: sourceWait }
  if (known) return null
  const allWait = rollingWait(failures.map((f) => f.at), EMAIL_FAILED_CHECKS_PER_DAY, now, DAY_MS)
  return allWait > 0 ? { code: 'EMAIL_CHECK_LIMIT_ALL', seconds: allWait } : null
}

/** Per-source hourly budgets, from the project environment or the defaults. */
export function ipBudgets(): { sends: number; checks: number; creations: number } {
  return {
    sends: positiveIntSetting('OTP_IP_SENDS_PER_HOUR', IP_SENDS_PER_HOUR),
    checks: positiveIntSetting('OTP_IP_CHECKS_PER_HOUR', IP_CHECKS_PER_HOUR),
    creations: positiveIntSetting('ACCOUNT_CREATIONS_PER_HOUR', IP_CREATIONS_PER_HOUR),
  }
}

/**
 * For INIT: the 429 ACCOUNT_CREATION_LIMIT answer once `sourceIP`'s network has started
 * ACCOUNT_CREATIONS_PER_HOUR (default 30, as many as codes a source may request) Accounts this clock hour, or null. Counted in RDK memory
 * like the code limits, so one anonymous session cannot create Accounts for unverified addresses
 * in bulk.
 */
export async function creationLimit(rdk: RDK, sourceIP: string | undefined, now: number): Promise<Response | null> {
  const wait = await spendIpBudget(rdk, 'create', sourceKey(sourceIP), ipBudgets().creations, now)
  return wait > 0 ? limitResponse('ACCOUNT_CREATION_LIMIT', wait) : null
}

/**
 * Counts one call from `source` (a sourceKey) against its budget for the current clock hour in RDK
 * memory, and answers the seconds until the hour ends when the budget is spent (0 when the call
 * may go on). The key carries the hour, so an expiry only tidies up; a memory failure lets the
 * call through (the per-e-mail caps in state still hold) and is logged.
 */
export async function spendIpBudget(rdk: RDK, kind: 'send' | 'check' | 'create' | 'email-change' | 'email-change-to', source: string, max: number, now: number): Promise<number> {
  const windowStart = Math.floor(now / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS
  const windowEnd = windowStart + LIMIT_WINDOW_MS
  const key = 'otp-limit:' + kind + ':' + source + ':' + windowStart
  try {
    const existing = await rdk.getMemory({ key: key })
    if (!existing || !existing.success || typeof existing.data !== 'number') {
      await rdk.setMemory({ key: key, value: 0, expireAt: Math.ceil((windowEnd + 60 * 1000) / 1000) })
    }
    const counted = await rdk.incrementMemory({ key: key, value: 1 })
    if (!counted || !counted.success || typeof counted.data !== 'number') {
      console.error('otp limits: incrementMemory failed', counted ? counted.error : 'no answer')
      return 0
    }
    return counted.data > max ? Math.ceil((windowEnd - now) / 1000) : 0
  } catch (err) {
    console.error('otp limits: memory unavailable', err instanceof Error ? err.message : String(err))
    return 0
  }
}

/** A change's entry in the customer's history (only when and what are read here). */
interface ChangeEntry {
  at?: string
  action?: string
}

/**
 * Subscription changes per customer per hour: SUBSCRIPTION_CHANGES_PER_HOUR from the project
 * environment (a test that flips a delivery hundreds of times lifts it), else CHANGES_PER_HOUR.
 * Counted from the history, which keeps 20 changes: a value above that lifts the limit.
 */
export function changesPerHour(): number {
  return positiveIntSetting('SUBSCRIPTION_CHANGES_PER_HOUR', CHANGES_PER_HOUR)
}

/**
 * The 429 CHANGE_LIMIT answer when the owner has made CHANGES_PER_HOUR subscription changes in the
 * last hour, or null. Counted from the history (every change adds an entry with its time; the
 * roastery's `shipped` entries are not the customer's), so it needs no state of its own.
 * @param history the customer's change history, oldest first
 */
export function changeLimit(history: ChangeEntry[] | undefined, now: number): Response | null {
  const times: number[] = []
  for (const entry of history || []) {
    const at = entry.at ? Date.parse(entry.at) : NaN
    if (entry.action !== 'shipped' && !isNaN(at)) times.push(at)
  }
  const max = changesPerHour()
  const wait = rollingWait(withinWindow(times, now), max, now)
  if (wait <= 0) return null
  const refused = limitResponse('CHANGE_LIMIT', wait)
  const body = refused.body as { message: string }
  body.message = body.message.replace(String(CHANGES_PER_HOUR) + ' changes', max + ' changes')
  return refused
}

/** When (epoch ms) the next e-mail to a customer who was sent `sentTimes` may go: now, or once the oldest counted leaves the hour. */
export function nextMailSlot(sentTimes: number[] | undefined, now: number): number {
  // CUSTOMER_EMAILS_PER_HOUR in the project environment raises it (a test that flips a delivery hundreds of times).
  const wait = rollingWait(withinWindow(sentTimes, now), positiveIntSetting('CUSTOMER_EMAILS_PER_HOUR', EMAILS_PER_HOUR), now)
  return wait > 0 ? now + wait * 1000 : now
}

/** What the confirmation limit keeps in the Account's private state. */
export interface ConfirmLimitState {
  /** Epoch ms of the failed confirmations of the last day (deletion and e-mail change codes alike). */
  failedConfirmations?: number[]
}

/**
 * The 429 CONFIRM_LIMIT answer while the Account has CONFIRM_FAILURES_PER_HOUR failed
 * confirmations in the last hour or CONFIRM_FAILURES_PER_DAY in the last day, or null. Like the
 * sign-in caps, it refuses the right code too, so asking for new codes buys no more guesses.
 */
export function confirmLimit(state: ConfirmLimitState, now: number): Response | null {
  const day = (state.failedConfirmations || []).filter((t) => t > now - DAY_MS && t <= now).sort((a, b) => a - b)
  const wait = Math.max(
    rollingWait(withinWindow(day, now), CONFIRM_FAILURES_PER_HOUR, now),
    rollingWait(day, CONFIRM_FAILURES_PER_DAY, now, DAY_MS),
  )
  return wait > 0 ? limitResponse('CONFIRM_LIMIT', wait) : null
}

/** Counts one failed confirmation at `now` (older than a day are dropped from state). */
export function noteFailedConfirmation(state: ConfirmLimitState, now: number): void {
  const day = (state.failedConfirmations || []).filter((t) => t > now - DAY_MS && t <= now)
  day.push(now)
  state.failedConfirmations = day
}

/** What the e-mail change request limit keeps in private state. */
export interface EmailChangeLimitState {
  /** Epoch ms of the e-mail change requests of the last hour that asked about an address (refused ones too). */
  emailChangesAskedAt?: number[]
}

/**
 * The 429 answer when the Account asked for EMAIL_CODES_PER_HOUR e-mail changes in the last hour,
 * when `sourceIP`'s network asked for IP_EMAIL_CHANGES_PER_HOUR this clock hour, or when
 * EMAIL_CHANGES_TO_ADDRESS_PER_HOUR named `newEmail` this clock hour; null when the request may
 * go on (it is then counted everywhere, whatever it answers).
 */
export async function emailChangeLimit(rdk: RDK, state: EmailChangeLimitState, sourceIP: string | undefined, newEmail: string, now: number): Promise<Response | null> {
  const asked = withinWindow(state.emailChangesAskedAt, now)
  const accountWait = rollingWait(asked, EMAIL_CODES_PER_HOUR, now)
  if (accountWait > 0) return limitResponse('EMAIL_CHANGE_LIMIT', accountWait)
  const ipWait = await spendIpBudget(rdk, 'email-change', sourceKey(sourceIP), positiveIntSetting('EMAIL_CHANGES_PER_SOURCE_PER_HOUR', IP_EMAIL_CHANGES_PER_HOUR), now)
  if (ipWait > 0) return limitResponse('EMAIL_CHANGE_IP_LIMIT', ipWait)
  const target = secretDigest('email-change-to\u0000' + newEmail).slice(0, 16)
  const targetWait = await spendIpBudget(rdk, 'email-change-to', target, EMAIL_CHANGES_TO_ADDRESS_PER_HOUR, now)
  if (targetWait > 0) return limitResponse('EMAIL_CHANGE_TARGET_LIMIT', targetWait)
  asked.push(now)
  state.emailChangesAskedAt = asked
  return null
}
