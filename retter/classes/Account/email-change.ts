/**
 * Changing the customer's e-mail address, verified at the new address first (as Clerk, Stripe and
 * Supabase do): `requestEmailChange {newEmail}` e-mails a one-time code to the NEW address only, and
 * `confirmEmailChange {code}` moves the customer there.
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
 * Sessions of the old address then own only that empty account: they see nothing of the customer
 * any more, wherever they are, and the browsers among them sign themselves out (`sessionsEndedAt`). The answer carries a sign-in for the new address, so the browser
 * that made the change goes on signed in.
 *
 * Refused, changing nothing: an address that already belongs to an account someone uses (without
 * saying whose), the same address, and a change while a delivery is being roasted and packed (it
 * ships under the address it was packed for; the change is possible once it has shipped).
 */
import RDK, { Data } from '@retter/rdk'
import { accountIdFor, awsIdFor, checkEmail, CUSTOMER_IDENTITY, isPlatformCall, isStaffEmail, STAFF_IDENTITY, userIdFor, waitWords } from 'BeanBloomIdentity'
import { customerDate } from 'BeanBloomSubscription'
import { CustomerView, current, store } from './changes'
import { keepCharge } from './charge-task'
import { checkConfirmationCode, resendWaitSeconds } from './confirm-code'
import { AccountPrivateState, newCustomer, privateOf } from './customer'
import { AWS_ERASE_METHOD, DeletionPrivateState, stillShipping } from './deletion'
import { sendMail } from './mailer'
import { keepOutbox, queueMail } from './notify'
import { issueOtp, OTP_TTL_MS, StoredOtp } from './otp'
import { emailChangeCodeMail, emailChangedMail } from './privacy-mail'
import { keepReminder } from './reminders'
import { syncBoards } from './roastery'
import { noteSent, SentLogState, SentMail } from './sent-log'
import { stripe, stripeFailure } from './stripe'

const rdk = new RDK()

const ACCOUNT_CLASS = 'Account'
/** The method of the new address's Account that checks it is free and adopts the customer. */
export const ADOPT_METHOD = 'adoptCustomer'

/** What an e-mail change keeps in private state while its code is out. */
export interface EmailChangePrivateState {
  emailChange?: {
    /** The normalised new address the code was sent to. */
    newEmail: string
    code: StoredOtp
    /** Epoch ms the code was sent (resend throttle). */
    sentAt: number
  }
}

type Private = AccountPrivateState & DeletionPrivateState & EmailChangePrivateState & SentLogState

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
}

const NOTHING_CHANGED = 'Your e-mail address has not changed.'
const IN_USE_MESSAGE = 'That address already belongs to an account, so it cannot be moved to this one. Use another address, or delete that account first. ' + NOTHING_CHANGED

function refuse(data: Data, statusCode: number, code: string, message: string, extra?: Record<string, unknown>): Data {
  const body: Record<string, unknown> = { code: code, message: message }
  if (extra) for (const key in extra) body[key] = extra[key]
  data.response = { statusCode: statusCode, body: body }
  return data
}

/** Whether an Account's customer is someone's: they signed in, subscribed, paid or gave an address. */
function inUse(view: CustomerView): boolean {
  return view.status !== 'none' || !!view.lastSignInAt || !!view.paymentMethod || !!view.delivery || (view.payments || []).length > 0
}

/** The refusal while a delivery is being roasted and packed for the current address. */
function busyRefusal(data: Data, view: CustomerView, nowMs: number): Data | null {
  const shipping = stillShipping(view, nowMs)
  if (shipping.length === 0) return null
  return refuse(data, 409, 'DELIVERY_IN_PROGRESS', 'Your delivery of ' + shipping.map(customerDate).join(' and ') + ' is being roasted and packed for your current account. You can change your e-mail address once it has shipped. ' + NOTHING_CHANGED)
}

/** Asks the new address's Account whether it is free: 'free', 'taken' or 'unknown' (it did not answer). */
async function addressState(email: string): Promise<'free' | 'taken' | 'unknown'> {
  const answer = await rdk.methodCall({ classId: ACCOUNT_CLASS, instanceId: accountIdFor(email), methodName: ADOPT_METHOD, body: { check: true } })
  if (!answer) return 'unknown'
  // No Account was ever made for that address.
  if (answer.statusCode === 404) return 'free'
  if (answer.statusCode === 409) return 'taken'
  return answer.statusCode >= 200 && answer.statusCode < 300 ? 'free' : 'unknown'
}

/**
 * WRITE (owner): `{newEmail}`. E-mails a code to the new address (never to the old one alone) and
 * answers `{sentTo, expiresInSeconds}`. Refusals change nothing: 400 INVALID_EMAIL / SAME_EMAIL,
 * 409 EMAIL_IN_USE / DELIVERY_IN_PROGRESS, 429 RATE_LIMITED (30 s between codes), 503 when the
 * code cannot be e-mailed or the new address's account cannot be asked.
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
  const wait = resendWaitSeconds(priv.emailChange ? priv.emailChange.sentAt : undefined, nowMs)
  if (wait > 0) return refuse(data, 429, 'RATE_LIMITED', 'A code was sent moments ago. You can request a new one in ' + waitWords(wait) + '.', { retryAfterSeconds: wait })
  const busy = busyRefusal(data, view, nowMs)
  if (busy) return busy
  const state = await addressState(newEmail)
  if (state === 'taken') return refuse(data, 409, 'EMAIL_IN_USE', IN_USE_MESSAGE)
  if (state === 'unknown') return refuse(data, 503, 'ACCOUNTS_UNAVAILABLE', 'We could not check the new address just now. Try again in a moment. ' + NOTHING_CHANGED)
  const issued = issueOtp(nowMs)
  const codeMail = emailChangeCodeMail(newEmail, view.email, issued.code, OTP_TTL_MS / 60000)
  try {
    await sendMail(codeMail)
  } catch (err) {
    console.error('[Account] requestEmailChange: the code could not be e-mailed', err instanceof Error ? err.message : String(err))
    return refuse(data, 503, 'EMAIL_UNAVAILABLE', 'The code could not be e-mailed. Try again in a moment. ' + NOTHING_CHANGED)
  }
  priv.emailChange = { newEmail: newEmail, code: issued.stored, sentAt: nowMs }
  noteSent(priv, codeMail.subject, nowMs)
  data.response = { statusCode: 200, body: { sentTo: newEmail, expiresInSeconds: OTP_TTL_MS / 1000 } }
  return data
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
 * WRITE (owner): `{code}` from requestEmailChange's e-mail. Moves the customer to the new address
 * as described above and answers `{email, customToken?}` (a sign-in for the new address; without
 * it the customer signs in with the new address). Refusals change nothing: 409 NO_CODE, 400
 * INVALID_CODE / CODE_EXPIRED, 429 TOO_MANY_ATTEMPTS, 409 EMAIL_IN_USE (taken since the code was
 * sent) / DELIVERY_IN_PROGRESS, 503 when Stripe or the new address's account cannot be reached.
 */
export async function confirmEmailChange(data: Data<{ code?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const priv = privateOf(data) as Private
  const pending = priv.emailChange
  const checked = checkConfirmationCode(pending ? pending.code : undefined, data.request.body ? data.request.body.code : undefined, nowMs, NOTHING_CHANGED)
  if (checked.voided) delete priv.emailChange
  if (checked.refusal) return refuse(data, checked.refusal.statusCode, checked.refusal.code, checked.refusal.message, checked.refusal.extra)
  const newEmail = (pending as NonNullable<Private['emailChange']>).newEmail
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
  const adopt: AdoptInput = { customer: moved, fromEmail: oldEmail, stripeCustomerId: priv.stripeCustomerId, paymentMethodId: priv.paymentMethodId, remindedFor: priv.remindedFor, sentMails: priv.sentMails }
  const adopted = await rdk.methodCall({ classId: ACCOUNT_CLASS, instanceId: accountIdFor(newEmail), methodName: ADOPT_METHOD, body: adopt })
  if (adopted && adopted.statusCode === 409) return refuse(data, 409, 'EMAIL_IN_USE', IN_USE_MESSAGE)
  if (!adopted || adopted.statusCode < 200 || adopted.statusCode >= 300) {
    // Stripe already carries the new address; a retry with the same code sets it again.
    console.error('[Account] confirmEmailChange: adoptCustomer answered ' + (adopted ? adopted.statusCode : 'nothing'))
    return refuse(data, 503, 'ACCOUNTS_UNAVAILABLE', 'We could not move your account just now. Try again in a moment with the same code. ' + NOTHING_CHANGED)
  }

  // This Account is now a new, empty account of the old address (as after a deletion).
  const fresh = newCustomer(oldEmail) as CustomerView
  // Browsers still signed in with the old address sign themselves out on seeing this.
  fresh.sessionsEndedAt = new Date(nowMs).toISOString()
  store(data, fresh)
  await syncBoards(data, fresh, nowMs)
  const next: Private = { userId: priv.userId }
  if (priv.retainedDocuments) next.retainedDocuments = priv.retainedDocuments
  if (priv.onBoards) next.onBoards = priv.onBoards
  if (priv.boardRetryPending) next.boardRetryPending = priv.boardRetryPending
  if (priv.boardRetries) next.boardRetries = priv.boardRetries
  // Pending tasks find nothing to do, but their bookkeeping keeps them from being scheduled twice.
  if (priv.reminderTasks) next.reminderTasks = priv.reminderTasks
  if (priv.chargeTasks) next.chargeTasks = priv.chargeTasks
  // E-mails about changes made before the move still go, to the address they were written for.
  keepOutbox(priv, next, true)
  data.state.private = next
  const erased = await rdk.methodCall({ classId: 'AWS', instanceId: awsIdFor(oldEmail), methodName: AWS_ERASE_METHOD, body: {} })
  if (erased && erased.statusCode >= 300 && erased.statusCode !== 404) console.error('[Account] confirmEmailChange: the old address’s AWS object was not erased: ' + erased.statusCode)
  queueMail(data, emailChangedMail(oldEmail, { from: oldEmail, to: newEmail, side: 'old' }), { owed: true })

  const identity = isStaffEmail(newEmail) ? STAFF_IDENTITY : CUSTOMER_IDENTITY
  const minted = await rdk.generateCustomToken({ userId: userIdFor(newEmail), identity: identity, claims: { email: newEmail } })
  const customToken = minted && minted.success && minted.data ? minted.data.customToken : undefined
  data.response = { statusCode: 200, body: { email: newEmail, customToken: customToken } }
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
    data.response = { statusCode: 200, body: { free: true } }
    return data
  }
  const customer = input.customer
  if (!customer || customer.email !== own.email || typeof input.fromEmail !== 'string') {
    return refuse(data, 400, 'BAD_MOVE', 'A move names the customer with this Account’s address and where they come from')
  }
  const priv = privateOf(data)
  customer.lastSignInAt = new Date(nowMs).toISOString()
  store(data, customer)
  if (input.stripeCustomerId) priv.stripeCustomerId = input.stripeCustomerId
  if (input.paymentMethodId) priv.paymentMethodId = input.paymentMethodId
  if (input.remindedFor) priv.remindedFor = input.remindedFor
  if (input.sentMails) (priv as SentLogState).sentMails = input.sentMails.concat((priv as SentLogState).sentMails || [])
  keepReminder(data, customer, nowMs)
  keepCharge(data, customer, nowMs)
  await syncBoards(data, customer, nowMs)
  queueMail(data, emailChangedMail(own.email, { from: input.fromEmail, to: own.email, side: 'new' }), { owed: true })
  data.response = { statusCode: 200, body: { adopted: true } }
  return data
}
