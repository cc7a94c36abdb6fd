/**
 * The customer directory: what support needs to find a customer (their e-mail, name, postal code,
 * status and document numbers), kept by each Account in one shard of the `Directory` class, since
 * Retter has no query across instances. Pure: the Account makes its entry here, the shard searches
 * its entries here, and the Shop merges the shards' answers here. An entry also names the plans
 * its subscription is on, so a price change finds its subscribers here rather than in a list the
 * Shop would have to keep (and every Account call to read) beside its catalogue.
 */
import type { CustomerRecords } from './customer'
import type { DeliveryPayment } from './payments'
import type { ScheduleSegment, SubscriptionStatus } from './schedule'
import type { TimelineEntry } from './customer-timeline'
import { ReportFacts, reportFactsOf } from './reports'

export const DIRECTORY_CLASS = 'Directory'
/**
 * Shards of the directory. Every search asks each one, so more shards mean more calls per search;
 * fewer mean bigger documents. 16 keep a shard under 500 KB at 10,000 customers even when each has a
 * year of weekly receipts (an entry of about 750 bytes), half Firestore's 1 MiB, and a search at 16
 * calls in parallel.
 */
export const DIRECTORY_SHARDS = 16
/** The most customers a search answers (the best matches first). */
export const FOUND_LIMIT = 20
/** Characters a search needs at least (after trimming), and may have at most. */
export const QUERY_MIN = 2
export const QUERY_MAX = 100
/** Words a search is split into at most (every word must match). */
const MAX_WORDS = 6
/** Document numbers an entry keeps (each payment's receipt and credit notes, newest last). */
export const DOCUMENTS_KEPT = 60

/** One customer as the directory keeps them. */
export interface DirectoryEntry {
  accountId: string
  email: string
  /** The name on their delivery address ('' without one). */
  name: string
  postalCode: string
  status: SubscriptionStatus
  plan: string | null
  /**
   * Their receipt and credit-note numbers, space-separated ("R-000042 CN-000003"): one string, not a
   * list, because a shard is read whole at every search, and one string per customer is read many
   * times faster than fifty.
   */
  documents: string
  /** What the monthly reports count of this customer (reports.ts); absent on entries written before reports. */
  facts?: ReportFacts
  /**
   * The plans their subscription is on now, this one and any it changes to (`plansOf`): a price
   * change of one of them reaches them. Absent on entries written before a price change looked here.
   */
  plans?: string[]
}

/** What a search answers of a customer (the Shop's `findCustomers`). */
export type FoundCustomer = Pick<DirectoryEntry, 'accountId' | 'email' | 'name' | 'postalCode' | 'status'>

type Customer = CustomerRecords<unknown> & {
  status?: SubscriptionStatus; plan?: string | null; memberSince?: string; payments?: DeliveryPayment[]; timeline?: TimelineEntry[]; segments?: ScheduleSegment[]
}

/** The plans a subscription is on now (its segments', each once); none unless it is active or paused. */
export function plansOf(customer: Pick<Customer, 'status' | 'segments'> | undefined): string[] {
  if (!customer || (customer.status !== 'active' && customer.status !== 'paused')) return []
  const plans: string[] = []
  for (const segment of customer.segments || []) if (plans.indexOf(segment.plan) < 0) plans.push(segment.plan)
  return plans
}

/** The Accounts of `entries` whose subscription is on `planId` (a shard's answer to a price change). */
export function subscribersOn(entries: ReadonlyArray<DirectoryEntry>, planId: string): string[] {
  const ids: string[] = []
  for (const entry of entries) if (entry.plans && entry.plans.indexOf(planId) >= 0) ids.push(entry.accountId)
  return ids
}

/**
 * The directory entry of an Account's customer; null when there is none to find: they never signed
 * in (an Account is made for any address a code is asked for), or they deleted their account or
 * moved it to another address (the Account is left as new).
 */
export function entryOf(accountId: string, customer: Customer | undefined): DirectoryEntry | null {
  if (!customer || !customer.memberSince || !customer.email) return null
  const documents: string[] = []
  for (const payment of customer.payments || []) {
    if (payment.receipt) documents.push(payment.receipt.number)
    for (const refund of payment.refunds || []) if (refund.creditNote) documents.push(refund.creditNote.number)
  }
  const address = customer.delivery
  return {
    accountId: accountId,
    email: customer.email,
    name: address ? address.name : '',
    postalCode: address ? address.postalCode : '',
    status: customer.status || 'none',
    plan: customer.plan || null,
    documents: documents.slice(-DOCUMENTS_KEPT).join(' '),
    facts: reportFactsOf(customer.timeline || [], customer.payments || []),
    plans: plansOf(customer),
  }
}

/** The shard (`customers-N`) that keeps `accountId`'s entry: a stable hash of the id. */
export function directoryShardOf(accountId: string): string {
  let hash = 2166136261
  for (let i = 0; i < accountId.length; i++) {
    hash ^= accountId.charCodeAt(i)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return 'customers-' + (hash % DIRECTORY_SHARDS)
}

/** Every shard's instance id. */
export function directoryShards(): string[] {
  const ids: string[] = []
  for (let i = 0; i < DIRECTORY_SHARDS; i++) ids.push('customers-' + i)
  return ids
}

/** True for a shard's instance id. */
export function isDirectoryShard(id: string): boolean {
  return directoryShards().indexOf(id) >= 0
}

const PLAIN = /^[\x20-\x7e]*$/

/** Lower case without accents: "Müller" and "muller" find each other. */
export function folded(text: string): string {
  // Most names and every normalised e-mail are plain ASCII: no need to decompose them.
  if (PLAIN.test(text)) return text.toLowerCase()
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

/** A postal code without spaces and dashes ("1011 AB" → "1011ab"). */
function compact(text: string): string {
  return folded(text).replace(/[\s-]+/g, '')
}

/** A document number as issued ("r 42", "R-42" → "R-000042"), or undefined when `text` is none. */
function documentNumberIn(text: string): string | undefined {
  const match = /^(r|cn)\s*-?\s*0*(\d{1,12})$/.exec(text)
  if (!match) return undefined
  const digits = match[2] as string
  return (match[1] as string).toUpperCase() + '-' + (digits.length < 6 ? '000000'.slice(digits.length) + digits : digits)
}

/** The Account a delivery id (`<accountId>:YYYY-MM-DD`) names, or undefined when `text` is none. */
function accountOfDeliveryId(text: string): string | undefined {
  const match = /^(.+):(\d{4}-\d{2}-\d{2})$/.exec(text)
  return match ? match[1] : undefined
}

/** A search, checked: the whole query folded, its words, and what it may name exactly. */
export interface SearchTerms {
  whole: string
  words: string[]
  /** The whole query as a postal code (compacted). */
  postal: string
  /** The document number it names, padded as issued. */
  document?: string
  /** The Account of the delivery id it names. */
  deliveryAccount?: string
}

export type CheckedQuery = { ok: true; terms: SearchTerms } | { ok: false; code: 'QUERY_TOO_SHORT' | 'QUERY_TOO_LONG'; message: string }

/** The terms of `query`, or why it is refused (too short to search 10,000 customers usefully, or too long). */
export function searchTermsOf(query: unknown): CheckedQuery {
  const text = typeof query === 'string' ? query.trim() : ''
  if (text.length < QUERY_MIN) return { ok: false, code: 'QUERY_TOO_SHORT', message: 'Type at least ' + QUERY_MIN + ' characters of an e-mail, name, postal code, receipt or credit-note number, or delivery id.' }
  if (text.length > QUERY_MAX) return { ok: false, code: 'QUERY_TOO_LONG', message: 'A search has at most ' + QUERY_MAX + ' characters.' }
  const whole = folded(text)
  const terms: SearchTerms = { whole: whole, words: whole.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS), postal: compact(whole) }
  const document = documentNumberIn(whole)
  if (document) terms.document = document
  const account = accountOfDeliveryId(whole)
  if (account) terms.deliveryAccount = account
  return { ok: true, terms: terms }
}

/**
 * How well `entry` matches `terms`: 0 not at all; 1 exactly (its e-mail, one of its documents, one of
 * its delivery ids); 2 its e-mail begins so, or its postal code is it; 3 every word is in its e-mail,
 * name or postal code. Lower is better.
 */
export function matchRank(entry: DirectoryEntry, terms: SearchTerms): number {
  const whole = terms.whole
  // E-mails are stored normalised (lower case); ids are compared as given.
  const email = entry.email
  if (email === whole || (terms.deliveryAccount !== undefined && terms.deliveryAccount === entry.accountId.toLowerCase())) return 1
  if (terms.document && (' ' + entry.documents + ' ').indexOf(' ' + terms.document + ' ') >= 0) return 1
  const postal = entry.postalCode === '' ? '' : compact(entry.postalCode)
  if (email.indexOf(whole) === 0 || (postal !== '' && postal === terms.postal)) return 2
  let name: string | undefined
  for (const word of terms.words) {
    if (email.indexOf(word) >= 0) continue
    if (postal !== '' && postal.indexOf(word) === 0) continue
    if (name === undefined) name = folded(entry.name)
    if (name.indexOf(word) < 0) return 0
  }
  return terms.words.length > 0 ? 3 : 0
}

/** A customer found, with how well they matched. */
export interface Found {
  customer: FoundCustomer
  rank: number
}

/** What a customer found shows of their entry. */
export function foundCustomer(entry: DirectoryEntry): FoundCustomer {
  return { accountId: entry.accountId, email: entry.email, name: entry.name, postalCode: entry.postalCode, status: entry.status }
}

function compared(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The best `limit` of `found`: best match first, then by e-mail and id (one order whatever the shards' order). */
export function bestFound(found: Found[], limit: number = FOUND_LIMIT): Found[] {
  return found.slice().sort(function (a, b) {
    return a.rank - b.rank || compared(a.customer.email, b.customer.email) || compared(a.customer.accountId, b.customer.accountId)
  }).slice(0, limit)
}

/** The best matches among `entries` (one shard's search). */
export function searchEntries(entries: DirectoryEntry[], terms: SearchTerms, limit: number = FOUND_LIMIT): Found[] {
  const found: Found[] = []
  for (const entry of entries) {
    const rank = matchRank(entry, terms)
    if (rank > 0) found.push({ customer: foundCustomer(entry), rank: rank })
  }
  return bestFound(found, limit)
}
