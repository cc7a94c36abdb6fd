import type { CoffeePreferences } from '@/lib/contract'
import type { AddressDraft } from '@/lib/delivery/address-draft'
import { readTabRecord, writeTabRecord } from '@/lib/storage/web-storage'

/**
 * What the customer typed into the start dialog, kept in this tab's sessionStorage so a reload (or
 * a phone discarding the tab) does not lose it: the plan, the delivery address and the coffee as
 * typed. Never anything of the payment method (card and bank fields live in Stripe's own frames
 * and are never read here). Tied to the customer's e-mail: another customer signing in in the same
 * tab never sees it. It ends with the tab, on a confirmed start, or when the customer discards it.
 */
export interface StartDraft {
  email: string
  planId: string
  address: AddressDraft
  preferences: CoffeePreferences
}

const KEY = 'bean-bloom.start-draft'
const ADDRESS_FIELDS: ReadonlyArray<keyof AddressDraft> = ['name', 'line1', 'line2', 'city', 'postalCode', 'country']

function isAddress(value: unknown): value is AddressDraft {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return ADDRESS_FIELDS.every((field) => typeof record[field] === 'string')
}

/** The draft of `email` in this tab, or null (none, unreadable, or another customer's). */
export function readStartDraft(email: string): StartDraft | null {
  return readTabRecord(KEY, (parsed) => {
    const value = parsed as Partial<StartDraft>
    const preferences = value.preferences as Partial<CoffeePreferences> | undefined
    if (value.email !== email || typeof value.planId !== 'string' || !isAddress(value.address)) return null
    if (!preferences || typeof preferences.grind !== 'string' || typeof preferences.roast !== 'string') return null
    const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, value.address![field]])) as AddressDraft
    return { email, planId: value.planId, address, preferences: { grind: preferences.grind, roast: preferences.roast } }
  })
}

/** Keeps `draft` for this tab, or forgets the draft when null (a full or blocked storage only costs the draft after a reload). */
export function writeStartDraft(draft: StartDraft | null): void {
  writeTabRecord(KEY, draft)
}
