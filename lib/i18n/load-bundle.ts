/**
 * Fetches a bundle of words a page loads after its first paint (./bundles.ts) from the app's own
 * `/api/messages`. One request per bundle and language however many ask; a failed one is forgotten,
 * so the next ask tries again.
 */
import type { Locale, PageMessages } from './types'
import type { MessageBundle } from './bundles'

const loads = new Map<string, Promise<PageMessages['messages']>>()
const loaded = new Map<string, PageMessages['messages']>()

function isMessages(value: unknown): value is PageMessages['messages'] {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

async function fetchBundle(bundle: MessageBundle, locale: Locale): Promise<PageMessages['messages']> {
  const url = new URL('/api/messages', window.location.origin)
  url.searchParams.set('bundle', bundle)
  url.searchParams.set('locale', locale)
  // The deployment's build names the URL, so no cache hands one deployment's words to another's pages.
  const build = (window as { __NEXT_DATA__?: { buildId?: unknown } }).__NEXT_DATA__?.buildId
  if (typeof build === 'string') url.searchParams.set('build', build)
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`The words of ${bundle} (${locale}) did not load: HTTP ${response.status}.`)
  const body: unknown = await response.json()
  if (!isMessages(body)) throw new Error(`The words of ${bundle} (${locale}) came back in an unexpected shape.`)
  return body
}

/** `bundle`'s words in `locale`; rejects with what went wrong when they cannot be had. */
export function loadMessageBundle(bundle: MessageBundle, locale: Locale): Promise<PageMessages['messages']> {
  const key = `${bundle}:${locale}`
  const known = loads.get(key)
  if (known) return known
  const loading = fetchBundle(bundle, locale)
  loads.set(key, loading)
  loading.then((messages) => { loaded.set(key, messages) }, () => { if (loads.get(key) === loading) loads.delete(key) })
  return loading
}

/** `bundle`'s words in `locale` if an earlier load brought them, so a view mounted again has them at once. */
export function loadedMessageBundle(bundle: MessageBundle, locale: Locale): PageMessages['messages'] | undefined {
  return loaded.get(`${bundle}:${locale}`)
}

/** Forgets every bundle loaded (tests: each starts as a new visitor). */
export function forgetMessageBundles(): void {
  loads.clear()
  loaded.clear()
}
