/**
 * E-mailing a fresh code, capped per hour: the sign-in code (sendOtp) and the code that confirms a
 * deletion (requestAccountDeletion) each go out at most EMAIL_CODES_PER_HOUR times an hour.
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { EMAIL_CODES_PER_HOUR, limitResponse, rollingWait, withinWindow } from '../limits'
import { Mail, sendMail } from '../mail/mailer'
import { issueOtp, StoredOtp } from './wrong-tries'
import { Locale } from '../language'

/** What one kind of code e-mail says, and what is logged and answered when it does not go out. */
export interface CodeMailing {
  /** The e-mail to `to` with the code in it, in `locale` (English when none). */
  mail(to: string, code: string, locale?: Locale): Mail
  /** The log line (the error's message follows). */
  failureLog: string
  /** The message of the 503 EMAIL_UNAVAILABLE answer. */
  unavailable: string
}

/**
 * E-mails a fresh code to `to` unless `sentAt` (epoch ms this kind of code went out) already holds the
 * hour's EMAIL_CODES_PER_HOUR: then 429 EMAIL_SEND_LIMIT. No code is kept when the e-mail did not go
 * out (503 EMAIL_UNAVAILABLE), so the customer may ask again at once.
 * @param locale the language of the e-mail
 * @returns what to store of the code and the hour's send times with this one; null when refused
 *   (`data.response` says why)
 */
export async function emailCode(
  data: Data, mailing: CodeMailing, to: string, sentAt: number[] | undefined, nowMs: number, locale?: Locale,
): Promise<{ stored: StoredOtp; sentAt: number[] } | null> {
  const sent = withinWindow(sentAt, nowMs)
  const wait = rollingWait(sent, EMAIL_CODES_PER_HOUR, nowMs)
  if (wait > 0) {
    data.response = limitResponse('EMAIL_SEND_LIMIT', wait)
    return null
  }
  const issued = issueOtp(nowMs)
  try {
    await sendMail(mailing.mail(to, issued.code, locale))
  } catch (err) {
    console.error(mailing.failureLog, err instanceof Error ? err.message : String(err))
    refuse(data, 503, 'EMAIL_UNAVAILABLE', mailing.unavailable)
    return null
  }
  sent.push(nowMs)
  return { stored: issued.stored, sentAt: sent }
}
