/**
 * The one layout of every e-mail the Account sends (subscription, documents, data rights): the
 * brand, a headline, the message's own part, and the links to the privacy notice, imprint and
 * terms, in HTML and in plain text. Pure.
 */
import { legalFooterHtml, legalFooterText } from './legal-links'
import { Locale } from '../language'

export const BRAND = 'Bean & Bloom'
export const BRAND_COLOUR = '#6b3e26'

/** Text as HTML text: `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** One paragraph of HTML for one line of text. */
export function paragraphHtml(line: string): string {
  return '<p style="margin:0 0 12px">' + escapeHtml(line) + '</p>'
}

/**
 * The whole HTML of an e-mail.
 * @param innerHtml the message's own part, already HTML (escape what it holds)
 * @param locale the language it is written in (English when none)
 */
export function htmlMail(subject: string, headline: string, innerHtml: string, locale?: Locale): string {
  return [
    '<!doctype html><html lang="' + (locale || 'en') + '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="margin:0;padding:24px;background:#faf6f1;font-family:Georgia,serif;color:#2b1d14">',
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border-top:6px solid ' + BRAND_COLOUR + '">',
    '<p style="margin:0 0 16px;font-weight:bold;color:' + BRAND_COLOUR + '">' + escapeHtml(BRAND) + '</p>',
    '<h1 style="font-size:22px;margin:0 0 16px">' + escapeHtml(headline) + '</h1>',
    innerHtml,
    legalFooterHtml(escapeHtml, BRAND_COLOUR, locale),
    '</div></body></html>',
  ].join('')
}

/** The whole plain text of an e-mail: the headline, the message's own lines, the brand and the legal links. */
export function textMail(headline: string, lines: ReadonlyArray<string>, locale?: Locale): string {
  return [headline, ''].concat(lines, ['', '— ' + BRAND, '', legalFooterText(locale)]).join('\n')
}
