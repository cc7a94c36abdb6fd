/**
 * The log of e-mails sent to the customer (subject and time only, never the body: it may hold a
 * code), kept in private state so `exportMyData` can list them (the right of access covers the
 * e-mails we sent). The newest SENT_LOG_KEPT are kept; deleting the account deletes the log.
 */

/** How many sent e-mails the log keeps (newest). */
export const SENT_LOG_KEPT = 200

/** One e-mail sent to the customer. */
export interface SentMail {
  subject: string
  /** ISO instant the mail server accepted it. */
  sentAt: string
}

/** The part of private state the log lives in. */
export interface SentLogState {
  sentMails?: SentMail[]
}

/** Notes that an e-mail with `subject` was accepted by the mail server at `nowMs`. */
export function noteSent(state: SentLogState, subject: string, nowMs: number): void {
  const log = (state.sentMails || []).concat([{ subject: subject, sentAt: new Date(nowMs).toISOString() }])
  state.sentMails = log.slice(Math.max(0, log.length - SENT_LOG_KEPT))
}
