/**
 * Google's tag, started and stopped by the visitor's choice, with no inline script: the queue and
 * the Consent Mode v2 defaults are set from this bundle, then gtag.js is added as an async script.
 * Nothing here runs before an Accept, so no request leaves for Google before consent.
 */

declare global {
  interface Window {
    /** Google tag's command queue. */
    dataLayer?: unknown[]
  }
}

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js'

/** Consent Mode v2: everything denied until the visitor agrees; ads are never granted (we run none). */
export const CONSENT_DEFAULTS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  // The tag waits this long for an update before it would act on the defaults.
  wait_for_update: 500,
} as const

type Gtag = (...args: unknown[]) => void

function gtag(): Gtag {
  window.dataLayer = window.dataLayer ?? []
  // gtag.js reads Arguments objects from the queue, not arrays, so this must be a classic function.
  const push: Gtag = function () {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the Arguments object itself
    window.dataLayer!.push(arguments)
  }
  return push
}

function disableKey(gaId: string): string {
  return `ga-disable-${gaId}`
}

function flags(): Record<string, unknown> {
  return window as unknown as Record<string, unknown>
}

/**
 * Starts measurement after an Accept: Consent Mode defaults (denied), the grant for analytics only,
 * the tag's config, then gtag.js itself (once per page).
 * @param gaId the GA4 measurement id
 */
export function startGoogleTag(gaId: string): void {
  const send = gtag()
  flags()[disableKey(gaId)] = false
  if (!document.querySelector(`script[src^="${GTAG_URL}"]`)) {
    send('consent', 'default', CONSENT_DEFAULTS)
    send('js', new Date())
    send('consent', 'update', { analytics_storage: 'granted' })
    send('config', gaId)
    const script = document.createElement('script')
    script.async = true
    script.src = `${GTAG_URL}?id=${encodeURIComponent(gaId)}`
    document.head.appendChild(script)
  } else {
    send('consent', 'update', { analytics_storage: 'granted' })
  }
}

/**
 * Stops measurement at once after a Reject or a withdrawal: Consent Mode denied, the tag's own
 * opt-out flag (it then sends nothing more), and the analytics cookies removed.
 * @param gaId the GA4 measurement id
 */
export function stopGoogleTag(gaId: string): void {
  flags()[disableKey(gaId)] = true
  if (window.dataLayer) gtag()('consent', 'update', { analytics_storage: 'denied' })
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (!name || !(name === '_ga' || name.startsWith('_ga_') || name === '_gid')) continue
    // The tag sets its cookies on the registrable domain; clearing both forms covers either.
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    document.cookie = expired
    document.cookie = `${expired}; domain=${window.location.hostname}`
  }
}

/** Whether measurement is on right now (started and not opted out). */
export function googleTagActive(gaId: string): boolean {
  return flags()[disableKey(gaId)] === false
}

/**
 * Queues one event for the tag (dropped by the tag while opted out).
 * @param args gtag's arguments, e.g. `('event', 'page_view', {...})`
 */
export function sendToGoogleTag(...args: unknown[]): void {
  gtag()(...args)
}
