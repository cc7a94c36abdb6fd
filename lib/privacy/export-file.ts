import { readConsent } from '@/lib/analytics/consent'

/**
 * The downloaded file: what the Account holds, plus what only this browser keeps (the cookie
 * choice), as indented JSON.
 * @param exported exportMyData's answer
 * @param notChosen what the file says when this browser has no cookie choice, in the page's language
 */
export function exportDocument(exported: Record<string, unknown>, notChosen = 'not chosen in this browser'): string {
  const consent = readConsent()
  return JSON.stringify({ ...exported, browser: { cookieChoice: consent ?? notChosen } }, null, 2)
}

/**
 * The file's name: the shop and the day it was made, e.g. "bean-and-bloom-my-data-2026-11-27.json".
 * @param now when it is made
 */
export function exportFileName(now: Date = new Date()): string {
  return `bean-and-bloom-my-data-${now.toISOString().slice(0, 10)}.json`
}
