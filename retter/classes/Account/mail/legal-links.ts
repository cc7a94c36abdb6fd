/**
 * The links to the privacy notice, imprint and terms every e-mail ends with (the app's /privacy,
 * /imprint and /terms), from APP_URL like the e-mails' other links; without it, where to find them.
 */
import { appUrl } from 'BeanBloomKit'
import { Locale, pathIn, wordsIn } from '../language'

/** Each legal page with its absolute address (none without APP_URL). */
export function legalLinks(locale?: Locale): Array<{ label: string; url?: string }> {
  const app = appUrl()
  const w = wordsIn(locale)
  // The pages in the e-mail's language, as the app routes them.
  return [
    { label: w('mail.footer.privacy'), url: app ? app + pathIn(locale, '/privacy') : undefined },
    { label: w('mail.footer.imprint'), url: app ? app + pathIn(locale, '/imprint') : undefined },
    { label: w('mail.footer.terms'), url: app ? app + pathIn(locale, '/terms') : undefined },
  ]
}

/** The plain-text footer line. */
export function legalFooterText(locale?: Locale): string {
  const links = legalLinks(locale)
  if (!links[0] || !links[0].url) return wordsIn(locale)('mail.footer.onWebsite')
  return links.map(function (link) { return link.label + ': ' + link.url }).join('\n')
}

/**
 * The HTML footer paragraph.
 * @param escape the mail's HTML escaper
 * @param colour the links' colour
 * @param locale the language of the e-mail (English when none)
 */
export function legalFooterHtml(escape: (text: string) => string, colour: string, locale?: Locale): string {
  const links = legalLinks(locale)
  const parts = links.map(function (link) {
    return link.url ? '<a href="' + escape(link.url) + '" style="color:' + colour + '">' + escape(link.label) + '</a>' : escape(link.label)
  })
  return '<p style="margin:16px 0 0;font-size:13px;color:#6b5a4d">' + parts.join(' · ') + (links[0] && links[0].url ? '' : escape(wordsIn(locale)('mail.footer.onWebsiteTail'))) + '</p>'
}
