/**
 * Why Stripe refused a card or a bank account, in the page's language. Stripe.js writes its
 * reasons in English only, so the ones a customer meets are read by their code (a decline by the
 * bank's decline code first) and written from the catalogue; a code not listed here reads as a
 * general sentence in the page's language rather than Stripe's English.
 */
import type { MessageKey, Translate } from '@/lib/i18n/types'
import type { StripeJsError } from './stripe/stripe-js'

// A Map, so a code such as "constructor" never reads an object's own properties.
const REASONS = new Map<string, MessageKey>(Object.entries({
  card_declined: 'payments.decline.cardDeclined',
  generic_decline: 'payments.decline.cardDeclined',
  insufficient_funds: 'payments.decline.insufficientFunds',
  expired_card: 'payments.decline.expiredCard',
  incorrect_cvc: 'payments.decline.incorrectCvc',
  incorrect_number: 'payments.decline.incorrectNumber',
  processing_error: 'payments.decline.processingError',
  incomplete_number: 'payments.decline.incompleteNumber',
  incomplete_iban: 'payments.decline.incompleteIban',
} satisfies Record<string, MessageKey>))

/**
 * The customer's words for Stripe's `error`: "Deine Karte wurde abgelehnt."
 * @param fallback what a code not listed reads as (by default: the bank did not accept the method)
 */
export function stripeErrorText(t: Translate, error: Pick<StripeJsError, 'code' | 'decline_code'>, fallback: MessageKey = 'payments.decline.other'): string {
  const key = REASONS.get(error.decline_code ?? '') ?? REASONS.get(error.code ?? '')
  return t(key ?? fallback)
}
