import { getGaId } from './config'
import { googleTagActive, sendToGoogleTag } from './gtag'

export { getGaId }

let lastPath: string | null = null

/**
 * Records one page view for a client-side route change, only while the visitor's Accept stands.
 *
 * The first view after an Accept is sent by the tag's own `config` call (lib/analytics/gtag.ts).
 * Route changes are sent from here, once per `routeChangeComplete`; a repeated event for the same
 * path (a shallow query update that resolved to the same URL) is not counted twice. GA4's enhanced
 * measurement would also count history changes, so the property must have "Page changes based on
 * browser history events" turned off (Google's guide to measuring single-page applications) — see
 * .env.example.
 * @param url the path Next reports, e.g. "/account?tab=aws"
 */
export function trackPageView(url: string): void {
  const gaId = getGaId()
  if (gaId === null || typeof window === 'undefined' || !googleTagActive(gaId)) return
  if (url === lastPath) return
  lastPath = url
  sendToGoogleTag('event', 'page_view', {
    page_path: url,
    page_location: new URL(url, window.location.origin).href,
    page_title: document.title,
  })
}

/** Marks the path already counted by the tag's own config call (the page where analytics started). */
export function notePageLoad(url: string): void {
  lastPath = url
}
