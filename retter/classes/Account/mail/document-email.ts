/**
 * The e-mail that carries a receipt or a credit note, in plain text and in HTML with our brand.
 * Pure (mail/outbox.ts sends). Every value on a document may hold text a customer typed (their name and
 * address) or staff wrote (a refund's reason): the HTML escapes each one, and the subject holds
 * none of them.
 */
import { euros } from 'BeanBloomKit'
import { CreditNote, customerDate, documentLines, documentTitle, Receipt } from 'BeanBloomSubscription'
import { BRAND_COLOUR, escapeHtml, htmlMail, textMail } from './layout'
import { Mail } from './mailer'
import { documentPdf, documentPdfName } from '../payments/document-pdf'

/** The opening words of the mail, before the document. */
function intro(doc: Receipt | CreditNote): { subject: string; headline: string; line: string } {
  const day = customerDate(doc.deliveryDate)
  if (doc.kind === 'receipt') {
    return {
      subject: 'Your receipt ' + doc.number + ' for your delivery of ' + day,
      headline: 'Thank you: here is your receipt',
      line: 'We received ' + euros(doc.grossCents) + ' for your delivery of ' + day + '.',
    }
  }
  return {
    subject: 'Refund of ' + euros(doc.grossCents) + ' for your delivery of ' + day + ' (credit note ' + doc.number + ')',
    headline: 'We have refunded ' + euros(doc.grossCents),
    line: 'We have refunded ' + euros(doc.grossCents) + ' for your delivery of ' + day + ' to your ' + doc.refundedTo +
      '. Your bank shows it within 5 to 10 business days. This credit note corrects receipt ' + doc.receiptNumber + '.',
  }
}

/**
 * The e-mail of a document.
 * @param to the customer's address
 * @param documentUrl where the customer reads and prints it on the website, when the project knows the app's address
 */
export function documentMail(doc: Receipt | CreditNote, to: string, documentUrl?: string): Mail {
  const words = intro(doc)
  const title = documentTitle(doc)
  // The title names the number ("Receipt R-000042"): the document's own number line would repeat it.
  const lines = documentLines(doc).filter(function (l, i) { return !(i === 0 && title.indexOf(l.value) >= 0) })
  const where = documentUrl ? 'Read and print it on our website: ' + documentUrl : 'You can read and print it from your account on our website.'
  const text = textMail(words.headline, [words.line, '', title].concat(lines.map(function (l) { return l.label + ': ' + l.value }), ['', where]))
  const rows = lines.map(function (l) {
    return '<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;font-weight:normal;color:#6b5a4e;vertical-align:top">' + escapeHtml(l.label) +
      '</th><td style="padding:4px 0;vertical-align:top">' + escapeHtml(l.value) + '</td></tr>'
  }).join('')
  const html = htmlMail(words.subject, words.headline, [
    '<p style="margin:0 0 16px">' + escapeHtml(words.line) + '</p>',
    '<h2 style="font-size:18px;margin:0 0 8px">' + escapeHtml(title) + '</h2>',
    '<table style="border-collapse:collapse;font-size:15px">' + rows + '</table>',
    documentUrl
      ? '<p style="margin:24px 0 0"><a href="' + escapeHtml(documentUrl) + '" style="color:' + BRAND_COLOUR + '">Read and print it on our website</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(where) + '</p>',
  ].join(''))
  // The document as a one-page PDF too, for the customer's records (document-pdf.ts).
  const pdf = { filename: documentPdfName(doc), contentType: 'application/pdf', contentBase64: documentPdf(doc).toString('base64') }
  return { to: to, subject: words.subject, text: text, html: html, attachments: [pdf] }
}
