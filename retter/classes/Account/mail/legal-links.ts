/**
 * The links to the privacy notice, imprint and terms every e-mail ends with (the app's /privacy,
 * /imprint and /terms), from APP_URL like the e-mails' other links; without it, where to find them.
 */
import { appUrl } from 'BeanBloomKit'

/** Each legal page with its absolute address (none without APP_URL). */
export function legalLinks(): Array<{ label: string; url?: string }> {
  const app = appUrl()
  return [
    { label: 'Privacy notice', url: app ? app + '/privacy' : undefined },
    { label: 'Imprint', url: app ? app + '/imprint' : undefined },
    { label: 'Terms', url: app ? app + '/terms' : undefined },
  ]
}

/** The plain-text footer line. */
export function legalFooterText(): string {
  const links = legalLinks()
  if (!links[0] || !links[0].url) return 'Privacy notice, imprint and terms: on our website.'
  return links.map(function (link) { return link.label + ': ' + link.url }).join('\n')
}

/**
 * The HTML footer paragraph.
 * @param escape the mail's HTML escaper
 * @param colour the links' colour
 */
export function legalFooterHtml(escape: (text: string) => string, colour: string): string {
  const links = legalLinks()
  const parts = links.map(function (link) {
    return link.url ? '<a href="' + escape(link.url) + '" style="color:' + colour + '">' + escape(link.label) + '</a>' : escape(link.label)
  })
  return '<p style="margin:16px 0 0;font-size:13px;color:#6b5a4d">' + parts.join(' · ') + (links[0] && links[0].url ? '' : ': on our website.') + '</p>'
}
