import type { MessageKey } from '@/lib/i18n/types'

/**
 * The key of what is shown when the code of the plan confirmation (or of the customer view of `/` that opens it)
 * cannot be loaded: offline, or a deploy replaced it. Its own module so the visitor's `/` can show
 * it without loading the customer code.
 */
export const CONFIRMATION_UNAVAILABLE: MessageKey = 'plans.confirm.unavailable'
