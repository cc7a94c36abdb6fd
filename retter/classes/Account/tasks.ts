/**
 * The Account's methods run by Retter's delayed calls (`data.tasks`), never by customers (the
 * authorizer lets only the platform call them). template.yml routes them here (`tasks.<method>`);
 * each lives with its subdomain.
 */
export { sendDeliveryReminder, syncRoastery } from './subscription/reminder-tasks'
export { retryMail } from './mail/outbox'
export { chargeDelivery, closeDelivery, confirmCharge, retryCharge, syncPayment } from './payments/payments'
export { issueDocuments } from './payments/receipts'
export { forgetDeletedDeliveries } from './data-rights/deleted-deliveries'
