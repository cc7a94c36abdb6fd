import { useCustomerCalls } from '@/contexts/AccountContext'

const PRIVACY_CALLS = ['exportMyData', 'requestAccountDeletion', 'deleteMyAccount', 'requestEmailChange', 'confirmEmailChange'] as const

/** The customer's data rights: export, deletion, a move to another e-mail address; each rejects with a mapped error. */
export function usePrivacy() {
  return useCustomerCalls(PRIVACY_CALLS)
}
