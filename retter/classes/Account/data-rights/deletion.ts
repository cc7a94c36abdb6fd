/**
 * Deleting an account (the right to erasure), in two steps so that nobody deletes it by accident or
 * with a borrowed session: `requestAccountDeletion` e-mails a fresh one-time code to the account's
 * address, and `deleteMyAccount {code}` checks it and then, in this order (each step is safe to run
 * again, so a failure answers an error and a retry finishes the job):
 *
 * 1. deletes the customer at Stripe (their saved payment method goes with it);
 * 2. erases the customer's AWS object (the AWS class's `eraseCustomer`);
 * 3. takes the customer's e-mails that failed every try off the mail desk (the MailDesk class's
 *    `forgetAccount`); the Account's own dead letters go with its outbox in step 6;
 * 4. takes every delivery a change can still reach off the roastery's boards; a delivery already
 *    final (being roasted and packed, and charged at that moment) still ships, as the terms say, so
 *    its payment and address are kept apart until it has shipped and can no longer be refunded
 *    (deleted-deliveries.ts);
 * 5. keeps the receipts and credit notes tax law requires, apart from the customer's state, until
 *    the end of their retention period (private state, never shown to any session);
 * 6. replaces the customer's state with that of a new account (only the address, which is the
 *    Account's key and where the next sign-in code goes), forgets the sign-in records and limits,
 *    removes the e-mail lookup key, and sends a last e-mail that it is done.
 *
 * The live documents follow the state (the runtime mirrors every write). Sessions: the app signs
 * the deleting browser out; other sessions of the address only ever see the new, empty account.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { awsIdFor, waitWords } from 'BeanBloomIdentity'
import { firstChangeableDay, isoDay, SubscriptionFields } from 'BeanBloomSubscription'
import { CreditNote, Receipt } from 'BeanBloomSubscription'
import { current, CustomerView } from '../subscription/customer-view'
import { AccountPrivateState, newCustomer, privateOf } from '../customer'
import { EMAIL_LOOKUP_KEY } from '../index'
import { keepOutbox, MAIL_DESK, queueMail } from '../mail/outbox'
import { DeletedDeliveriesState, keepDeletedDeliveries } from './deleted-deliveries'
import { noteSent, SentLogState } from '../mail/sent-log'
import { checkConfirmationCode, resendWaitSeconds } from './confirm-code'
import { ConfirmLimitState } from '../limits'
import { OTP_TTL_MS, StoredOtp } from '../sign-in/wrong-tries'
import { CodeMailing, emailCode } from '../sign-in/code-mail'
import { accountDeletedMail, deletionCodeMail } from '../mail/data-rights-emails'
import { keepBoardBookkeeping, shippedDays, syncBoards } from '../subscription/roastery-boards'
import { stripe, stripeFailure } from '../payments/stripe'
import { endSessions } from '../sign-in/session-epoch'
import { storedLocale } from '../language'
import { refundGiftsBeforeDeletion } from '../gifts/gift-refunds'

const rdk = new RDK()

/** Years tax law asks receipts and credit notes to be kept, from the end of the year they were issued. */
export const DOCUMENT_RETENTION_YEARS = 10
/** The AWS class's method that erases the customer's object. */
export const AWS_ERASE_METHOD = 'eraseCustomer'
/** The MailDesk method that takes an Account's dead letters off the staff list. */
export const DESK_FORGET_METHOD = 'forgetAccount'

/** A receipt or credit note kept after its account was deleted. */
export interface RetainedDocument {
  document: Receipt | CreditNote
  /** ISO day after which it may be deleted too. */
  keepUntil: string
}

/** What deletion keeps in private state besides AccountPrivateState. */
export interface DeletionPrivateState extends DeletedDeliveriesState {
  /** The pending deletion code (its hash). */
  deletionCode?: StoredOtp
  /** Epoch ms the latest deletion code was sent (resend throttle). */
  deletionCodeSentAt?: number
  /** Epoch ms of the deletion codes sent in the last hour (hourly cap). */
  deletionCodesSentAt?: number[]
  /** Documents tax law requires us to keep, from accounts deleted at this address. */
  retainedDocuments?: RetainedDocument[]
}

type Private = AccountPrivateState & DeletionPrivateState
type Customer = CustomerView & SubscriptionFields


/** The ISO day a document issued at `issuedAt` may be deleted after. */
export function keepUntilOf(issuedAt: string): string {
  return new Date(Date.parse(issuedAt)).getUTCFullYear() + DOCUMENT_RETENTION_YEARS + '-12-31'
}

/** Keeps `document` (a credit note issued after the deletion) with the documents tax law requires. */
export function retainDocument(data: Data, document: Receipt | CreditNote): void {
  const priv = privateOf(data) as Private
  const kept = priv.retainedDocuments || []
  if (kept.some(function (d) { return d.document.number === document.number })) return
  priv.retainedDocuments = kept.concat([{ document: document, keepUntil: keepUntilOf(document.issuedAt) }])
}

/** Every receipt and credit note of the customer's payments, and the receipts of the gifts they gave. */
export function documentsOf(customer: Pick<Customer, 'payments' | 'giftsGiven'>): Array<Receipt | CreditNote> {
  const documents: Array<Receipt | CreditNote> = []
  for (const gift of customer.giftsGiven || []) if (gift.receipt) documents.push(gift.receipt)
  for (const payment of customer.payments || []) {
    if (payment.receipt) documents.push(payment.receipt)
    for (const refund of payment.refunds || []) if (refund.creditNote) documents.push(refund.creditNote)
  }
  return documents
}

/**
 * Deliveries already final (a change can no longer reach them) that still ship: the customer's
 * upcoming, not skipped, not shipped deliveries before the first changeable day.
 */
export function stillShipping(customer: Customer, nowMs: number): string[] {
  if ((customer.status !== 'active' && customer.status !== 'paused') || customer.paymentHoldSince) return []
  const firstDay = isoDay(firstChangeableDay(nowMs)).slice(0, 10)
  const shipped = shippedDays(customer)
  return (customer.upcomingDeliveries || [])
    .filter(function (d) { return !d.skipped && d.date.slice(0, 10) < firstDay && shipped.indexOf(d.date.slice(0, 10)) < 0 })
    .map(function (d) { return d.date })
}

/** The deletion code's e-mail, and what is logged and answered when it does not go out. */
const DELETION_CODE: CodeMailing = {
  mail: (to, code, locale) => deletionCodeMail(to, code, OTP_TTL_MS / 60000, locale),
  failureLog: '[Account] requestAccountDeletion: the code could not be e-mailed',
  unavailable: 'The code could not be e-mailed. Try again in a moment.',
}

/** WRITE (owner): e-mails a fresh code that confirms deleting the account (the previous one stops working). */
export async function requestAccountDeletion(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const priv = privateOf(data) as Private
  const view = current(data, nowMs)
  const email = view.email
  const locale = storedLocale(view)
  const retryAfterSeconds = resendWaitSeconds(priv.deletionCodeSentAt, nowMs)
  if (retryAfterSeconds > 0) {
    return refuse(data, 429, 'RATE_LIMITED', 'A code was sent moments ago. You can request a new one in ' + waitWords(retryAfterSeconds) + '.', { retryAfterSeconds: retryAfterSeconds })
  }
  // At most EMAIL_CODES_PER_HOUR deletion codes an hour, as sign-in codes (limits.ts).
  const issued = await emailCode(data, DELETION_CODE, email, priv.deletionCodesSentAt, nowMs, locale)
  if (!issued) return data
  priv.deletionCode = issued.stored
  priv.deletionCodeSentAt = nowMs
  priv.deletionCodesSentAt = issued.sentAt
  noteSent(priv as SentLogState, deletionCodeMail(email, '', 0, locale).subject, nowMs)
  respond(data, { sent: true, expiresInSeconds: OTP_TTL_MS / 1000 })
  return data
}

/** Checks the deletion code; answers the refusal, or null when it is right. */
function checkCode(data: Data, priv: Private, code: unknown, nowMs: number): Data | null {
  // Failed confirmations are capped per Account (limits.ts), so codes cannot be guessed without end.
  const checked = checkConfirmationCode(priv.deletionCode, code, nowMs, 'Nothing has been deleted.', priv as ConfirmLimitState)
  if (checked.voided) delete priv.deletionCode
  const refusal = checked.refusal
  return refusal ? refuse(data, refusal.statusCode, refusal.code, refusal.message, refusal.extra) : null
}

/** Deletes the customer at Stripe; true when it is gone (or never existed). */
async function deleteStripeCustomer(id: string | undefined): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!id) return { ok: true }
  try {
    await stripe().customers.del(id)
    return { ok: true }
  } catch (err) {
    const code = (err as { code?: string }).code
    // Already deleted (a retry after a later step failed): that is the outcome we want.
    if (code === 'resource_missing') return { ok: true }
    return { ok: false, message: stripeFailure(err).message }
  }
}

/** Erases the customer's AWS object; true when it is erased or there is none. */
async function eraseAwsObject(email: string): Promise<boolean> {
  const answer = await rdk.methodCall({ classId: 'AWS', instanceId: awsIdFor(email), methodName: AWS_ERASE_METHOD, body: {} })
  if (answer && answer.statusCode >= 200 && answer.statusCode < 300) return true
  // No AWS object was ever made for this address: nothing to erase.
  if (answer && answer.statusCode === 404) return true
  console.error('[Account] deleteMyAccount: the AWS object was not erased: ' + (answer ? answer.statusCode : 'no answer'))
  return false
}

/** Takes the Account's entries off the mail desk; true when they are gone or there is no desk. */
async function forgetDeadLetters(): Promise<boolean> {
  const answer = await rdk.methodCall({ classId: MAIL_DESK.classId, instanceId: MAIL_DESK.instanceId, methodName: DESK_FORGET_METHOD, body: {} })
  if (answer && answer.statusCode >= 200 && answer.statusCode < 300) return true
  // Nobody opened the desk yet: nothing is listed.
  if (answer && answer.statusCode === 404) return true
  console.error('[Account] deleteMyAccount: the mail desk did not forget the dead letters: ' + (answer ? answer.statusCode : 'no answer'))
  return false
}

/**
 * WRITE (owner): `{code}` from requestAccountDeletion's e-mail. Deletes the account as described
 * above and answers `{deleted: true, documentsKept, keptUntil, stillShipping}`. Refusals change
 * nothing: 409 NO_CODE, 400 INVALID_CODE / CODE_EXPIRED, 429 TOO_MANY_ATTEMPTS, 503 when Stripe,
 * the AWS object or the mail desk cannot be reached (ask again: the code stays valid until it expires).
 */
export async function deleteMyAccount(data: Data<{ code?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const priv = privateOf(data) as Private
  const refused = checkCode(data, priv, data.request.body ? data.request.body.code : undefined, nowMs)
  if (refused) return refused
  const customer = current(data, nowMs) as Customer
  const email = customer.email
  // The last e-mail is written in the customer's language, read before their data goes.
  const locale = storedLocale(customer)

  // Gifts not started yet go back to the giver's card first (their Stripe customer is deleted next).
  const giftsLeft = await refundGiftsBeforeDeletion(data, customer, nowMs)
  if (giftsLeft) return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', giftsLeft + ' Nothing has been deleted; try again in a moment with the same code.')
  const stripeGone = await deleteStripeCustomer(priv.stripeCustomerId)
  if (!stripeGone.ok) return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider to delete your details there: ' + stripeGone.message + ' Nothing has been deleted; try again in a moment.')
  delete priv.stripeCustomerId
  delete priv.paymentMethodId
  if (!(await eraseAwsObject(email)) || !(await forgetDeadLetters())) {
    return refuse(data, 503, 'DELETION_INCOMPLETE', 'Part of your data could not be deleted just now. Try again in a moment with the same code.')
  }

  const shipping = stillShipping(customer, nowMs)
  // What the shop needs to ship, and refund, the deliveries that still ship.
  const stillKept = (priv.deletedDeliveries || []).concat(keepDeletedDeliveries(data, customer, shipping, nowMs))
  const kept = (priv.retainedDocuments || []).concat(documentsOf(customer).map(function (document) {
    return { document: document, keepUntil: keepUntilOf(document.issuedAt) }
  }))
  const keptUntil = kept.reduce(function (latest, d) { return d.keepUntil > latest ? d.keepUntil : latest }, '')

  // The state of a new account: the boards are synced against it, so every delivery a change can
  // reach leaves them (a failed day is retried by the syncRoastery task against this same state).
  const fresh = newCustomer(email)
  // Browsers still signed in with this address sign themselves out on seeing this.
  endSessions(data, fresh, nowMs)
  ;(data.state.user as Record<string, unknown>)[priv.userId] = fresh
  await syncBoards(data, fresh as Customer, nowMs)

  const next: Private = { userId: priv.userId }
  if (kept.length > 0) next.retainedDocuments = kept
  if (stillKept.length > 0) next.deletedDeliveries = stillKept
  // Board bookkeeping stays so a pending retry knows what is still on a board and what it was not told.
  keepBoardBookkeeping(priv, next)
  // What the directory holds, so the next write takes the customer out of it.
  if (priv.directoryEntry) next.directoryEntry = priv.directoryEntry
  // On the Shop's old list of subscribers: the same request takes it off (catalogue-source.ts).
  if (priv.shopNoted) next.shopNoted = priv.shopNoted
  // What waited to be sent goes with the rest of the customer's data; only the deletion's own e-mail follows.
  keepOutbox(priv, next, false)
  data.state.private = next
  const unbound = await rdk.deleteLookUpKey({ key: { name: EMAIL_LOOKUP_KEY, value: email } })
  if (!unbound || !unbound.success) console.error('[Account] deleteMyAccount: the e-mail lookup key was not removed')

  queueMail(data, accountDeletedMail(email, { documentsKept: kept.length, keptUntil: keptUntil, stillShipping: shipping }, locale))
  respond(data, { deleted: true, documentsKept: kept.length, keptUntil: keptUntil || undefined, stillShipping: shipping })
  return data
}
