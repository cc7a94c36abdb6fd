import { useCustomer, useCustomerCalls } from '@/contexts/AccountContext'

const SUBSCRIPTION_CALLS = ['changeSubscription'] as const

/** The customer's subscription: their Account as it is now, and the one call that changes it (pause, resume, skip, cancel, ...). */
export function useSubscription() {
  const { account } = useCustomer()
  const { changeSubscription } = useCustomerCalls(SUBSCRIPTION_CALLS)
  return { account, changeSubscription }
}
