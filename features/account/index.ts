/**
 * The /account page's shell (account and AWS cards, delivery history, the payment method) and the receipt page.
 * The public entry of features/account/: other features and pages import only what is here.
 */
export { AccountPage } from './components/AccountPage'
export { ReceiptPage } from './components/ReceiptPage'
