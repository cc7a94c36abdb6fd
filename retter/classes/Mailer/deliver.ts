/**
 * What a Mailer instance does with the messages its Account hands over: keeps each once, by its id
 * (the Account may hand one over again when no report came back: it is not sent twice), sends one
 * per `send` run, so each run's commit records its message as sent before the next is tried and a
 * crash can repeat at most the message it was sending, backs off after a failure for about a day
 * and then gives up, and tells the Account the outcome by a delayed call (`mailReported`), where the
 * sent log and the dead letters live. Once dealt with, only the message's id, outcome and time stay.
 */
import { callLater, keepEarliestTask, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { Mail, MAIL_RETRY_DELAYS_SECONDS, redactRecipient, sendMail } from 'BeanBloomMail'

export const MAILER_CLASS = 'Mailer'
export const ACCEPT_METHOD = 'accept'
const SEND_METHOD = 'send'
/** The Account method that takes the outcome of a message. */
const REPORT = { classId: 'Account', methodName: 'mailReported' }
/** Ids of messages dealt with that are remembered (newest), so a repeated hand-off is recognised. */
export const DONE_KEPT = 200

/** One message as the Account hands it over. */
export interface HandedMail {
  id: string
  messageId: string
  mail: Mail
}

interface Waiting extends HandedMail {
  /** Sends tried so far. */
  attempts: number
  /** When (epoch ms) it may be tried next. */
  nextAt: number
}

interface Done {
  id: string
  sent: boolean
  /** Epoch ms of the acceptance or the last failed try. */
  at: number
  attempts: number
}

/** The instance's private state. */
export interface MailerState {
  queue: Waiting[]
  done: Done[]
  /** When (epoch ms) the one pending `send` task runs; undefined: none pending. */
  sendTaskAt?: number
}

export function mailerOf(data: Data): MailerState {
  const priv = (data.state.private || (data.state.private = {})) as Partial<MailerState>
  if (!Array.isArray(priv.queue)) priv.queue = []
  if (!Array.isArray(priv.done)) priv.done = []
  return priv as MailerState
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** Makes sure the one `send` task runs by the earliest next-attempt time (as the Account's outbox does). */
function keepSendTask(data: Data, mailer: MailerState, nowMs: number): void {
  if (mailer.queue.length === 0) return
  mailer.sendTaskAt = keepEarliestTask(data, SEND_METHOD, mailer.sendTaskAt, mailer.queue.map(function (entry) { return entry.nextAt }), nowMs)
}

/** Tells the Account what became of a message, by a delayed call of this commit. */
function report(data: Data, done: Done, error?: string): void {
  const payload: Record<string, unknown> = { id: done.id, sent: done.sent, at: done.at, attempts: done.attempts }
  if (error !== undefined) payload.error = error
  callLater(data, { classId: REPORT.classId, instanceId: data.context.instanceId || '', method: REPORT.methodName }, payload)
}

function finish(data: Data, mailer: MailerState, entry: Waiting, sent: boolean, nowMs: number, error?: string): void {
  mailer.queue = mailer.queue.filter(function (queued) { return queued !== entry })
  const done: Done = { id: entry.id, sent: sent, at: nowMs, attempts: entry.attempts }
  const all = mailer.done.concat([done])
  mailer.done = all.slice(Math.max(0, all.length - DONE_KEPT))
  report(data, done, error)
}

/**
 * WRITE (this class only) {id, messageId, mail}: keeps the message to send now. A message id it
 * holds already is not kept twice; one it dealt with is reported again (the first report may be
 * what was lost), never sent again.
 */
export async function accept(data: Data<HandedMail>): Promise<Data> {
  const mailer = mailerOf(data)
  const nowMs = Date.now()
  const handed = data.request.body as HandedMail
  const done = mailer.done.filter(function (d) { return d.id === handed.id })[0]
  if (done) {
    report(data, done, done.sent ? undefined : 'Failed every try (reported before)')
    respond(data, { accepted: false, repeat: true })
    return data
  }
  if (mailer.queue.some(function (queued) { return queued.id === handed.id })) {
    respond(data, { accepted: false, repeat: true })
    return data
  }
  mailer.queue.push({ id: handed.id, messageId: handed.messageId, mail: handed.mail, attempts: 0, nextAt: nowMs })
  keepSendTask(data, mailer, nowMs)
  respond(data, { accepted: true })
  return data
}

/**
 * WRITE (task only) {at}: sends the most overdue message, one per run, and schedules the next run
 * for what is left. A failed try waits its back-off step; after the last one the message is given
 * up and reported. A run whose `at` is not the pending task's time is superseded and does nothing.
 */
export async function send(data: Data<{ at?: number }>): Promise<Data> {
  const mailer = mailerOf(data)
  const nowMs = Date.now()
  const at = data.request.body && typeof data.request.body.at === 'number' ? data.request.body.at : undefined
  if (mailer.sendTaskAt !== undefined && at !== mailer.sendTaskAt) {
    respond(data, { sent: 0, waiting: mailer.queue.length, superseded: true })
    return data
  }
  delete mailer.sendTaskAt
  let due: Waiting | undefined
  for (const entry of mailer.queue) {
    if (entry.nextAt <= nowMs && (!due || entry.nextAt < due.nextAt)) due = entry
  }
  let sent = 0
  if (due) {
    due.attempts++
    try {
      await sendMail(due.mail, due.messageId)
      sent = 1
      finish(data, mailer, due, true, nowMs)
    } catch (err) {
      // The function log and the Account get the server's answer without the recipient's address.
      const error = redactRecipient(errorText(err || 'send failed'), due.mail.to).slice(0, 300)
      if (due.attempts >= MAIL_RETRY_DELAYS_SECONDS.length + 1) {
        console.error('[Mailer] given up after ' + due.attempts + ' tries: "' + due.mail.subject + '" could not be sent: ' + error)
        finish(data, mailer, due, false, nowMs, error)
      } else {
        console.error('[Mailer] try ' + due.attempts + ' failed, will retry: "' + due.mail.subject + '" could not be sent: ' + error)
        due.nextAt = nowMs + (MAIL_RETRY_DELAYS_SECONDS[due.attempts - 1] as number) * 1000
      }
    }
  }
  keepSendTask(data, mailer, nowMs)
  respond(data, { sent: sent, waiting: mailer.queue.length })
  return data
}
