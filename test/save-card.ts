/**
 * Saves a payment method the way a customer's browser does, through the app's own Account
 * context: startPaymentSetup, Stripe.js's confirmation (done for real against the run's
 * localstripe), savePaymentMethod. For tests that drive the context rather than the page.
 */
import type { AccountContextValue } from '@/contexts/account-types'
import { confirmSetup, TEST_CARDS, type TestMethod } from '@/rio-local/test/payments'

/** Saves `method` (Visa 4242… unless told otherwise) for the signed-in customer. */
export async function saveMethodThroughApp(
  account: Pick<AccountContextValue, 'startPaymentSetup' | 'savePaymentMethod'>,
  method: TestMethod = { card: TEST_CARDS.visa },
): Promise<void> {
  const setup = await account.startPaymentSetup('card' in method ? 'card' : 'sepa_debit')
  const status = await confirmSetup(setup.setupIntentId, method)
  if (status !== 'succeeded') throw new Error(`The SetupIntent is ${status}, not succeeded`)
  await account.savePaymentMethod(setup.setupIntentId)
}
