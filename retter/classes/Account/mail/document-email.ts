/**
 * The e-mail that carries a receipt or a credit note, in plain text and in HTML with our brand.
 * Pure (mail/outbox.ts sends). Every value on a document may hold text a customer typed (their name and
 * address) or staff wrote (a refund's reason): the HTML escapes each one, and the subject holds
 * none of them.
 */
import { CreditNote, customerDate, documentLines, documentTitle, Receipt } from 'BeanBloomSubscription'
import { Locale, moneyIn, wordsIn } from '../language'
import { BRAND_COLOUR, escapeHtml, htmlMail, textMail } from './layout'
import { Mail } from './mailer'
import { documentPdf, documentPdfName } from '../payments/document-pdf'

/** The opening words of the mail, before the document. */
function intro(doc: Receipt | CreditNote, locale: Locale | undefined): { subject: string; headline: string; line: string } {
  const w = wordsIn(locale)
  const day = customerDate(doc.deliveryDate, locale)
  const amount = moneyIn(locale, doc.grossCents)
  if (doc.kind === 'receipt' && doc.gift) {
    return {
      subject: w('giftMail.receipt.subject', { number: doc.number, recipient: doc.gift.recipient }),
      headline: w('mail.receipt.headline'),
      line: w('giftMail.receipt.line', { amount: amount, recipient: doc.gift.recipient }),
    }
  }
  if (doc.kind === 'receipt') {
    return {
      subject: w('mail.receipt.subject', { number: doc.number, date: day }),
      headline: w('mail.receipt.headline'),
      line: w('mail.receipt.line', { amount: amount, date: day }),
    }
  }
  // The method the money goes back to, as the document's own line words it ("Refunded to").
  const lines = documentLines(doc, locale)
  const refundedTo = (lines[lines.length - 1] as { value: string }).value
  return {
    subject: w('mail.creditNote.subject', { amount: amount, date: day, number: doc.number }),
    headline: w('mail.creditNote.headline', { amount: amount }),
    line: w('mail.creditNote.line', { amount: amount, date: day, method: refundedTo, receipt: doc.receiptNumber }),
  }
}

/**
 * The e-mail of a document.
 * @param to the customer's address
 * @param documentUrl where the customer reads and prints it on the website, when the project knows the app's address
 * @param locale the customer's language (English when none)
 */
export function documentMail(doc: Receipt | CreditNote, to: string, documentUrl?: string, locale?: Locale): Mail {
  const w = wordsIn(locale)
  const words = intro(doc, locale)
  const title = documentTitle(doc, locale)
  // The title names the number ("Receipt R-000042"): the document's own number line would repeat it.
  const lines = documentLines(doc, locale).filter(function (l, i) { return !(i === 0 && title.indexOf(l.value) >= 0) })
  const where = documentUrl ? w('mail.document.url', { url: documentUrl }) : w('mail.document.none')
  // A label and its value as the language writes them ("Net: €16.81", "Montant HT : 16,81 €").
  const colon = locale === 'fr' ? '\u00a0: ' : ': '
  const text = textMail(words.headline, [words.line, '', title].concat(lines.map(function (l) { return l.label + colon + l.value }), ['', where]), locale)
  const rows = lines.map(function (l) {
    return '<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;font-weight:normal;color:#6b5a4e;vertical-align:top">' + escapeHtml(l.label) +
      '</th><td style="padding:4px 0;vertical-align:top">' + escapeHtml(l.value) + '</td></tr>'
  }).join('')
  const html = htmlMail(words.subject, words.headline, [
    '<p style="margin:0 0 16px">' + escapeHtml(words.line) + '</p>',
    '<h2 style="font-size:18px;margin:0 0 8px">' + escapeHtml(title) + '</h2>',
    '<table style="border-collapse:collapse;font-size:15px">' + rows + '</table>',
    documentUrl
      ? '<p style="margin:24px 0 0"><a href="' + escapeHtml(documentUrl) + '" style="color:' + BRAND_COLOUR + '">' + escapeHtml(w('mail.document.link')) + '</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(where) + '</p>',
  ].join(''), locale)
  // The document as a one-page PDF too, for the customer's records (document-pdf.ts).
  const pdf = { filename: documentPdfName(doc), contentType: 'application/pdf', contentBase64: documentPdf(doc, locale).toString('base64') }
  return { to: to, subject: words.subject, text: text, html: html, attachments: [pdf] }
}
