/**
 * The customer's receipts and credit notes, as their payments carry them (the Account issues them:
 * BeanBloomSubscription's receipts.ts): listed newest first, and found by number for the printable page.
 */
import type { DeliveryPayment } from '@/lib/contract'
import type { GiftGiven } from '@retter-shared/BeanBloomSubscription/gifts'
import type { CreditNote, Receipt } from '@retter-shared/BeanBloomSubscription/receipts'

export type CustomerDocument = Receipt | CreditNote

/** Every receipt and credit note of `payments`, and the receipts of the gifts given, newest first (a credit note after its receipt's delivery). */
export function documentsOf(payments: ReadonlyArray<DeliveryPayment> | undefined, gifts?: ReadonlyArray<GiftGiven>): CustomerDocument[] {
  const docs: CustomerDocument[] = []
  for (const gift of gifts ?? []) if (gift.receipt) docs.push(gift.receipt)
  for (const payment of payments ?? []) {
    if (payment.receipt) docs.push(payment.receipt)
    for (const refund of payment.refunds ?? []) if (refund.creditNote) docs.push(refund.creditNote)
  }
  return docs.sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : a.number < b.number ? 1 : -1))
}

/** The document numbered `number`, if it is among the customer's. */
export function findDocument(payments: ReadonlyArray<DeliveryPayment> | undefined, number: string, gifts?: ReadonlyArray<GiftGiven>): CustomerDocument | undefined {
  return documentsOf(payments, gifts).find((doc) => doc.number === number)
}

/** Where a document's printable page is. */
export function documentPath(number: string): string {
  return `/account/receipts/${encodeURIComponent(number)}`
}
