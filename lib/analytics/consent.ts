/**
 * The visitor's analytics choice: kept in this browser (localStorage), read and changed by the
 * consent banner and the footer's "Cookie settings", and watched by the analytics loader so a
 * change takes effect at once. No choice means no analytics: only 'granted' turns it on.
 */
import { webStorage } from '@/lib/storage/web-storage'

/** What a visitor chose. */
export type AnalyticsChoice = 'granted' | 'denied'

/** The stored record: the choice and when it was made (shown in the data export and the banner). */
export interface ConsentRecord {
  analytics: AnalyticsChoice
  /** ISO 8601 time of the choice. */
  decidedAt: string
}

/** The localStorage key; a version suffix lets a new purpose ask everyone again. */
export const CONSENT_STORAGE_KEY = 'bb-consent-v1'

type Listener = () => void
const listeners = new Set<Listener>()
let settingsOpen = false
// useSyncExternalStore needs a stable snapshot between changes.
let cached: { raw: string | null; record: ConsentRecord | null } = { raw: null, record: null }

function notify(): void {
  for (const listener of listeners) listener()
}

function parse(raw: string | null): ConsentRecord | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const { analytics, decidedAt } = value as Record<string, unknown>
    if ((analytics !== 'granted' && analytics !== 'denied') || typeof decidedAt !== 'string') return null
    return { analytics, decidedAt }
  } catch {
    // A damaged record counts as no choice: the banner asks again, nothing is tracked meanwhile.
    return null
  }
}

// Storage blocked (private mode, policy): no stored choice, so no analytics.
const storage = (): Storage | null => webStorage('localStorage')

/**
 * The stored choice, or null when the visitor has not chosen (or on the server).
 * @returns the same object until the choice changes
 */
export function readConsent(): ConsentRecord | null {
  const raw = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null
  if (raw !== cached.raw) cached = { raw, record: parse(raw) }
  return cached.record
}

/**
 * Records the visitor's choice and tells every listener (the analytics loader stops or starts at once).
 * @param analytics what the visitor chose
 * @param now the time of the choice (tests pass one)
 */
export function saveConsent(analytics: AnalyticsChoice, now: Date = new Date()): ConsentRecord {
  const record: ConsentRecord = { analytics, decidedAt: now.toISOString() }
  storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
  settingsOpen = false
  notify()
  return record
}

/** Whether analytics may run: only after an explicit Accept. */
export function analyticsAllowed(): boolean {
  return readConsent()?.analytics === 'granted'
}

/** Opens the choice again (the footer's "Cookie settings"). */
export function openCookieSettings(): void {
  settingsOpen = true
  notify()
}

/** Closes the reopened choice without changing it. */
export function closeCookieSettings(): void {
  settingsOpen = false
  notify()
}

/** Whether the visitor asked to see the choice again. */
export function cookieSettingsOpen(): boolean {
  return settingsOpen
}

/**
 * Calls `listener` on every change of the choice or of the settings' visibility, in this tab and
 * (through the storage event) in the visitor's other tabs.
 * @returns the unsubscribe function
 */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}
