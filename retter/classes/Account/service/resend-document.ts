/**
 * Sending a receipt or a credit note again (support and owners, `customer.act`, with a reason): the
 * e-mail a customer most often asks for again ("I never got my receipt"). The document is the one
 * kept, unchanged, with its number; it goes to the customer's address as it is now. Other e-mails
 * describe the subscription as it was then (/account shows it as it is), and a sign-in code is
 * never sent by staff.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { CreditNote, Receipt } from 'BeanBloomSubscription'
import { documentMail } from '../mail/document-email'
import { queueMail } from '../mail/outbox'
import { documentUrl } from '../payments/receipts'
import { storedLocale } from '../language'
import { viewAt } from '../subscription/customer-view'

export interface ResendDocumentInput {
  /** The receipt's or credit note's number, as issued (`R-000042`, `C-000007`). */
  number: string
  reason: string
}

/** The customer's receipt or credit note numbered `number`, if they have one. */
function documentNumbered(payments: ReadonlyArray<{ receipt?: Receipt; refunds?: Array<{ creditNote?: CreditNote }> }>, number: string): Receipt | CreditNote | undefined {
  for (const payment of payments) {
    if (payment.receipt && payment.receipt.number === number) return payment.receipt
    for (const refund of payment.refunds || []) if (refund.creditNote && refund.creditNote.number === number) return refund.creditNote
  }
  return undefined
}

/**
 * WRITE (staff acting for the customer) {number, reason}: e-mails the document again, at once.
 * 404 NO_SUCH_DOCUMENT when the customer has no receipt or credit note of that number.
 */
export async function resendDocument(data: Data<ResendDocumentInput>): Promise<Data> {
  const view = viewAt(data, Date.now())
  const number = data.request.body ? String(data.request.body.number).trim().toUpperCase() : ''
  const doc = documentNumbered(view.payments || [], number)
  if (!doc) return refuse(data, 404, 'NO_SUCH_DOCUMENT', 'This customer has no receipt or credit note numbered ' + number + '.', { field: 'number' })
  const locale = storedLocale(view)
  queueMail(data, documentMail(doc, view.email, documentUrl(doc.number, locale), locale), { owed: true })
  return respond(data, { number: doc.number, kind: doc.kind, to: view.email })
}
