/**
 * A cancellation's reason in words: a known reason (CANCEL_REASONS) by its catalogue key; a reason
 * stored before the reasons were fixed is the customer's own words, shown as they wrote them.
 */
import { isCancelReason, type CancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'
import type { MessageKey, Translate } from '@/lib/i18n/types'

const KEYS: Record<CancelReason, MessageKey> = {
  tooMuch: 'subscription.cancelReason.tooMuch',
  tooExpensive: 'subscription.cancelReason.tooExpensive',
  taste: 'subscription.cancelReason.taste',
  moving: 'subscription.cancelReason.moving',
  other: 'subscription.cancelReason.other',
}

/** The catalogue key of a reason. */
export function cancelReasonKey(reason: CancelReason): MessageKey {
  return KEYS[reason]
}

/** A stored reason in words: a known one translated, an older free text as it is. */
export function cancelReasonText(t: Translate, reason: string): string {
  return isCancelReason(reason) ? t(KEYS[reason]) : reason
}
