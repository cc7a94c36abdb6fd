/**
 * The Account's methods other classes call (their authorizers' rules say which): the Mailer's
 * report, the Roastery's shipments and refunds, the MailDesk's resend, and another Account adopting
 * a customer who moves. template.yml routes them here (`peers.<method>`); each lives with its
 * subdomain.
 */
export { mailReported, resendDeadLetter } from './mail/outbox'
export { recordShipment } from './subscription/shipments'
export { refundPayment } from './payments/receipts'
export { adoptCustomer } from './data-rights/email-change'
