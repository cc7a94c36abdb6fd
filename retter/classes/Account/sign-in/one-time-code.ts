/** One-time-code sign-in: `sendOtp` e-mails a code, `verifyOtp` trades it for a custom token. */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { CUSTOMER_IDENTITY, isStaffMember, STAFF_IDENTITY, waitWords } from 'BeanBloomIdentity'
import { customerOf, privateOf } from '../customer'
import { Mail } from '../mail/mailer'
import { signInClaims } from './session-epoch'
import { CodeMailing, emailCode } from './code-mail'
import { BRAND, escapeHtml, htmlMail } from '../mail/layout'
import { callLocale, Locale, storedLocale, wordsIn } from '../language'
import { OTP_RESEND_AFTER_MS, OTP_TTL_MS, attemptsLeft, countWrongTry, otpMatches } from './wrong-tries'
import {
  CheckLimitState,
  checkLimit,
  ipBudgets,
  limitResponse,
  recentFailures,
  rememberSource,
  sourceKey,
  spendIpBudget,
} from '../limits'

const rdk = new RDK()

/** The sign-in code's e-mail, and what is logged and answered when it does not go out. */
const SIGN_IN_CODE: CodeMailing = {
  mail: (to, code, locale) => signInCodeMail(to, code, locale),
  failureLog: 'sendOtp: the e-mail could not be sent',
  unavailable: 'The sign-in code could not be e-mailed. Try again in a moment.',
}

export type VerifyOtpErrorCode = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE'

const VERIFY_MESSAGES: Record<VerifyOtpErrorCode, string> = {
  INVALID_CODE: 'Invalid OTP',
  CODE_EXPIRED: 'This code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Request a new code.',
  NO_CODE: 'No code was requested for this e-mail.',
}

/**
 * The sign-in code e-mail: the plain text as it always was (one line a mail client previews in
 * full), and the same words in the shared HTML layout with the code large enough to read off a
 * phone; in `locale` (English when none).
 */
export function signInCodeMail(to: string, code: string, locale?: Locale): Mail {
  const w = wordsIn(locale)
  const minutes = OTP_TTL_MS / 60000
  const subject = w('mail.code.subject', { brand: BRAND })
  const html = htmlMail(subject, w('mail.code.headline'), [
    '<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace">' + escapeHtml(code) + '</p>',
    '<p style="margin:0 0 12px">' + escapeHtml(w('mail.code.expires', { minutes: minutes })) + '</p>',
  ].join(''), locale)
  return {
    to: to,
    subject: subject,
    text: w('mail.code.text', { code: code, minutes: minutes }),
    html: html,
  }
}

/**
 * WRITE: e-mails a fresh code. 429 IP_SEND_LIMIT past the source IP's hourly budget,
 * RATE_LIMITED within 30 s of the previous code, EMAIL_SEND_LIMIT past 5 codes in an hour.
 */
export async function sendOtp(data: Data): Promise<Data> {
  const now = Date.now()
  const priv = privateOf(data)
  const email = customerOf(data).email
  const ipWait = await spendIpBudget(rdk, 'send', sourceKey(data.context.sourceIP), ipBudgets().sends, now)
  if (ipWait > 0) {
    data.response = limitResponse('IP_SEND_LIMIT', ipWait)
    return data
  }
  if (priv.lastOtpSentAt !== undefined && now - priv.lastOtpSentAt < OTP_RESEND_AFTER_MS) {
    const retryAfterSeconds = Math.ceil((priv.lastOtpSentAt + OTP_RESEND_AFTER_MS - now) / 1000)
    data.response = {
      statusCode: 429,
      body: {
        code: 'RATE_LIMITED',
        message: 'A code was sent moments ago. You can request a new one in ' + waitWords(retryAfterSeconds) + '.',
        retryAfterSeconds: retryAfterSeconds,
      },
      headers: { 'retry-after': String(retryAfterSeconds) },
    }
    return data
  }
  // The customer's language once stored; before that (a first sign-in) the language of the page asking.
  const issued = await emailCode(data, SIGN_IN_CODE, email, priv.codesSentAt, now, storedLocale(customerOf(data)) || callLocale(data))
  if (!issued) return data
  priv.otp = issued.stored
  priv.lastOtpSentAt = now
  priv.codesSentAt = issued.sentAt
  respond(data, { sentTo: email, expiresInSeconds: OTP_TTL_MS / 1000, resendAfterSeconds: OTP_RESEND_AFTER_MS / 1000 })
  return data
}

function verifyFailure(data: Data, code: VerifyOtpErrorCode, attemptsLeft?: number): Data {
  const error: { code: VerifyOtpErrorCode; message: string; attemptsLeft?: number } = { code: code, message: VERIFY_MESSAGES[code] }
  if (attemptsLeft !== undefined) error.attemptsLeft = attemptsLeft
  respond(data, { success: false, error: error })
  return data
}

/**
 * WRITE: checks a code (body validated by VerifyOtpInput); a good one answers a custom token.
 * 429 IP_CHECK_LIMIT past the source's hourly budget; 429 EMAIL_CHECK_LIMIT once checks from this
 * source failed 10 times in an hour or 20 in a day for this e-mail, and EMAIL_CHECK_LIMIT_ALL once
 * they failed 100 times in a day from all sources (limits.ts), whatever the code and however many
 * were sent (even the right code is then refused, so resending cannot buy more guesses). Each
 * source gets 5 tries per code.
 */
export async function verifyOtp(data: Data<{ code: string }>): Promise<Data> {
  const code = data.request.body ? data.request.body.code : ''
  const now = Date.now()
  // The failures live beside the fields of customer.ts in private state (see limits.ts).
  const priv = privateOf(data) as ReturnType<typeof privateOf> & CheckLimitState
  const source = sourceKey(data.context.sourceIP)
  const ipWait = await spendIpBudget(rdk, 'check', source, ipBudgets().checks, now)
  if (ipWait > 0) {
    data.response = limitResponse('IP_CHECK_LIMIT', ipWait)
    return data
  }
  const failed = recentFailures(priv, now)
  const limit = checkLimit(failed, source, now, (priv.knownSources || []).indexOf(source) >= 0)
  if (limit) {
    data.response = limitResponse(limit.code, limit.seconds)
    return data
  }
  const otp = priv.otp
  if (!otp) return verifyFailure(data, 'NO_CODE')
  if (attemptsLeft(otp, source) === 0) return verifyFailure(data, 'TOO_MANY_ATTEMPTS')
  if (now >= otp.expiresAt) return verifyFailure(data, 'CODE_EXPIRED')
  if (!otpMatches(otp, code)) {
    failed.push({ at: now, source: source })
    priv.failedChecks = failed
    // Counted per (e-mail, source) since failedChecks; the hour-long list of before is no longer read.
    delete priv.failedChecksAt
    const left = countWrongTry(otp, source)
    // Out of tries, this source can no longer use this code; other sources still can.
    return left > 0 ? verifyFailure(data, 'INVALID_CODE', left) : verifyFailure(data, 'TOO_MANY_ATTEMPTS')
  }
  const email = customerOf(data).email
  // Staff (the bootstrap owners and the Shop's members) sign in like everyone else; their session's identity opens the roastery too.
  const identity = (await isStaffMember(rdk, email)) ? STAFF_IDENTITY : CUSTOMER_IDENTITY
  // The sign-in moment rides in the token (refreshes keep it): sessions older than the Account's epoch are refused (session-epoch.ts).
  const minted = await rdk.generateCustomToken({ userId: priv.userId, identity: identity, claims: signInClaims(email, now) })
  if (!minted || !minted.success || !minted.data) {
    // Keep the code: the customer may try it again once the platform answers.
    refuse(data, 503, 'TOKEN_UNAVAILABLE', 'Signing in failed for a moment. Try the same code again.')
    return data
  }
  // A used code is gone, so it cannot be replayed.
  delete priv.otp
  priv.knownSources = rememberSource(priv.knownSources, source)
  const customer = customerOf(data)
  const nowIso = new Date(now).toISOString()
  // The first sign-in keeps the language of the page it came from; later ones never change it
  // (setLocale does), so a sign-in from another device does not switch the customer's e-mails.
  // English is the default, kept as no `locale` at all (docs/decisions/0032).
  const firstLocale = callLocale(data)
  if (!customer.memberSince && !storedLocale(customer) && firstLocale !== 'en') customer.locale = firstLocale
  customer.memberSince = customer.memberSince || nowIso
  customer.lastSignInAt = nowIso
  respond(data, { success: true, data: { customToken: minted.data.customToken } })
  return data
}
