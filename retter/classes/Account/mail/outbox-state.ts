/**
 * What the Account's outbox keeps (outbox.ts does the keeping): the messages waiting or handed
 * over, the dead letters, and the outbox's fields of the private state: types only, so the
 * state's layout (../customer.ts) names them without importing the outbox.
 */
import { Mail } from './mailer'

export interface QueuedMail {
  mail: Mail
  /** Hand-offs to the Mailer so far (0: not handed over yet). */
  attempts: number
  /** This message's id in the Account (its Message-ID is derived from it). */
  id?: string
  /** When (epoch ms) it may be handed over next (handed over: when to hand it over again without a report). */
  nextAt?: number
  /** Owed whatever the customer did: never held back by the hourly cap. */
  owed?: boolean
  /** When (epoch ms) it was first handed over to the Mailer; it stays here until the Mailer reports. */
  handedAt?: number
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
  /** The mail server's last answer, without the recipient's address. */
  error: string
  /** The mail desk lists it (staff see it); until then every outbox run reports it again. */
  reported?: boolean
}

/** What the outbox adds to the Account's private state. */
export interface OutboxState {
  /** Message ids handed out so far. */
  mailSeq?: number
  /** When (epoch ms) the customer's e-mails of the last hour were handed over to be sent. */
  mailSent?: number[]
  /** When (epoch ms) the one pending `retryMail` task runs; undefined: none pending. */
  mailTaskAt?: number
  deadLetters?: DeadLetter[]
  /** The customer's Mailer instance exists (it has reported): hand-offs go to it directly. */
  mailerOpen?: boolean
}
