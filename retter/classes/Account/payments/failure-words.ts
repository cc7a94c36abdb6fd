/**
 * Why a payment failed, in words: stored in English with its `failureCode` on the payment (the app
 * words the code in the page's language), and worded again in the customer's language wherever the
 * classes print it (e-mails, a refused retry). English is the catalogue's English, so the stored
 * text and the English e-mail read alike.
 */
import { DeliveryPayment, PaymentFailure, paymentFailureOf, PAYMENT_FAILURE_KEYS } from 'BeanBloomSubscription'
import { Locale, wordsIn } from '../language'

const KEYS = PAYMENT_FAILURE_KEYS

const FAILURES = Object.keys(KEYS) as PaymentFailure[]

/** A dispute's English keeps Stripe's reason ("(a dispute: fraudulent)"); other languages say "a dispute". */
const DISPUTED = /^your bank took the payment back \(a dispute(: [a-z ]+)?\)\.$/

/** Records on `payment` why it failed: `failure`'s English, with Stripe's own words for a decline we do not word. */
export function setFailure(payment: DeliveryPayment, failure: PaymentFailure, stripeMessage?: string, disputeReason?: string): void {
  let text = wordsIn('en')(KEYS[failure])
  if (failure === 'declined' && stripeMessage) text = stripeMessage.replace(/\.?$/, '.')
  if (failure === 'disputed' && disputeReason) text = text.replace(/\)\.$/, ': ' + disputeReason.replace(/_/g, ' ') + ').')
  payment.failure = text
  payment.failureCode = failure
}

/** Records why a Stripe charge failed (its error code and message). */
export function setStripeFailure(payment: DeliveryPayment, stripeCode: string, stripeMessage: string): void {
  setFailure(payment, paymentFailureOf(stripeCode), stripeMessage)
}

/** Forgets why a payment failed (it is being charged again, or it was paid). */
export function clearFailure(payment: DeliveryPayment): void {
  delete payment.failure
  delete payment.failureCode
}

/**
 * A stored English failure in `locale`: English as it is; in another language, the words of the
 * failure it is (a dispute without Stripe's reason), and a decline in Stripe's own English words
 * as a decline.
 */
export function failureWordsIn(locale: Locale, english: string): string {
  if (locale === 'en') return english
  const en = wordsIn('en')
  const theirs = wordsIn(locale)
  if (DISPUTED.test(english)) return theirs(KEYS.disputed)
  for (let i = 0; i < FAILURES.length; i++) {
    const key = KEYS[FAILURES[i] as PaymentFailure]
    if (en(key) === english) return theirs(key)
  }
  return theirs(KEYS.declined)
}
