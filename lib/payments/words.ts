/**
 * How the app words payments in the page's language: a delivery's payment line ("Paid · €20.00"),
 * the saved method's details, when an upcoming delivery is charged, and the SEPA mandate a customer
 * accepts. Each wording function takes the page's `t` first; the class e-mails word their own.
 */
import { finalMomentMs, methodText, needsCustomer, PAYMENT_FAILURE_KEYS, paymentStatusText } from '@retter-shared/BeanBloomSubscription/payments'
import type { DeliveryPayment, PaymentMethodSummary, PaymentStatus } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { moneyText } from '@retter-shared/BeanBloomKit/money'
import type { MessageKey, Translate } from '@/lib/i18n/types'

export { needsCustomer }

/** The shop's name as the SEPA mandate names the creditor. */
export const SHOP_NAME = 'Bean & Bloom Coffee House'

/** An amount of integer euro cents for the customer's locale, by the one money rule: "€20.00". */
export function eurosText(amountCents: number, locale?: string): string {
  return moneyText(amountCents, 'EUR', locale)
}

/** The day an upcoming delivery is charged: when it becomes final ("Mon 30 Nov"). */
export function chargeDayText(deliveryDate: string, locale?: string): string {
  return formatDeliveryDay(new Date(finalMomentMs(deliveryDate)).toISOString(), locale)
}

const STATUS_KEYS: Record<PaymentStatus, MessageKey> = {
  charging: 'payments.status.charging',
  processing: 'payments.status.processing',
  settling: 'payments.status.settling',
  paid: 'payments.status.paid',
  failed: 'payments.status.failed',
  requires_action: 'payments.status.requiresAction',
  unpaid: 'payments.status.unpaid',
}

/** "Bezahlt · 20,00 €": a delivery's payment line in the page's language. */
export function paymentLineIn(t: Translate, payment: Pick<DeliveryPayment, 'status' | 'amountCents'>, locale?: string): string {
  const key = STATUS_KEYS[payment.status] as MessageKey | undefined
  return t('payments.line', { status: key ? t(key) : paymentStatusText(payment.status), amount: eurosText(payment.amountCents, locale) })
}

/**
 * Why a payment failed, in the page's language: English reads the stored words (Stripe's own for a
 * rare decline); another language words the failure's code, and a payment stored before codes were
 * kept reads as declined, or as not paid by its day. Undefined when nothing failed.
 */
export function failureTextIn(t: Translate, payment: Pick<DeliveryPayment, 'status' | 'failure' | 'failureCode'>, locale?: string): string | undefined {
  if (!payment.failure && !payment.failureCode) return undefined
  if ((!locale || locale === 'en') && payment.failure) return payment.failure
  const failure = payment.failureCode ?? (payment.status === 'unpaid' ? 'notPaidByDay' : 'declined')
  return t(PAYMENT_FAILURE_KEYS[failure])
}

/** A saved method's name in the page's language: "Visa •••• 4242", "SEPA-Lastschrift •••• 3000". */
export function methodTextIn(t: Translate, method: Pick<PaymentMethodSummary, 'type' | 'brand' | 'last4'>): string {
  if (method.type === 'sepa_debit') return t('payments.method.sepa', { last4: method.last4 })
  return method.brand ? methodText(method) : t('payments.method.card', { last4: method.last4 })
}

/** The lines that describe a saved method: its name, then its expiry or its bank and mandate. */
export function methodDetailsIn(t: Translate, method: PaymentMethodSummary): string[] {
  const lines = [methodTextIn(t, method)]
  if (method.type === 'card' && method.expMonth && method.expYear) {
    lines.push(t('payments.method.expires', { month: String(method.expMonth).padStart(2, '0'), year: String(method.expYear) }))
  }
  if (method.type === 'sepa_debit') {
    const bank = [method.bankCode ? t('payments.method.bankCode', { code: method.bankCode }) : '', method.country ?? ''].filter(Boolean).join(', ')
    if (bank) lines.push(bank)
    if (method.mandateReference) lines.push(t('payments.method.mandate', { reference: method.mandateReference }))
  }
  return lines
}

/**
 * Stripe's standard SEPA Direct Debit mandate wording, naming the shop, in the page's language:
 * shown beside the IBAN before the customer confirms (Stripe requires it).
 */
export function sepaMandateTextIn(t: Translate, shop: string = SHOP_NAME): string {
  return t('payments.sepa.mandate', { shop })
}
