/**
 * An error's words in the page's language. The mapping (./map.ts, ./app-error.ts) writes English
 * and marks the errors whose words are the app's own with their catalogue key (`errors.*`); those
 * are written again in the page's language here. What the backend or Stripe said arrives in their
 * words and is shown as it came.
 */
import type { AppError } from '@/lib/types'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { messageKeyOf } from './app-error'

/** `error`'s message as a customer reads it on this page. */
export function errorText(t: Translate, error: Pick<AppError, 'message'>): string {
  const own = messageKeyOf(error)
  return own ? t(own.key, own.values) : error.message
}

/** The limits of the Account class whose words the app says before the wait (map.ts LIMIT_WORDS), by 429 code. */
const LIMIT_KEYS: Record<string, MessageKey> = {
  EMAIL_CHECK_LIMIT: 'errors.rateLimited.emailCheck',
  EMAIL_CHECK_LIMIT_ALL: 'errors.rateLimited.emailCheckAll',
  EMAIL_SEND_LIMIT: 'errors.rateLimited.emailSend',
  IP_SEND_LIMIT: 'errors.rateLimited.ipSend',
  IP_CHECK_LIMIT: 'errors.rateLimited.ipCheck',
}

function two(n: number): string {
  return (n < 10 ? '0' : '') + n
}

/** A wait as a countdown reads it on this page ("45 seconds", "4:05 minutes", "1:00:05 hours"), as countdownWords says it in English. */
export function countdownText(t: Translate, seconds: number): string {
  if (seconds < 60) return t('errors.countdown.seconds', { n: seconds })
  if (seconds > 3600) return t('errors.countdown.hours', { clock: `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}` })
  return t('errors.countdown.minutes', { clock: `${Math.floor(seconds / 60)}:${two(seconds % 60)}` })
}

/**
 * A rate limit's words on this page for a wait of `seconds` still left (map.ts `rateLimitedMessage`
 * in English); `reason` is the backend's limit code.
 */
export function rateLimitedText(t: Translate, seconds: number, reason?: string): string {
  const key = reason && Object.prototype.hasOwnProperty.call(LIMIT_KEYS, reason) ? LIMIT_KEYS[reason] : undefined
  return t(key ?? 'errors.rateLimited.general', { wait: countdownText(t, seconds) })
}
