/**
 * An error's words in the page's language. The mapping (./map.ts, ./app-error.ts) writes English
 * and marks the errors whose words are the app's own with their catalogue key (`errors.*`); those
 * are written again in the page's language here. What the backend or Stripe said arrives in their
 * words and is shown as it came.
 */
import type { AppError } from '@/lib/types'
import type { Translate } from '@/lib/i18n/types'
import { messageKeyOf } from './app-error'

/** `error`'s message as a customer reads it on this page. */
export function errorText(t: Translate, error: Pick<AppError, 'message'>): string {
  const own = messageKeyOf(error)
  return own ? t(own.key, own.values) : error.message
}
