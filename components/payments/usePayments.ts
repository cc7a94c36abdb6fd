import { useCustomerCalls } from '@/contexts/AccountContext'

const PAYMENT_CALLS = ['startPaymentSetup', 'savePaymentMethod', 'retryPayment'] as const

/** The customer's payment calls (a method saved with Stripe, a failed payment tried again), each rejecting with a mapped error. */
export function usePayments() {
  return useCustomerCalls(PAYMENT_CALLS)
}
