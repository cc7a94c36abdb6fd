/**
 * The customer's e-mails, through an outbox kept in the Account's private state (a transactional
 * outbox: what waits to be sent is committed with the change that caused it, and nothing is sent
 * before that commit). The Account never talks SMTP for it: a message that is due is handed over,
 * by a delayed call the change's own commit schedules, to the customer's `Mailer` instance (same
 * id as the Account), which sends it, tries again with back-off and reports the outcome back here
 * (`mailReported`). So a customer's next call never waits on a mail server. The message stays in
 * the outbox, marked handed over, until that report: a sent one goes to the sent log (subject and
 * time, for the export), one that failed every try (about 28 hours, Postmark's and SES's practice)
 * to the dead letters, listed on the mail desk, never silently dropped. A hand-off that got lost is
 * made again after HANDOFF_CHECK_SECONDS (doubling); the Mailer keys messages by id, so a message
 * handed over twice is sent once. The Mailer sends one message per run and commits it as sent
 * before the next, so a crash can repeat at most the message it was sending; each message carries a
 * Message-ID of its own (the same on every try), so a repeat can be recognised by the receiving
 * side. (Sign-in and confirmation codes are the exception: their request answers whether the code
 * went out, so they are sent in the request.)
 * A customer is sent at most EMAILS_PER_HOUR e-mails in any hour (limits.ts), counted when handed
 * over; more wait their turn here. The cap is for what their own changes trigger: an e-mail the
 * shop owes them whatever they did (a reminder and pre-notification, a payment's outcome, a
 * receipt, "on its way") is never held back.
 */
import { callLater, keepEarliestTask, refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { isPlatformCall } from 'BeanBloomIdentity'
import { MAIL_RETRY_DELAYS_SECONDS, messageIdOf, redactRecipient } from 'BeanBloomMail'
import { Mail } from './mailer'
import { DeadLetter, OutboxState, QueuedMail, SendOptions } from './outbox-state'
import { AccountPrivateState, privateOf } from '../customer'
import { EMAILS_PER_HOUR, nextMailSlot, withinWindow } from '../limits'
import { noteSent, SentLogState } from './sent-log'

export { MAIL_RETRY_DELAYS_SECONDS, messageIdOf }
export type { DeadLetter, OutboxState, QueuedMail, SendOptions }

/** The task method that hands over what is due in the outbox (template.yml). */
export const MAIL_RETRY_METHOD = 'retryMail'

/** Dead letters kept per Account (newest); older ones are in the function log. */
export const DEAD_LETTERS_KEPT = 20
/** The class that lists dead letters for staff, its one instance, and its method. */
export const MAIL_DESK = { classId: 'MailDesk', instanceId: 'desk', record: 'recordDeadLetter' }
/**
 * The class that sends the outbox's e-mail (one instance per Account, the Account's id): its STATIC
 * entry, which opens the instance the first time, and the instance's own method, used once it exists.
 */
export const MAILER = { classId: 'Mailer', handOver: 'handOver', accept: 'accept' }
/**
 * Seconds after a hand-off with no report back (sent or failed) before the message is handed over
 * again (then twice as long each time, at most HANDOFF_CHECK_MAX_SECONDS): a delayed call lost on
 * the way loses no e-mail, and the Mailer, keying messages by id, sends a repeat once.
 */
export const HANDOFF_CHECK_SECONDS = 900
export const HANDOFF_CHECK_MAX_SECONDS = 12 * 3600
/**
 * Hand-offs of one message with no report back (about 64 hours, well past the Mailer's own back-off of
 * about 28) before it moves to the dead letters here: a message the Mailer never takes is not
 * handed over for ever.
 */
export const MAX_HAND_OFFS = 10

const rdk = new RDK()


type OutboxPrivate = AccountPrivateState & OutboxState & SentLogState

function outboxOf(data: Data): OutboxPrivate {
  return privateOf(data) as OutboxPrivate
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** The send times of the last hour (older ones are dropped from state). */
function recentSends(priv: OutboxPrivate, nowMs: number): number[] {
  priv.mailSent = withinWindow(priv.mailSent, nowMs)
  return priv.mailSent
}

/**
 * Makes sure the one `retryMail` task runs by the earliest next time in the outbox (a message due,
 * or a hand-off to check): a task pending at or before it is kept; otherwise one more is scheduled
 * (the later one then finds itself superseded and does nothing).
 */
function keepMailTask(data: Data, priv: OutboxPrivate, nowMs: number): void {
  const queued = priv.mailQueue || []
  if (queued.length === 0) return
  priv.mailTaskAt = keepEarliestTask(data, MAIL_RETRY_METHOD, priv.mailTaskAt, queued.map(function (entry) { return entry.nextAt === undefined ? nowMs : entry.nextAt }), nowMs)
}

/** Seconds from the `handOffs`-th hand-off of a message to the next one when no report came back. */
function handOffCheckSeconds(handOffs: number): number {
  return Math.min(HANDOFF_CHECK_MAX_SECONDS, HANDOFF_CHECK_SECONDS * Math.pow(2, Math.max(0, handOffs - 1)))
}

/**
 * Hands `entry` to the customer's Mailer: a delayed call, so it leaves only with this invocation's
 * committed state (Retter schedules a handler's tasks only then), and the Account waits on nothing.
 */
function handOver(data: Data, priv: OutboxPrivate, entry: QueuedMail, nowMs: number): void {
  if (!entry.id) {
    priv.mailSeq = (priv.mailSeq || 0) + 1
    entry.id = 'm' + priv.mailSeq
  }
  if (entry.handedAt === undefined) entry.handedAt = nowMs
  entry.attempts++
  entry.nextAt = nowMs + handOffCheckSeconds(entry.attempts) * 1000
  delete entry.digest
  const instanceId = data.context.instanceId || ''
  const message = { id: entry.id, messageId: messageIdOf(instanceId, entry.id), mail: entry.mail }
  // One delayed call fewer once the instance is known to exist; until then the STATIC entry opens it.
  if (priv.mailerOpen) callLater(data, { classId: MAILER.classId, instanceId: instanceId, method: MAILER.accept }, message)
  else callLater(data, { classId: MAILER.classId, method: MAILER.handOver }, message)
}

function dropQueued(priv: OutboxPrivate, entry: QueuedMail): void {
  priv.mailQueue = (priv.mailQueue || []).filter(function (queued) { return queued !== entry })
  if (priv.mailQueue.length === 0) delete priv.mailQueue
}

/** Moves `entry` from the outbox to the dead letters (the newest DEAD_LETTERS_KEPT), logged without the address. */
function toDeadLetters(priv: OutboxPrivate, entry: QueuedMail, attempts: number, atMs: number, why: string): void {
  dropQueued(priv, entry)
  const error = redactRecipient(why, entry.mail.to).slice(0, 300)
  console.error('[Account] moved to the dead letters after ' + attempts + ' tries: "' + entry.mail.subject + '" could not be sent: ' + error)
  const dead = (priv.deadLetters || []).concat([{ mail: entry.mail, id: entry.id || '', attempts: attempts, failedAt: new Date(atMs).toISOString(), error: error }])
  priv.deadLetters = dead.slice(Math.max(0, dead.length - DEAD_LETTERS_KEPT))
}

/**
 * Hands over every message that is due, oldest first: one not handed over yet within the
 * customer's hourly allowance unless owed (the rest wait for their slot), and again one handed over
 * whose report is overdue (no cap: it was counted the first time).
 */
function handOverDue(data: Data, priv: OutboxPrivate, nowMs: number): number {
  const due = (priv.mailQueue || []).filter(function (entry) { return (entry.nextAt || 0) <= nowMs })
  due.sort(function (a, b) { return (a.nextAt || 0) - (b.nextAt || 0) })
  let handed = 0
  for (const entry of due) {
    if (entry.handedAt !== undefined && entry.attempts >= MAX_HAND_OFFS) {
      toDeadLetters(priv, entry, entry.attempts, nowMs, 'The mailer did not report on it after ' + entry.attempts + ' hand-offs')
      continue
    }
    if (entry.handedAt === undefined && !entry.owed) {
      const slot = nextMailSlot(recentSends(priv, nowMs), nowMs)
      if (slot > nowMs) {
        console.error('[Account] "' + entry.mail.subject + '" waits: ' + EMAILS_PER_HOUR + ' e-mails were sent to this customer in the last hour')
        entry.nextAt = slot
        continue
      }
    }
    if (entry.handedAt === undefined) priv.mailSent = recentSends(priv, nowMs).concat([nowMs])
    handOver(data, priv, entry, nowMs)
    handed++
  }
  return handed
}

/** Adds a message, never handed over yet, to the outbox with the next id; hands it over at once when due. */
function enqueue(data: Data, priv: OutboxPrivate, fields: Omit<QueuedMail, 'attempts' | 'id'>, nowMs: number): void {
  priv.mailSeq = (priv.mailSeq || 0) + 1
  const entry: QueuedMail = { mail: fields.mail, attempts: 0, id: 'm' + priv.mailSeq }
  if (fields.nextAt !== undefined) entry.nextAt = fields.nextAt
  if (fields.owed) entry.owed = true
  if (fields.digest) entry.digest = fields.digest
  ;(priv.mailQueue || (priv.mailQueue = [])).push(entry)
  if ((entry.nextAt || 0) <= nowMs) handOverDue(data, priv, nowMs)
  keepMailTask(data, priv, nowMs)
}

/**
 * Puts `mail` in the outbox, due now: this invocation's commit hands it to the customer's Mailer,
 * which sends it, within the customer's hourly allowance unless owed (past it, the `retryMail`
 * task hands it over when its turn comes). So a change that fails to commit sends nothing, and
 * every e-mail goes by the one path that records it as sent.
 */
export function queueMail(data: Data, mail: Mail, options: SendOptions = {}): void {
  const nowMs = Date.now()
  enqueue(data, outboxOf(data), { mail: mail, nextAt: nowMs, owed: options.owed }, nowMs)
}

/**
 * What an Account emptied in place (a deletion, a move to another address) keeps of its outbox, in
 * `next`: the message counter, so no Message-ID is ever used twice by this instance, and the last
 * hour's sends. With `pending` (a move) also the messages not sent yet, still addressed as they
 * were, with their task, and the dead letters staff may send again. Without it (a deletion), what
 * waits here is dropped; what the Mailer already holds is still sent, and its report finds nothing.
 */
export function keepOutbox(from: OutboxState & { mailQueue?: QueuedMail[] }, next: OutboxState & { mailQueue?: QueuedMail[] }, pending: boolean): void {
  if (from.mailSeq) next.mailSeq = from.mailSeq
  if (from.mailSent) next.mailSent = from.mailSent
  if (from.mailerOpen) next.mailerOpen = true
  if (!pending) return
  if (from.mailQueue && from.mailQueue.length > 0) next.mailQueue = from.mailQueue
  if (from.mailTaskAt !== undefined) next.mailTaskAt = from.mailTaskAt
  if (from.deadLetters) next.deadLetters = from.deadLetters
}

/**
 * The change confirmation still waiting out its digest window at `nowMs` (never handed over), if
 * any: a later change of the window joins it instead of making an e-mail of its own.
 */
export function waitingDigest(data: Data, nowMs: number): QueuedMail | undefined {
  const queued = outboxOf(data).mailQueue || []
  for (const entry of queued) {
    if (entry.digest && entry.attempts === 0 && entry.handedAt === undefined && entry.nextAt !== undefined && entry.nextAt > nowMs) return entry
  }
  return undefined
}

/**
 * Puts a change confirmation in the outbox to go at `atMs`, the end of its digest window, with the
 * changes it confirms so far (`digest`); the `retryMail` task hands it over then, within the hourly cap.
 */
export function queueDigest(data: Data, mail: Mail, atMs: number, digest: unknown[]): void {
  enqueue(data, outboxOf(data), { mail: mail, nextAt: atMs, digest: digest }, Date.now())
}

/**
 * WRITE (task only) {at}: hands over what is due in the outbox (a digest whose window ended, a
 * message whose hourly slot came, a hand-off with no report back) and schedules the next run for
 * what is left; lists dead letters the desk does not know of yet. A run whose `at` is not the
 * pending task's time is a superseded task and does nothing. It never waits on a mail server.
 */
export async function retryMail(data: Data<{ at?: number }>): Promise<Data> {
  const priv = outboxOf(data)
  const nowMs = Date.now()
  const at = data.request.body && typeof data.request.body.at === 'number' ? data.request.body.at : undefined
  if (priv.mailTaskAt !== undefined && at !== priv.mailTaskAt) {
    respond(data, { handed: 0, waiting: (priv.mailQueue || []).length, superseded: true })
    return data
  }
  delete priv.mailTaskAt
  const handed = handOverDue(data, priv, nowMs)
  keepMailTask(data, priv, nowMs)
  await reportDeadLetters(data, priv)
  respond(data, { handed: handed, waiting: (priv.mailQueue || []).length, dead: (priv.deadLetters || []).length })
  return data
}

/** What the Mailer reports of one message. */
export interface MailReport {
  id?: string
  /** True: the mail server accepted it; false: it failed every try. */
  sent?: boolean
  /** Epoch ms of the acceptance or the last failed try. */
  at?: number
  attempts?: number
  /** The mail server's last answer (failed only). */
  error?: string
}

/**
 * WRITE (the Mailer class only) {id, sent, at, attempts?, error?}: the outcome of a message handed
 * over. Sent: it leaves the outbox for the sent log. Failed every try: it moves to the dead letters
 * (the error without the recipient's address) and the mail desk lists it. A report of a message
 * this Account no longer holds (a repeat, or the account was deleted since) changes nothing.
 */
export async function mailReported(data: Data<MailReport>): Promise<Data> {
  if (!isPlatformCall(data.context, MAILER.classId)) {
    refuse(data, 403, 'FORBIDDEN', 'Only the mailer reports on e-mails')
    return data
  }
  const priv = outboxOf(data)
  const report = data.request.body || {}
  const nowMs = Date.now()
  priv.mailerOpen = true
  const at = typeof report.at === 'number' ? report.at : nowMs
  const entry = (priv.mailQueue || []).filter(function (queued) { return queued.id === report.id && queued.handedAt !== undefined })[0]
  if (!entry) {
    respond(data, { known: false })
    return data
  }
  if (report.sent) {
    dropQueued(priv, entry)
    noteSent(priv, entry.mail.subject, at)
  } else {
    toDeadLetters(priv, entry, report.attempts || 0, at, report.error || 'failed')
    await reportDeadLetters(data, priv)
  }
  respond(data, { known: true })
  return data
}

/**
 * Lists the dead letters the mail desk does not know of yet, so staff see them (recipient,
 * subject, when and why, the mail server's answer without the address; the message stays here).
 * A desk that does not answer is asked again by the next outbox run; it never holds up the
 * customer's change.
 */
async function reportDeadLetters(data: Data, priv: OutboxPrivate): Promise<void> {
  for (const dead of priv.deadLetters || []) {
    if (dead.reported) continue
    const error = redactRecipient(dead.error, dead.mail.to).slice(0, 300)
    const body = { accountId: data.context.instanceId || '', messageId: dead.id, to: dead.mail.to, subject: dead.mail.subject, failedAt: dead.failedAt, attempts: dead.attempts, error: error }
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
 * back into the outbox as a new message, handed to the Mailer for a fresh round of tries (owed:
 * the hourly cap does not hold it back) and leaves the dead letters. 404 NOT_FOUND when it is no longer here.
 */
export async function resendDeadLetter(data: Data<{ messageId?: string }>): Promise<Data> {
  if (!isPlatformCall(data.context, MAIL_DESK.classId)) {
    refuse(data, 403, 'FORBIDDEN', 'Only the mail desk sends dead letters again')
    return data
  }
  const priv = outboxOf(data)
  const nowMs = Date.now()
  const id = data.request.body ? data.request.body.messageId : undefined
  const dead = (priv.deadLetters || []).filter(function (d) { return d.id === id })[0]
  if (!dead) {
    refuse(data, 404, 'NOT_FOUND', 'No such e-mail is waiting here')
    return data
  }
  priv.deadLetters = (priv.deadLetters || []).filter(function (d) { return d !== dead })
  if (priv.deadLetters.length === 0) delete priv.deadLetters
  enqueue(data, priv, { mail: dead.mail, nextAt: nowMs, owed: true }, nowMs)
  respond(data, { queued: true })
  return data
}
