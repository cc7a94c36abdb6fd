/**
 * Sends the customer's e-mails so that a failed send never undoes a change: the change is kept,
 * the failure is logged, and the mail waits in private state for the `retryMail` task, which tries
 * again with growing delays and gives up (logged) after the last one.
 */
import { Data } from '@retter/rdk'
import { Mail, sendMail } from './mailer'
import { privateOf } from './customer'

/** Seconds before each retry of a mail that failed (then it is dropped). */
export const MAIL_RETRY_DELAYS_SECONDS: ReadonlyArray<number> = [60, 300, 1800, 7200, 21600]

/** The task method that retries queued mail (template.yml). */
export const MAIL_RETRY_METHOD = 'retryMail'

export interface QueuedMail {
  mail: Mail
  /** Sends tried so far. */
  attempts: number
}

function logFailure(what: string, mail: Mail, err: unknown): void {
  // Class code logs to the platform's function log; never the mail's body (it holds an address).
  console.error('[Account] ' + what + ': "' + mail.subject + '" could not be sent: ' + (err instanceof Error ? err.message : String(err)))
}

function queue(data: Data, entry: QueuedMail): void {
  const priv = privateOf(data)
  const queued = priv.mailQueue || (priv.mailQueue = [])
  queued.push(entry)
  const delay = MAIL_RETRY_DELAYS_SECONDS[Math.min(entry.attempts, MAIL_RETRY_DELAYS_SECONDS.length) - 1] || 60
  if (!data.tasks) data.tasks = []
  data.tasks.push({ method: MAIL_RETRY_METHOD, after: delay, payload: {} })
}

/** Sends `mail` now; when that fails, logs it and queues it for `retryMail`. Never throws. */
export async function sendOrQueue(data: Data, mail: Mail): Promise<void> {
  try {
    await sendMail(mail)
  } catch (err) {
    logFailure('send failed, will retry', mail, err)
    queue(data, { mail: mail, attempts: 1 })
  }
}

/** WRITE (task only): tries every queued mail again; what fails again waits longer, up to the last delay. */
export async function retryMail(data: Data): Promise<Data> {
  const priv = privateOf(data)
  const queued = priv.mailQueue || []
  priv.mailQueue = []
  let sent = 0
  for (const entry of queued) {
    try {
      await sendMail(entry.mail)
      sent++
    } catch (err) {
      if (entry.attempts >= MAIL_RETRY_DELAYS_SECONDS.length) {
        logFailure('gave up after ' + (entry.attempts + 1) + ' tries', entry.mail, err)
      } else {
        logFailure('retry failed', entry.mail, err)
        queue(data, { mail: entry.mail, attempts: entry.attempts + 1 })
      }
    }
  }
  data.response = { statusCode: 200, body: { sent: sent, waiting: (priv.mailQueue || []).length } }
  return data
}
