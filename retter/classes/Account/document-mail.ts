/**
 * The e-mail that carries a receipt or a credit note, in plain text and in HTML with our brand.
 * Pure (notify.ts sends). Every value on a document may hold text a customer typed (their name and
 * address) or staff wrote (a refund's reason): the HTML escapes each one, and the subject holds
 * none of them.
 */
import { CreditNote, customerDate, documentLines, documentTitle, euros, Receipt } from 'BeanBloomSubscription'
import { escapeHtml } from './emails'
import { Mail } from './mailer'

const BRAND = 'Bean & Bloom'
const BRAND_COLOUR = '#6b3e26'

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
  const lines = documentLines(doc)
  const title = documentTitle(doc)
  const where = documentUrl ? 'Read and print it on our website: ' + documentUrl : 'You can read and print it from your account on our website.'
  const text = [words.headline, '', words.line, '', title, ...lines.map(function (l) { return l.label + ': ' + l.value }), '', where, '', '— ' + BRAND].join('\n')
  const rows = lines.map(function (l) {
    return '<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;font-weight:normal;color:#6b5a4e;vertical-align:top">' + escapeHtml(l.label) +
      '</th><td style="padding:4px 0;vertical-align:top">' + escapeHtml(l.value) + '</td></tr>'
  }).join('')
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(words.subject) + '</title></head>',
    '<body style="margin:0;padding:24px;background:#faf6f1;font-family:Georgia,serif;color:#2b1d14">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border-top:6px solid ' + BRAND_COLOUR + '">',
    '<p style="margin:0 0 16px;font-weight:bold;color:' + BRAND_COLOUR + '">' + escapeHtml(BRAND) + '</p>',
    '<h1 style="font-size:22px;margin:0 0 16px">' + escapeHtml(words.headline) + '</h1>',
    '<p style="margin:0 0 16px">' + escapeHtml(words.line) + '</p>',
    '<h2 style="font-size:18px;margin:0 0 8px">' + escapeHtml(title) + '</h2>',
    '<table style="border-collapse:collapse;font-size:15px">' + rows + '</table>',
    documentUrl
      ? '<p style="margin:24px 0 0"><a href="' + escapeHtml(documentUrl) + '" style="color:' + BRAND_COLOUR + '">Read and print it on our website</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(where) + '</p>',
    '</div></body></html>',
  ].join('')
  return { to: to, subject: words.subject, text: text, html: html }
}
