/**
 * Paying each delivery with Stripe: the card or SEPA fields, each delivery's payment line and what the customer can do about it, the payment words.
 * The public entry of features/payments/: other features and pages import only what is here.
 */
export { DeliveryPaymentLine } from './components/DeliveryPaymentLine'
export { MethodEditorProvider, PAYMENT_METHOD_ID, useMethodEditor } from './components/MethodEditor'
export { PaymentHoldNotice } from './components/PaymentHoldNotice'
export { PaymentMethodFields } from './components/PaymentMethodFields'
export { usePaymentMethodForm } from './components/usePaymentMethodForm'
export { chargeDayText, eurosText, methodDetails, methodText, needsCustomer } from './rules/words'
