/**
 * The signed-in customer's Account and AWS objects: the request layer (api/) and the account provider (state/).
 * The public entry of features/customer/: other features and pages import only what is here.
 */
export type { SubscriptionChangeRequest } from './api/account-api'
export { useAccount } from './state/AccountContext'
export { AppProviders } from './state/AppProviders'
