/**
 * The Account's methods other classes call (their authorizers' rules say which): the Mailer's
 * report, the Roastery's shipments and refunds, the MailDesk's resend, and another Account adopting
 * a customer who moves. template.yml routes them here (`peers.<method>`); each lives with its
 * subdomain.
 */
import { withCatalogue } from './catalogue-source'
import * as outbox from './mail/outbox'
import * as shipments from './subscription/shipments'
import * as receipts from './payments/receipts'
import * as emailChange from './data-rights/email-change'
import * as giftExchange from './gifts/exchange'

// Each runs with the catalogue of the moment (catalogue-source.ts).
export const mailReported = withCatalogue(outbox.mailReported)
export const resendDeadLetter = withCatalogue(outbox.resendDeadLetter)
export const recordShipment = withCatalogue(shipments.recordShipment)
export const refundPayment = withCatalogue(receipts.refundPayment)
export const adoptCustomer = withCatalogue(emailChange.adoptCustomer)
export const receiveGift = withCatalogue(giftExchange.receiveGift)
export const withdrawGift = withCatalogue(giftExchange.withdrawGift)
export const claimGift = withCatalogue(giftExchange.claimGift)
export const giftUsed = withCatalogue(giftExchange.giftUsed)
