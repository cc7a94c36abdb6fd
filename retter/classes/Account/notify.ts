/**
 * The customer's e-mails, through an outbox kept in the Account's private state (a transactional
 * outbox: what waits to be sent is committed with the change that caused it, and nothing is sent
 * before that commit). The one `retryMail` task serves the whole outbox, one message per run: the
 * run's commit records that message as sent before the next one is tried, so a crash can repeat at
 * most the message it was sending, and a change that fails to commit sends nothing. A failed send
 * never undoes a change: the message waits with its own next-attempt time and backs off for hours,
 * as Postmark and SES do, and what still fails after the last try moves to a dead-letter list,
 * logged, never silently dropped. Each message carries a Message-ID of its own (the same on every
 * try), so a repeat can be recognised by the receiving side. (Sign-in and confirmation codes are
 * the exception: their request answers whether the code went out, so they are sent in the request.)
 * A customer is sent at most EMAILS_PER_HOUR e-mails in any hour (limits.ts); more wait their turn.
 * The cap is for what their own changes trigger: an e-mail the shop owes them whatever they did (a
 * reminder and pre-notification, a payment's outcome, a receipt, "on its way") is never held back.
 */
import RDK, { Data } from '@retter/rdk'
import { isPlatformCall } from 'BeanBloomIdentity'
import { Mail, sendMail } from './mailer'
import { AccountPrivateState, privateOf } from './customer'
import { EMAILS_PER_HOUR, nextMailSlot, withinWindow } from './limits'
import { noteSent, SentLogState } from './sent-log'

/**
 * Seconds from a message's failed try to its next one; after the last it is dead-lettered.
 * About 28 hours in all, so an SMTP outage of a day loses nothing.
 */
export const MAIL_RETRY_DELAYS_SECONDS: ReadonlyArray<number> = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 43200]

/** The task method that sends what is due in the outbox (template.yml). */
export const MAIL_RETRY_METHOD = 'retryMail'

/** Dead letters kept per Account (newest); older ones are in the function log. */
export const DEAD_LETTERS_KEPT = 20
/** The class that lists dead letters for staff, its one instance, and its method. */
export const MAIL_DESK = { classId: 'MailDesk', instanceId: 'desk', record: 'recordDeadLetter' }

const rdk = new RDK()

export interface QueuedMail {
  mail: Mail
  /** Sends tried so far. */
  attempts: number
  /** This message's id in the Account (its Message-ID is derived from it). */
  id?: string
  /** When (epoch ms) it may be tried next. */
  nextAt?: number
  /** Owed whatever the customer did: never held back by the hourly cap. */
  owed?: boolean
  /**
   * A change confirmation waiting out its digest window (not tried yet): the changes it confirms
   * so far, in order, as the caller records them; later ones of the window join it.
   */
  digest?: unknown[]
}

export interface SendOptions {
  /** The shop owes this e-mail (a reminder, a payment's outcome, a receipt): the hourly cap does not apply. */
  owed?: boolean
}

/** A message that failed every try: kept for staff to see and resend. */
export interface DeadLetter {
  mail: Mail
  id: string
  attempts: number
  /** ISO time of the last failed try. */
  failedAt: string
  error: string
  /** The mail desk lists it (staff see it); until then every outbox run reports it again. */
  reported?: boolean
}

/** What the outbox adds to the Account's private state. */
export interface OutboxState {
  /** Message ids handed out so far. */
  mailSeq?: number
  /** When (epoch ms) the customer's e-mails of the last hour were sent. */
  mailSent?: number[]
  /** When (epoch ms) the one pending `retryMail` task runs; undefined: none pending. */
  mailTaskAt?: number
  deadLetters?: DeadLetter[]
}

type OutboxPrivate = AccountPrivateState & OutboxState & SentLogState

function outboxOf(data: Data): OutboxPrivate {
  return privateOf(data) as OutboxPrivate
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

function logFailure(what: string, mail: Mail, err: unknown): void {
  // Class code logs to the platform's function log; never the mail's body (it holds an address).
  console.error('[Account] ' + what + ': "' + mail.subject + '" could not be sent: ' + errorText(err))
}

/** The Message-ID of outbox message `id`: stable over every try of it, unique per Account. */
export function messageIdOf(instanceId: string, id: string): string {
  return '<' + id + '.' + instanceId + '@mail.beanbloom.invalid>'
}

/** The send times of the last hour (older ones are dropped from state). */
function recentSends(priv: OutboxPrivate, nowMs: number): number[] {
  priv.mailSent = withinWindow(priv.mailSent, nowMs)
  return priv.mailSent
}

/**
 * Makes sure the one `retryMail` task runs by the earliest next-attempt time in the outbox: a task
 * pending at or before it is kept; otherwise one more is scheduled (the later one then finds
 * itself superseded and does nothing).
 */
function keepMailTask(data: Data, priv: OutboxPrivate, nowMs: number): void {
  const queued = priv.mailQueue || []
  if (queued.length === 0) return
  let earliest = Infinity
  for (const entry of queued) earliest = Math.min(earliest, entry.nextAt === undefined ? nowMs : entry.nextAt)
  if (priv.mailTaskAt !== undefined && priv.mailTaskAt <= earliest && priv.mailTaskAt >= nowMs) return
  const at = Math.max(nowMs, earliest)
  priv.mailTaskAt = at
  if (!data.tasks) data.tasks = []
  data.tasks.push({ method: MAIL_RETRY_METHOD, after: Math.max(0, Math.ceil((at - nowMs) / 1000)), payload: { at: at } })
}

/** Tries one message; true once the SMTP server accepted it. */
async function tryOnce(data: Data, entry: QueuedMail): Promise<unknown> {
  try {
    await sendMail(entry.mail, entry.id ? messageIdOf(data.context.instanceId || '', entry.id) : undefined)
    return null
  } catch (err) {
    return err || new Error('send failed')
  }
}

/** Puts a failed message back with its next-attempt time, or dead-letters it after the last try. */
function afterFailure(priv: OutboxPrivate, entry: QueuedMail, err: unknown, nowMs: number): void {
  if (entry.attempts >= MAIL_RETRY_DELAYS_SECONDS.length + 1) {
    logFailure('moved to the dead letters after ' + entry.attempts + ' tries', entry.mail, err)
    const dead = (priv.deadLetters || []).concat([{
      mail: entry.mail, id: entry.id || '', attempts: entry.attempts, failedAt: new Date(nowMs).toISOString(), error: errorText(err),
    }])
    priv.deadLetters = dead.slice(Math.max(0, dead.length - DEAD_LETTERS_KEPT))
    return
  }
  logFailure('try ' + entry.attempts + ' failed, will retry', entry.mail, err)
  entry.nextAt = nowMs + (MAIL_RETRY_DELAYS_SECONDS[entry.attempts - 1] as number) * 1000
  const queued = priv.mailQueue || (priv.mailQueue = [])
  queued.push(entry)
}

/** Adds a message, never tried yet, to the outbox with the next id, and makes sure the task runs by its time. */
function enqueue(data: Data, priv: OutboxPrivate, fields: Omit<QueuedMail, 'attempts' | 'id'>, nowMs: number): void {
  priv.mailSeq = (priv.mailSeq || 0) + 1
  const entry: QueuedMail = { mail: fields.mail, attempts: 0, id: 'm' + priv.mailSeq }
  if (fields.nextAt !== undefined) entry.nextAt = fields.nextAt
  if (fields.owed) entry.owed = true
  if (fields.digest) entry.digest = fields.digest
  ;(priv.mailQueue || (priv.mailQueue = [])).push(entry)
  keepMailTask(data, priv, nowMs)
}

/**
 * Puts `mail` in the outbox, due now; the `retryMail` task sends it once this invocation's state is
 * committed (Retter schedules a handler's tasks only with its committed state), within the
 * customer's hourly allowance unless owed. So a change that fails to commit sends nothing, and
 * every e-mail goes by the one path that records it as sent before the next.
 */
export function queueMail(data: Data, mail: Mail, options: SendOptions = {}): void {
  const nowMs = Date.now()
  enqueue(data, outboxOf(data), { mail: mail, nextAt: nowMs, owed: options.owed }, nowMs)
}

/**
 * What an Account emptied in place (a deletion, a move to another address) keeps of its outbox, in
 * `next`: the message counter, so no Message-ID is ever used twice by this instance, and the last
 * hour's sends. With `pending` (a move) also the messages not sent yet, still addressed as they
 * were, with their task, and the dead letters staff may send again.
 */
export function keepOutbox(from: OutboxState & { mailQueue?: QueuedMail[] }, next: OutboxState & { mailQueue?: QueuedMail[] }, pending: boolean): void {
  if (from.mailSeq) next.mailSeq = from.mailSeq
  if (from.mailSent) next.mailSent = from.mailSent
  if (!pending) return
  if (from.mailQueue && from.mailQueue.length > 0) next.mailQueue = from.mailQueue
  if (from.mailTaskAt !== undefined) next.mailTaskAt = from.mailTaskAt
  if (from.deadLetters) next.deadLetters = from.deadLetters
}

/**
 * The change confirmation still waiting out its digest window at `nowMs` (never tried yet), if
 * any: a later change of the window joins it instead of making an e-mail of its own.
 */
export function waitingDigest(data: Data, nowMs: number): QueuedMail | undefined {
  const queued = outboxOf(data).mailQueue || []
  for (const entry of queued) {
    if (entry.digest && entry.attempts === 0 && entry.nextAt !== undefined && entry.nextAt > nowMs) return entry
  }
  return undefined
}

/**
 * Puts a change confirmation in the outbox to go at `atMs`, the end of its digest window, with the
 * changes it confirms so far (`digest`); the `retryMail` task sends it then, within the hourly cap.
 */
export function queueDigest(data: Data, mail: Mail, atMs: number, digest: unknown[]): void {
  enqueue(data, outboxOf(data), { mail: mail, nextAt: atMs, digest: digest }, Date.now())
}

/**
 * WRITE (task only) {at}: sends the outbox's most overdue message, one per run, and schedules the
 * next run for what is left. A run whose `at` is not the pending task's time is a superseded
 * task and does nothing.
 */
export async function retryMail(data: Data<{ at?: number }>): Promise<Data> {
  const priv = outboxOf(data)
  const nowMs = Date.now()
  const at = data.request.body && typeof data.request.body.at === 'number' ? data.request.body.at : undefined
  if (priv.mailTaskAt !== undefined && at !== priv.mailTaskAt) {
    data.response = { statusCode: 200, body: { sent: 0, waiting: (priv.mailQueue || []).length, superseded: true } }
    return data
  }
  delete priv.mailTaskAt
  const queued = priv.mailQueue || []
  let due = -1
  for (let i = 0; i < queued.length; i++) {
    const nextAt = (queued[i] as QueuedMail).nextAt || 0
    if (nextAt <= nowMs && (due < 0 || nextAt < ((queued[due] as QueuedMail).nextAt || 0))) due = i
  }
  let sent = 0
  if (due >= 0) {
    const entry = queued[due] as QueuedMail
    const slot = entry.owed ? nowMs : nextMailSlot(recentSends(priv, nowMs), nowMs)
    if (slot > nowMs) {
      console.error('[Account] "' + entry.mail.subject + '" waits: ' + EMAILS_PER_HOUR + ' e-mails were sent to this customer in the last hour')
      entry.nextAt = slot
    } else {
      queued.splice(due, 1)
      if (!entry.id) {
        priv.mailSeq = (priv.mailSeq || 0) + 1
        entry.id = 'm' + priv.mailSeq
      }
      entry.attempts++
      const err = await tryOnce(data, entry)
      if (err === null) {
        sent = 1
        priv.mailSent = recentSends(priv, nowMs).concat([nowMs])
        noteSent(priv, entry.mail.subject, nowMs)
      } else {
        afterFailure(priv, entry, err, nowMs)
      }
    }
  }
  if (priv.mailQueue && priv.mailQueue.length === 0) delete priv.mailQueue
  keepMailTask(data, priv, nowMs)
  await reportDeadLetters(data, priv)
  data.response = { statusCode: 200, body: { sent: sent, waiting: (priv.mailQueue || []).length, dead: (priv.deadLetters || []).length } }
  return data
}

/**
 * Lists the dead letters the mail desk does not know of yet, so staff see them (recipient,
 * subject, when and why; the message stays here). A desk that does not answer is asked again by
 * the next outbox run; it never holds up the customer's change.
 */
async function reportDeadLetters(data: Data, priv: OutboxPrivate): Promise<void> {
  for (const dead of priv.deadLetters || []) {
    if (dead.reported) continue
    const body = { accountId: data.context.instanceId || '', messageId: dead.id, to: dead.mail.to, subject: dead.mail.subject, failedAt: dead.failedAt, attempts: dead.attempts, error: dead.error.slice(0, 300) }
    const record = function () { return rdk.methodCall({ classId: MAIL_DESK.classId, instanceId: MAIL_DESK.instanceId, methodName: MAIL_DESK.record, body: body }) }
    try {
      let answer = await record()
      if (answer && answer.statusCode === 404) {
        // Nobody opened the desk yet.
        await rdk.getInstance({ classId: MAIL_DESK.classId, instanceId: MAIL_DESK.instanceId })
        answer = await record()
      }
      if (answer && answer.statusCode >= 200 && answer.statusCode < 300) dead.reported = true
      else console.error('[Account] the mail desk did not list a dead letter: ' + (answer ? answer.statusCode : 'no answer'))
    } catch (err) {
      console.error('[Account] the mail desk did not list a dead letter: ' + errorText(err))
    }
  }
}

/**
 * WRITE (the MailDesk class only) {messageId}: staff asked to send a dead letter again. It goes
 * back into the outbox as a new message with a fresh round of tries (owed: the hourly cap does not
 * hold it back) and leaves the dead letters. 404 NOT_FOUND when it is no longer here.
 */
export async function resendDeadLetter(data: Data<{ messageId?: string }>): Promise<Data> {
  if (!isPlatformCall(data.context, MAIL_DESK.classId)) {
    data.response = { statusCode: 403, body: { code: 'FORBIDDEN', message: 'Only the mail desk sends dead letters again' } }
    return data
  }
  const priv = outboxOf(data)
  const nowMs = Date.now()
  const id = data.request.body ? data.request.body.messageId : undefined
  const dead = (priv.deadLetters || []).filter(function (d) { return d.id === id })[0]
  if (!dead) {
    data.response = { statusCode: 404, body: { code: 'NOT_FOUND', message: 'No such e-mail is waiting here' } }
    return data
  }
  priv.deadLetters = (priv.deadLetters || []).filter(function (d) { return d !== dead })
  if (priv.deadLetters.length === 0) delete priv.deadLetters
  enqueue(data, priv, { mail: dead.mail, nextAt: nowMs, owed: true }, nowMs)
  data.response = { statusCode: 200, body: { queued: true } }
  return data
}
