/**
 * The `MailDesk` class: one instance (`desk`) listing the e-mails that failed every try of an
 * Account's outbox (mail/outbox.ts), so staff see them on /roastery, live, and send them again; an
 * e-mail is never dropped without anyone knowing.
 *
 * The list lives in the role state of the `staff` identity (only staff whose member record exists
 * read it) and holds what staff need to act: the recipient, the subject, when and why it failed.
 * The message itself stays in its Account's private state: "Send again" asks that Account to put
 * it back into its outbox (a fresh round of tries), and takes it off the list once the Account has.
 *
 * Who may do what: the Account class records, and forgets its own entries when its customer
 * deletes their account (class-to-class calls); staff read and resend; nobody else (401 without a
 * session, 403 with one).
 */
import { refuse, respond } from 'BeanBloomKit'
import { wordedForCaller } from 'BeanBloomKit/i18n/caller-words'
import RDK, { Data, Response } from '@retter/rdk'
import { ALLOW, audited, deny, isPlatformCall, STAFF_IDENTITY, staffMayDo } from 'BeanBloomIdentity'

const rdk = new RDK()

/** The one instance. */
export const DESK_INSTANCE = 'desk'
/** The newest entries kept (older ones stay in their Accounts and the function log). */
export const DEAD_LETTERS_LISTED = 500
const ACCOUNT_CLASS = 'Account'
/** The Account method that puts a dead letter back into its outbox. */
export const ACCOUNT_RESEND_METHOD = 'resendDeadLetter'

/** One e-mail that failed every try, as staff see it. */
export interface ListedDeadLetter {
  /** `accountId/messageId`: unique, and what "Send again" names. */
  key: string
  accountId: string
  messageId: string
  to: string
  subject: string
  /** ISO instant of the last failed try. */
  failedAt: string
  attempts: number
  /** The mail server's last answer. */
  error: string
}

/** The staff role state: the list, newest last. */
export interface DeskState {
  deadLetters: ListedDeadLetter[]
}

const FOR_ACCOUNTS = ['INIT', 'GET', 'recordDeadLetter', 'forgetAccount']
const FOR_STAFF = ['INIT', 'GET', 'STATE', 'resendDeadLetter']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  if (FOR_ACCOUNTS.indexOf(context.methodName) >= 0 && isPlatformCall(context, ACCOUNT_CLASS)) return ALLOW
  if (FOR_STAFF.indexOf(context.methodName) >= 0 && (await staffMayDo(rdk, context, 'mail.resend'))) return ALLOW
  if (context.methodName === 'LIST') return deny(context, 'The mail desk is one instance; it cannot be listed')
  return deny(context, 'Only the roastery staff may see the e-mails that could not be sent')
}

/** INIT: an empty list; 400 for any instance id but `desk`. */
export async function init(data: Data): Promise<Data> {
  if (data.context.instanceId !== DESK_INSTANCE) {
    refuse(data, 400, 'UNKNOWN_DESK', 'The mail desk instance is "' + DESK_INSTANCE + '".')
    return data
  }
  data.state.public = {}
  data.state.private = {}
  data.state.user = {}
  data.state.role = {}
  ;(data.state.role as Record<string, unknown>)[STAFF_IDENTITY] = { deadLetters: [] }
  respond(data)
  return data
}

function deskOf(data: Data): DeskState {
  const role = (data.state.role || (data.state.role = {})) as Record<string, DeskState | undefined>
  const desk = role[STAFF_IDENTITY] || (role[STAFF_IDENTITY] = { deadLetters: [] })
  if (!Array.isArray(desk.deadLetters)) desk.deadLetters = []
  return desk
}

/** STATE: staff see the list; nothing else is kept. */
export async function getState(data: Data): Promise<Response> {
  const role: Record<string, unknown> = {}
  role[STAFF_IDENTITY] = deskOf(data)
  return { statusCode: 200, body: { public: {}, private: {}, user: {}, role: role } }
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : ''
}

/** WRITE (Account class only): lists one dead letter (the same key again replaces it). */
export async function recordDeadLetter(data: Data<Partial<ListedDeadLetter>>): Promise<Data> {
  const body = data.request.body || {}
  const accountId = data.context.refererInstanceId || text(body.accountId, 100)
  const messageId = text(body.messageId, 40)
  if (!accountId || !messageId) {
    refuse(data, 400, 'BAD_DEAD_LETTER', 'A dead letter names its Account and message.')
    return data
  }
  const entry: ListedDeadLetter = {
    key: accountId + '/' + messageId,
    accountId: accountId,
    messageId: messageId,
    to: text(body.to, 320),
    subject: text(body.subject, 300),
    failedAt: text(body.failedAt, 40),
    attempts: typeof body.attempts === 'number' ? body.attempts : 0,
    error: text(body.error, 300),
  }
  const desk = deskOf(data)
  const list = desk.deadLetters.filter(function (d) { return d.key !== entry.key }).concat([entry])
  desk.deadLetters = list.slice(Math.max(0, list.length - DEAD_LETTERS_LISTED))
  respond(data, { listed: desk.deadLetters.length })
  return data
}

/**
 * WRITE (Account class only) {}: takes every entry of the calling Account off the list (its customer
 * deleted their account: the recipient and subject must not outlive it). Answers `{forgotten}`.
 */
export async function forgetAccount(data: Data): Promise<Data> {
  const accountId = data.context.refererInstanceId
  if (!accountId) {
    refuse(data, 400, 'BAD_CALLER', 'Only an Account forgets its own dead letters.')
    return data
  }
  const desk = deskOf(data)
  const before = desk.deadLetters.length
  desk.deadLetters = desk.deadLetters.filter(function (d) { return d.accountId !== accountId })
  respond(data, { forgotten: before - desk.deadLetters.length })
  return data
}

/** Staff only: sends a listed e-mail again (on the audit log), its refusals in the staff member's language. */
export const resendDeadLetter = wordedForCaller(audited(rdk, resendDeadLetterOf, function (_data, request) {
  return { action: 'mail.resent', target: typeof request.key === 'string' ? request.key : '' }
}))

/**
 * WRITE (staff) {key}: asks the e-mail's Account to put it back into its outbox, then takes it off
 * the list. 404 NOT_LISTED for a key not on the list; an Account that no longer holds it (already
 * sent again, or the account was deleted) takes it off the list and answers 409 GONE; 503 when the
 * Account did not answer (it stays listed).
 */
async function resendDeadLetterOf(data: Data<{ key?: string }>): Promise<Data> {
  const key = data.request.body && typeof data.request.body.key === 'string' ? data.request.body.key : ''
  const desk = deskOf(data)
  const entry = desk.deadLetters.filter(function (d) { return d.key === key })[0]
  if (!entry) {
    refuse(data, 404, 'NOT_LISTED', 'That e-mail is not on the list any more.')
    return data
  }
  const answer = await rdk.methodCall({ classId: ACCOUNT_CLASS, instanceId: entry.accountId, methodName: ACCOUNT_RESEND_METHOD, body: { messageId: entry.messageId } })
  const status = answer ? answer.statusCode : 0
  if (status >= 200 && status < 300) {
    desk.deadLetters = desk.deadLetters.filter(function (d) { return d.key !== key })
    respond(data, { queued: true })
    return data
  }
  if (status === 404) {
    desk.deadLetters = desk.deadLetters.filter(function (d) { return d.key !== key })
    refuse(data, 409, 'GONE', 'That e-mail is no longer held by its account (sent again already, or the account was deleted). It is off the list.')
    return data
  }
  refuse(data, 503, 'ACCOUNT_UNAVAILABLE', 'The customer’s account did not answer; the e-mail stays on the list. Try again in a moment.')
  return data
}
