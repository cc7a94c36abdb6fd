/**
 * Changing the customer's e-mail address, proven at both mailboxes: `requestEmailChange {newEmail}`
 * e-mails one one-time code to the NEW address and another to the CURRENT one, and
 * `confirmEmailChange {code, currentCode}` (the new address's code, the current address's code)
 * moves the customer there. A session alone (a shared laptop, a stolen token) cannot move the
 * account: it also needs the current mailbox, as deleting the account does.
 *
 * An Account's id, its customer's userId and the ownership of a session all derive from the e-mail
 * (BeanBloomIdentity), so the change is a move to the Account of the new address:
 *
 * 1. the Account of the new address (made now when there is none) adopts the customer: their
 *    subscription, history, deliveries, payments, receipts, address, preferences and payment
 *    method (`adoptCustomer`, a class-to-class call); it puts their coming deliveries on the boards
 *    under its own id, schedules their reminder and charge, and e-mails the new address;
 * 2. the Stripe customer's e-mail follows (their saved payment method stays where it is);
 * 3. this Account becomes a new, empty account of the old address (as after a deletion), takes its
 *    deliveries off the boards, erases the old address's AWS object, and e-mails the old address.
 *
 * Sessions of the old address from before the move are refused by both Accounts from then on
 * (`sessionsEndedAt` is the session epoch of each: session-epoch.ts), so they see nothing of the
 * customer or of whoever signs up with the old address next. The answer carries a sign-in for the
 * new address, minted after the move, so the browser that made the change goes on signed in.
 *
 * Refused, changing nothing: an address that already belongs to an account someone uses (without
 * saying whose), the same address, and a change while a delivery is being roasted and packed (it
 * ships under the address it was packed for; the change is possible once it has shipped).
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { accountIdFor, awsIdFor, checkEmail, CUSTOMER_IDENTITY, isPlatformCall, isStaffMember, STAFF_IDENTITY, userIdFor, waitWords } from 'BeanBloomIdentity'
import { customerDate } from 'BeanBloomSubscription'
import { CustomerView, current, store } from '../subscription/customer-view'
import { keepCharge } from '../payments/charge-task'
import { callUntilFree } from 'BeanBloomBoard'
import { checkConfirmationCode, CodeCheck, confirmLimitRefusal, resendWaitSeconds } from './confirm-code'
import { AccountPrivateState, newCustomer, privateOf } from '../customer'
import { AWS_ERASE_METHOD, DeletionPrivateState, stillShipping } from './deletion'
import { sendMail } from '../mail/mailer'
import { keepOutbox, queueMail } from '../mail/outbox'
import { issueOtp, OTP_TTL_MS, StoredOtp } from '../sign-in/wrong-tries'
import { ConfirmLimitState, EmailChangeLimitState, emailChangeLimit, noteFailedConfirmation } from '../limits'
import { emailChangeCodeMail, emailChangeCurrentCodeMail, emailChangedMail } from '../mail/data-rights-emails'
import { keepReminder } from '../subscription/reminders'
import { keepGiftTasks } from '../gifts/moved-gifts'
import { adoptedFromFor, MovedState, noteAdoptedFrom, noteMovedTo } from '../payments/moved-refunds'
import { keepBoardBookkeeping, syncBoards } from '../subscription/roastery-boards'
import { noteSent, SentLogState, SentMail } from '../mail/sent-log'
import { endSessions, signInClaims } from '../sign-in/session-epoch'
import { stripe, stripeFailure } from '../payments/stripe'
import { storedLocale } from '../language'

const rdk = new RDK()

const ACCOUNT_CLASS = 'Account'
/** The method of the new address's Account that checks it is free and adopts the customer. */
export const ADOPT_METHOD = 'adoptCustomer'
/**
 * Pauses before each further try of another Account that answers 570 (busy with another write):
 * the spec's busy retry, 3 retries from 50 ms, each 1.5 times the last, as a client retries.
 */
export const ACCOUNT_BUSY_DELAYS_MS: ReadonlyArray<number> = [50, 75, 112.5]

/** What an e-mail change keeps in private state while its code is out. */
export interface EmailChangePrivateState {
  emailChange?: {
    /** The normalised new address the code was sent to. */
    newEmail: string
    /** The code sent to the new address (`code` of confirmEmailChange). */
    code: StoredOtp
    /** The code sent to the current address (`currentCode`); absent on a change asked before both were sent. */
    currentCode?: StoredOtp
    /** Epoch ms the code was sent (resend throttle). */
    sentAt: number
  }
}

type Private = AccountPrivateState & MovedState & DeletionPrivateState & EmailChangePrivateState & SentLogState & ConfirmLimitState & EmailChangeLimitState

/** The body of adoptCustomer: `{check: true}` only asks whether the address is free. */
export interface AdoptInput {
  check?: boolean
  /** The customer's state, already carrying the new address. */
  customer?: CustomerView
  fromEmail?: string
  stripeCustomerId?: string
  paymentMethodId?: string
  /** The latest delivery already reminded of (so it is not reminded twice). */
  remindedFor?: string
  /** The log of e-mails sent to the customer (it is theirs, so it moves with them). */
  sentMails?: SentMail[]
  /** The Accounts the customer came from before this one (their shipped deliveries' ids are theirs). */
  adoptedFrom?: string[]
}

const NOTHING_CHANGED = 'Your e-mail address has not changed.'
const IN_USE_MESSAGE = 'That address already belongs to an account, so it cannot be moved to this one. Use another address, or delete that account first. ' + NOTHING_CHANGED


/** Whether an Account's customer is someone's: they signed in, subscribed, paid or gave an address. */
function inUse(view: CustomerView): boolean {
  return view.status !== 'none' || !!view.lastSignInAt || !!view.paymentMethod || !!view.delivery || (view.payments || []).length > 0
}

/** The refusal while a delivery is being roasted and packed for the current address. */
function busyRefusal(data: Data, view: CustomerView, nowMs: number): Data | null {
  const shipping = stillShipping(view, nowMs)
  if (shipping.length === 0) return null
  return refuse(data, 409, 'DELIVERY_IN_PROGRESS', 'Your delivery of ' + shipping.map(function (day) { return customerDate(day) }).join(' and ') + ' is being roasted and packed for your current account. You can change your e-mail address once it has shipped. ' + NOTHING_CHANGED)
}

/** Calls the new address's Account's adoptCustomer, again while it is busy (570), as a client would. */
function askAccount(email: string, body: AdoptInput) {
  return callUntilFree(function () {
    return rdk.methodCall({ classId: ACCOUNT_CLASS, instanceId: accountIdFor(email), methodName: ADOPT_METHOD, body: body })
  }, ACCOUNT_BUSY_DELAYS_MS)
}

/** Asks the new address's Account whether it is free: 'free', 'taken' or 'unknown' (it did not answer). */
async function addressState(email: string): Promise<'free' | 'taken' | 'unknown'> {
  const answer = await askAccount(email, { check: true })
  // No Account was ever made for that address.
  if (answer.statusCode === 404) return 'free'
  if (answer.statusCode === 409) return 'taken'
  return answer.statusCode >= 200 && answer.statusCode < 300 ? 'free' : 'unknown'
}

/**
 * WRITE (owner): `{newEmail}`. E-mails a code to the new address and another to the current one,
 * and answers `{sentTo, currentCodeSentTo, expiresInSeconds}`. Refusals change nothing: 400
 * INVALID_EMAIL / SAME_EMAIL, 409 EMAIL_IN_USE / DELIVERY_IN_PROGRESS, 429 RATE_LIMITED (30 s
 * after the previous request, whatever it answered), 429 EMAIL_CHANGE_LIMIT /
 * EMAIL_CHANGE_IP_LIMIT / EMAIL_CHANGE_TARGET_LIMIT (limits.ts), 503 when a code cannot be
 * e-mailed or the new address's account cannot be asked. Every request that asks about an
 * address counts against the wait and the caps, so EMAIL_IN_USE cannot be probed faster than
 * codes can be sent.
 */
export async function requestEmailChange(data: Data<{ newEmail?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const priv = privateOf(data) as Private
  const view = current(data, nowMs)
  const raw = data.request.body ? data.request.body.newEmail : undefined
  if (typeof raw !== 'string') return refuse(data, 400, 'INVALID_EMAIL', 'Enter the new e-mail address. ' + NOTHING_CHANGED)
  const checked = checkEmail(raw)
  if (!checked.ok) return refuse(data, 400, 'INVALID_EMAIL', checked.message + ' ' + NOTHING_CHANGED)
  const newEmail = checked.email
  if (newEmail === view.email) return refuse(data, 400, 'SAME_EMAIL', 'That is already your address. ' + NOTHING_CHANGED)
  const asked = priv.emailChangesAskedAt || []
  const lastAsked = Math.max(priv.emailChange ? priv.emailChange.sentAt : 0, asked.length > 0 ? asked[asked.length - 1] as number : 0)
  const wait = resendWaitSeconds(lastAsked > 0 ? lastAsked : undefined, nowMs)
  if (wait > 0) return refuse(data, 429, 'RATE_LIMITED', 'A code was asked for moments ago. You can request a new one in ' + waitWords(wait) + '. ' + NOTHING_CHANGED, { retryAfterSeconds: wait })
  const busy = busyRefusal(data, view, nowMs)
  if (busy) return busy
  const limited = await emailChangeLimit(rdk, priv, data.context.sourceIP, newEmail, nowMs)
  if (limited) {
    data.response = limited
    return data
  }
  const state = await addressState(newEmail)
  if (state === 'taken') return refuse(data, 409, 'EMAIL_IN_USE', IN_USE_MESSAGE)
  if (state === 'unknown') return refuse(data, 503, 'ACCOUNTS_UNAVAILABLE', 'We could not check the new address just now. Try again in a moment. ' + NOTHING_CHANGED)
  const toNew = issueOtp(nowMs)
  const toCurrent = issueOtp(nowMs)
  const minutes = OTP_TTL_MS / 60000
  const locale = storedLocale(view)
  const codeMails = [emailChangeCurrentCodeMail(view.email, newEmail, toCurrent.code, minutes, locale), emailChangeCodeMail(newEmail, view.email, toNew.code, minutes, locale)]
  try {
    // The current address first: without it no change can be confirmed, so the new address is not written to in vain.
    for (const mail of codeMails) await sendMail(mail)
  } catch (err) {
    console.error('[Account] requestEmailChange: a code could not be e-mailed', err instanceof Error ? err.message : String(err))
    return refuse(data, 503, 'EMAIL_UNAVAILABLE', 'The codes could not be e-mailed. Try again in a moment. ' + NOTHING_CHANGED)
  }
  priv.emailChange = { newEmail: newEmail, code: toNew.stored, currentCode: toCurrent.stored, sentAt: nowMs }
  for (const mail of codeMails) noteSent(priv, mail.subject, nowMs)
  respond(data, { sentTo: newEmail, currentCodeSentTo: view.email, expiresInSeconds: OTP_TTL_MS / 1000 })
  return data
}

/** A refusal of one of the two codes, saying which address's code it was (and naming the field). */
function codeRefusal(data: Data, checked: CodeCheck, field: 'code' | 'currentCode', address: string): Data {
  const refusal = checked.refusal as NonNullable<CodeCheck['refusal']>
  const which = field === 'code' ? 'the code sent to your new address, ' : 'the code sent to your current address, '
  const extra: Record<string, unknown> = { field: field }
  if (refusal.extra) for (const key in refusal.extra) extra[key] = refusal.extra[key]
  const message = refusal.code === 'NO_CODE' ? refusal.message : 'About ' + which + address + ': ' + refusal.message
  return refuse(data, refusal.statusCode, refusal.code, message, extra)
}

/**
 * Checks both codes of the pending change (each keeps its own tries) under the Account's
 * failed-confirmation caps: one request with a wrong code counts once, whichever was wrong.
 * Answers the refusal, or null when both are right.
 */
function checkBothCodes(data: Data, priv: Private, body: { code?: unknown; currentCode?: unknown }, nowMs: number): Data | null {
  const limited = confirmLimitRefusal(priv, nowMs)
  if (limited) return refuse(data, limited.statusCode, limited.code, limited.message, limited.extra)
  const pending = priv.emailChange
  if (!pending || !pending.currentCode) {
    // A change asked for before both codes were sent cannot be confirmed: ask again.
    const none = checkConfirmationCode(undefined, body.code, nowMs, NOTHING_CHANGED)
    return codeRefusal(data, none, 'code', '')
  }
  const toNew = checkConfirmationCode(pending.code, body.code, nowMs, NOTHING_CHANGED)
  const toCurrent = checkConfirmationCode(pending.currentCode, body.currentCode, nowMs, NOTHING_CHANGED)
  if (toNew.wrong || toCurrent.wrong) noteFailedConfirmation(priv, nowMs)
  if (toNew.voided || toCurrent.voided) delete priv.emailChange
  if (toNew.refusal) return codeRefusal(data, toNew, 'code', pending.newEmail)
  if (toCurrent.refusal) return codeRefusal(data, toCurrent, 'currentCode', current(data, nowMs).email)
  return null
}

/** Points the Stripe customer at the new address; null when done (or there is none), else the problem. */
async function moveStripeCustomer(id: string | undefined, email: string): Promise<string | null> {
  if (!id) return null
  try {
    await stripe().customers.update(id, { email: email })
    return null
  } catch (err) {
    return stripeFailure(err).message
  }
}

/**
 * WRITE (owner): `{code, currentCode}`: the code e-mailed to the new address and the one e-mailed
 * to the current address. Moves the customer to the new address as described above and answers
 * `{email, customToken?}` (a sign-in for the new address; without it the customer signs in with
 * the new address). Refusals change nothing: 400 CURRENT_CODE_REQUIRED (a client that sends only
 * `code`), 409 NO_CODE, 400 INVALID_CODE / CODE_EXPIRED and 429 TOO_MANY_ATTEMPTS (with `field`
 * naming which code), 429 CONFIRM_LIMIT (limits.ts), 409 EMAIL_IN_USE (taken since the code was
 * sent) / DELIVERY_IN_PROGRESS, 503 when Stripe or the new address's account cannot be reached.
 */
export async function confirmEmailChange(data: Data<{ code?: string; currentCode?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const priv = privateOf(data) as Private
  const body = data.request.body || {}
  if (body.currentCode === undefined) {
    return refuse(data, 400, 'CURRENT_CODE_REQUIRED', 'Enter both codes: the one sent to your new address (code) and the one sent to your current address (currentCode). ' + NOTHING_CHANGED, { field: 'currentCode' })
  }
  const refused = checkBothCodes(data, priv, body, nowMs)
  if (refused) return refused
  const newEmail = (priv.emailChange as NonNullable<Private['emailChange']>).newEmail
  const view = current(data, nowMs)
  const oldEmail = view.email
  const busy = busyRefusal(data, view, nowMs)
  if (busy) return busy
  const state = await addressState(newEmail)
  if (state === 'taken') return refuse(data, 409, 'EMAIL_IN_USE', IN_USE_MESSAGE)
  if (state === 'unknown') return refuse(data, 503, 'ACCOUNTS_UNAVAILABLE', 'We could not reach the new address’s account just now. Try again in a moment with the same code. ' + NOTHING_CHANGED)

  const stripeProblem = await moveStripeCustomer(priv.stripeCustomerId, newEmail)
  if (stripeProblem) return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider to change your address there: ' + stripeProblem + ' ' + NOTHING_CHANGED + ' Try again in a moment with the same code.')

  if (state === 'free') {
    // The new address's Account may not exist yet: opening it by its body makes it (INIT).
    const opened = await rdk.getInstance({ classId: ACCOUNT_CLASS, body: { email: newEmail } })
    if (!opened || opened.statusCode >= 300) {
      console.error('[Account] confirmEmailChange: the new address’s Account could not be opened: ' + (opened ? opened.statusCode : 'no answer'))
    }
  }
  const moved = JSON.parse(JSON.stringify(view)) as CustomerView
  moved.email = newEmail
  const adopt: AdoptInput = { customer: moved, fromEmail: oldEmail, stripeCustomerId: priv.stripeCustomerId, paymentMethodId: priv.paymentMethodId, remindedFor: priv.remindedFor, sentMails: priv.sentMails, adoptedFrom: adoptedFromFor(data) }
  const adopted = await askAccount(newEmail, adopt)
  if (adopted.statusCode === 409) return refuse(data, 409, 'EMAIL_IN_USE', IN_USE_MESSAGE)
  if (adopted.statusCode < 200 || adopted.statusCode >= 300) {
    // Stripe already carries the new address; a retry with the same code sets it again.
    console.error('[Account] confirmEmailChange: adoptCustomer answered ' + adopted.statusCode)
    return refuse(data, 503, 'ACCOUNTS_UNAVAILABLE', 'We could not move your account just now. Try again in a moment with the same code. ' + NOTHING_CHANGED)
  }

  // This Account is now a new, empty account of the old address (as after a deletion).
  const fresh = newCustomer(oldEmail) as CustomerView
  // Browsers still signed in with the old address sign themselves out on seeing this.
  endSessions(data, fresh, nowMs)
  store(data, fresh)
  await syncBoards(data, fresh, nowMs)
  const next: Private = { userId: priv.userId }
  if (priv.retainedDocuments) next.retainedDocuments = priv.retainedDocuments
  // A deletion's deliveries still on their way ship and refund from here, whoever takes the address next.
  if (priv.deletedDeliveries) next.deletedDeliveries = priv.deletedDeliveries
  // Refunds of what shipped before the move reach the customer where they went (moved-refunds.ts).
  noteMovedTo(next, accountIdFor(newEmail), nowMs)
  keepBoardBookkeeping(priv, next)
  // What the directory holds, so the next write takes the customer out of it.
  if (priv.directoryEntry) next.directoryEntry = priv.directoryEntry
  // On the Shop's old list of subscribers: the same request takes it off (catalogue-source.ts).
  if (priv.shopNoted) next.shopNoted = priv.shopNoted
  // Pending tasks find nothing to do, but their bookkeeping keeps them from being scheduled twice.
  if (priv.reminderTasks) next.reminderTasks = priv.reminderTasks
  if (priv.chargeTasks) next.chargeTasks = priv.chargeTasks
  // E-mails about changes made before the move still go, to the address they were written for.
  keepOutbox(priv, next, true)
  data.state.private = next
  const erased = await rdk.methodCall({ classId: 'AWS', instanceId: awsIdFor(oldEmail), methodName: AWS_ERASE_METHOD, body: {} })
  if (erased && erased.statusCode >= 300 && erased.statusCode !== 404) console.error('[Account] confirmEmailChange: the old address’s AWS object was not erased: ' + erased.statusCode)
  queueMail(data, emailChangedMail(oldEmail, { from: oldEmail, to: newEmail, side: 'old' }, storedLocale(view)), { owed: true })

  const identity = (await isStaffMember(rdk, newEmail)) ? STAFF_IDENTITY : CUSTOMER_IDENTITY
  // Signed in after the new address's Account set its epoch (adoptCustomer), so this session is not refused there.
  const minted = await rdk.generateCustomToken({ userId: userIdFor(newEmail), identity: identity, claims: signInClaims(newEmail, Date.now()) })
  const customToken = minted && minted.success && minted.data ? minted.data.customToken : undefined
  respond(data, { email: newEmail, customToken: customToken })
  return data
}

/**
 * WRITE (class-to-class only, from another Account): `{check: true}` answers 200 `{free: true}` or
 * 409 EMAIL_IN_USE; otherwise adopts the customer `{customer, fromEmail, …}` moving here from the
 * Account of their old address, and e-mails this address that the move is done.
 */
export async function adoptCustomer(data: Data<AdoptInput>): Promise<Data> {
  if (!isPlatformCall(data.context, ACCOUNT_CLASS)) return refuse(data, 403, 'FORBIDDEN', 'Only an Account moves a customer here')
  const nowMs = Date.now()
  const own = current(data, nowMs)
  if (inUse(own)) return refuse(data, 409, 'EMAIL_IN_USE', 'This address already belongs to an account')
  const input = data.request.body || {}
  if (input.check) {
    respond(data, { free: true })
    return data
  }
  const customer = input.customer
  if (!customer || customer.email !== own.email || typeof input.fromEmail !== 'string') {
    return refuse(data, 400, 'BAD_MOVE', 'A move names the customer with this Account’s address and where they come from')
  }
  const priv = privateOf(data)
  customer.lastSignInAt = new Date(nowMs).toISOString()
  // Sessions of this address from before (its earlier holder's, kept from before a deletion or a
  // move) must not read the customer moving in: this is the address's new session epoch.
  endSessions(data, customer, nowMs)
  // Gifts offered to this address before anyone held it stay offered to whoever holds it now.
  const waiting = (own.giftOffers || []).filter(function (o) { return !(customer.giftOffers || []).some(function (c) { return c.giftId === o.giftId }) })
  if (waiting.length > 0) customer.giftOffers = (customer.giftOffers || []).concat(waiting)
  store(data, customer)
  // The gifts this customer gave that are still to be sent go on from here (the old Account forwards late calls too).
  keepGiftTasks(data, customer, nowMs)
  if (input.stripeCustomerId) priv.stripeCustomerId = input.stripeCustomerId
  if (input.paymentMethodId) priv.paymentMethodId = input.paymentMethodId
  if (input.remindedFor) priv.remindedFor = input.remindedFor
  noteAdoptedFrom(data, input.adoptedFrom)
  if (input.sentMails) (priv as SentLogState).sentMails = input.sentMails.concat((priv as SentLogState).sentMails || [])
  keepReminder(data, customer, nowMs)
  keepCharge(data, customer, nowMs)
  await syncBoards(data, customer, nowMs)
  queueMail(data, emailChangedMail(own.email, { from: input.fromEmail, to: own.email, side: 'new' }, storedLocale(own)), { owed: true })
  respond(data, { adopted: true })
  return data
}
