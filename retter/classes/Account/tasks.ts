/**
 * The Account's methods run by Retter's delayed calls (`data.tasks`), never by customers (the
 * authorizer lets only the platform call them). template.yml routes them here (`tasks.<method>`);
 * each lives with its subdomain.
 */
import { withCatalogue } from './catalogue-source'
import * as reminderTasks from './subscription/reminder-tasks'
import * as outbox from './mail/outbox'
import * as payments from './payments/payments'
import * as receipts from './payments/receipts'
import * as deletedDeliveries from './data-rights/deleted-deliveries'
import * as priceNotice from './subscription/price-notice'
import * as giftPurchase from './gifts/purchase'

// Each runs with the catalogue of the moment (catalogue-source.ts).
export const sendDeliveryReminder = withCatalogue(reminderTasks.sendDeliveryReminder)
export const syncRoastery = withCatalogue(reminderTasks.syncRoastery)
export const retryMail = withCatalogue(outbox.retryMail)
export const chargeDelivery = withCatalogue(payments.chargeDelivery)
export const closeDelivery = withCatalogue(payments.closeDelivery)
export const confirmCharge = withCatalogue(payments.confirmCharge)
export const retryCharge = withCatalogue(payments.retryCharge)
export const syncPayment = withCatalogue(payments.syncPayment)
export const issueDocuments = withCatalogue(receipts.issueDocuments)
export const forgetDeletedDeliveries = withCatalogue(deletedDeliveries.forgetDeletedDeliveries)
export const priceNoticeTask = withCatalogue(priceNotice.priceNotice)
export const sendGift = withCatalogue(giftPurchase.sendGift)
export const syncGift = withCatalogue(giftPurchase.syncGift)
