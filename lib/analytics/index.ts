import { sendGAEvent } from '@next/third-parties/google'
import { getGaId } from './config'

export { getGaId }

let lastPath: string | null = null

/**
 * Records one page view for a client-side route change.
 *
 * The first view of each page load is sent by the Google tag itself (`gtag('config', id)` in
 * @next/third-parties' GoogleAnalytics). Route changes are sent from here, once per
 * `routeChangeComplete`; a repeated event for the same path (a shallow query update that
 * resolved to the same URL) is not counted twice. GA4's enhanced measurement would also count
 * history changes, so the property must have "Page changes based on browser history events"
 * turned off (Google's guide to measuring single-page applications) — see .env.example.
 * @param url the path Next reports, e.g. "/account?tab=aws"
 */
export function trackPageView(url: string): void {
  if (getGaId() === null || typeof window === 'undefined') return
  if (url === lastPath) return
  lastPath = url
  // The Google tag's queue: the inline init script creates it too, but it may not have run yet.
  window.dataLayer = window.dataLayer ?? []
  sendGAEvent('event', 'page_view', {
    page_path: url,
    page_location: new URL(url, window.location.origin).href,
    page_title: document.title,
  })
}

/** Marks the path of the initial page load (already counted by the tag's own config call). */
export function notePageLoad(url: string): void {
  lastPath = url
}
