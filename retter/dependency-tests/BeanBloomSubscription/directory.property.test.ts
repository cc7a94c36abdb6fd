/**
 * The customer directory's rules (BeanBloomSubscription directory.ts) over random customers and
 * queries: a customer is always found by their own e-mail, postal code, document numbers and
 * delivery ids, whatever the case, accents and spacing the query is typed in; every customer found
 * matches every word; the merged answer is the same whatever the shards' order; an account nobody
 * signed in to is not in the directory; an entry names the plans of a running subscription, where a
 * price change finds it.
 */
import fc from 'fast-check'
import {
  bestFound, DIRECTORY_SHARDS, directoryShardOf, directoryShards, entryOf, folded, FOUND_LIMIT, matchRank, searchEntries, searchTermsOf, subscribersOn,
  type DirectoryEntry, type SearchTerms,
} from '@retter-shared/BeanBloomSubscription/directory'

const letters = fc.stringMatching(/^[a-zäöüéèñ]{2,10}$/)
const entryArb: fc.Arbitrary<DirectoryEntry> = fc.record({
  accountId: fc.stringMatching(/^[a-f0-9]{12}$/),
  email: fc.tuple(letters, fc.stringMatching(/^[a-z]{2,8}$/)).map(([a, b]) => `${folded(a)}@${b}.example`),
  name: fc.tuple(letters, letters).map(([a, b]) => `${a[0]!.toUpperCase()}${a.slice(1)} ${b}`),
  postalCode: fc.oneof(fc.stringMatching(/^[0-9]{5}$/), fc.stringMatching(/^[0-9]{4} [A-Z]{2}$/)),
  status: fc.constantFrom('none', 'active', 'paused', 'cancelled' as const),
  plan: fc.constant(null),
  documents: fc.array(fc.integer({ min: 1, max: 9_999_999 }).map((n) => `${n % 2 ? 'R' : 'CN'}-${String(n).padStart(6, '0')}`), { maxLength: 5 }).map((list) => list.join(' ')),
})

function terms(query: string): SearchTerms {
  const checked = searchTermsOf(query)
  if (!checked.ok) throw new Error(`refused: ${query}`)
  return checked.terms
}

/** `text` typed carelessly: upper case, and the accents a customer may leave out or put in. */
const retyped = (text: string) => fc.constantFrom(text, text.toUpperCase(), folded(text), ` ${text} `)

test('a customer is found by their own e-mail, postal code (with or without its space), documents and delivery ids', () => {
  fc.assert(fc.property(entryArb, fc.integer({ min: 0, max: 4 }), (entry, pick) => {
    const documents = entry.documents.split(' ').filter(Boolean)
    // A document number as support may type it: lower case, without its dash or its leading zeros.
    const typed = documents.map((number) => number.toLowerCase().replace('-', ' ').replace(/ 0+/, ' '))
    const own = [entry.email, entry.postalCode, entry.postalCode.replace(' ', ''), `${entry.accountId}:2026-12-0${pick + 1}`, ...documents, ...typed]
    for (const value of own) expect({ value, found: matchRank(entry, terms(value)) > 0 }).toEqual({ value, found: true })
    expect(matchRank(entry, terms(entry.email))).toBe(1)
  }))
})

test('the name is found in any case and with or without accents; every customer found matches every word', () => {
  fc.assert(fc.property(entryArb, fc.array(entryArb, { maxLength: 30 }), (entry, others) => {
    const [first, last] = entry.name.split(' ') as [string, string]
    fc.assert(fc.property(retyped(`${last} ${first}`), (query) => {
      const found = searchEntries([entry, ...others], terms(query), 50).map((f) => f.customer.accountId)
      expect(found).toContain(entry.accountId)
    }), { numRuns: 4 })
    const words = terms(`${first} ${last}`).words
    for (const f of searchEntries(others, terms(`${first} ${last}`), 50)) {
      const other = others.find((o) => o.accountId === f.customer.accountId) as DirectoryEntry
      const haystack = `${folded(other.email)} ${folded(other.name)} ${folded(other.postalCode).replace(/\s/g, '')}`
      for (const word of words) expect(haystack).toContain(word)
    }
  }), { numRuns: 60 })
})

test('the merged answer is the same whatever order the shards answer in, best matches first, at most the limit', () => {
  fc.assert(fc.property(fc.array(entryArb, { maxLength: 60 }), fc.string({ minLength: 2, maxLength: 4 }).filter((q) => q.trim().length >= 2), (entries, query) => {
    const t = terms(query)
    const byShard = directoryShards().map((shard) => searchEntries(entries.filter((e) => directoryShardOf(e.accountId) === shard), t))
    const merged = bestFound(byShard.flat())
    expect(bestFound([...byShard].reverse().flat())).toEqual(merged)
    expect(merged.length).toBeLessThanOrEqual(FOUND_LIMIT)
    for (let i = 1; i < merged.length; i++) expect(merged[i - 1]!.rank).toBeLessThanOrEqual(merged[i]!.rank)
    // Sharded or not, the same customers.
    expect(merged).toEqual(searchEntries(entries, t))
  }))
})

test('every Account id has one shard of the sixteen; an account nobody signed in to, or left, is not in the directory', () => {
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 64 }), (id) => {
    expect(directoryShards()).toContain(directoryShardOf(id))
  }))
  expect(directoryShards()).toHaveLength(DIRECTORY_SHARDS)
  expect(entryOf('a1', { email: 'sam@example.com' })).toBeNull()
  expect(entryOf('a1', { email: 'sam@example.com', memberSince: '2026-11-01T00:00:00Z' })).toEqual({
    accountId: 'a1', email: 'sam@example.com', name: '', postalCode: '', status: 'none', plan: null, documents: '', facts: { lifecycle: [], paid: {}, refunded: {} }, plans: [],
  })
})

const PLAN_IDS = ['taster', 'barista', 'roaster', 'office']
const segmentsArb = fc.array(
  fc.record({ from: fc.constantFrom('2026-11-04', '2026-12-02', '2027-01-06'), plan: fc.constantFrom(...PLAN_IDS), cadence: fc.constantFrom('weekly', 'fortnightly', 'fourWeekly' as const) }),
  { maxLength: 6 },
)

test('an entry names the plans of its schedule, each once, only while it runs; a price change finds exactly the entries on its plan', () => {
  fc.assert(fc.property(
    fc.array(fc.record({ status: fc.constantFrom('none', 'active', 'paused', 'cancelled' as const), segments: segmentsArb }), { maxLength: 12 }),
    fc.constantFrom(...PLAN_IDS),
    (customers, planId) => {
      const entries = customers.map((customer, i) => entryOf('a' + i, { email: `c${i}@example.com`, memberSince: '2026-11-01T00:00:00Z', ...customer }) as DirectoryEntry)
      customers.forEach((customer, i) => {
        const plans = entries[i]!.plans ?? []
        const runs = customer.status === 'active' || customer.status === 'paused'
        expect(new Set(plans).size).toBe(plans.length)
        expect([...plans].sort()).toEqual(runs ? [...new Set(customer.segments.map((segment) => segment.plan))].sort() : [])
      })
      const on = customers.flatMap((customer, i) => (customer.status === 'active' || customer.status === 'paused') && customer.segments.some((segment) => segment.plan === planId) ? ['a' + i] : [])
      expect(subscribersOn(entries, planId)).toEqual(on)
      // Entries written before they named plans are never found.
      expect(subscribersOn(entries.map(({ plans: _plans, ...earlier }) => earlier), planId)).toEqual([])
    },
  ))
})

test('a document number finds its customer only, not one whose number merely contains it', () => {
  const entry = (documents: string): DirectoryEntry => ({ accountId: 'a1', email: 'sam@example.com', name: 'Sam', postalCode: '10119', status: 'active', plan: null, documents })
  expect(matchRank(entry('R-000042 CN-000003'), terms('r-42'))).toBe(1)
  expect(matchRank(entry('R-000042 CN-000003'), terms('CN 3'))).toBe(1)
  expect(matchRank(entry('R-1000042'), terms('R-000042'))).toBe(0)
  expect(matchRank(entry('CN-000042'), terms('R-000042'))).toBe(0)
})

test('a query shorter than 2 characters or longer than 100 is refused', () => {
  expect(searchTermsOf(' a ')).toMatchObject({ ok: false, code: 'QUERY_TOO_SHORT' })
  expect(searchTermsOf(undefined)).toMatchObject({ ok: false, code: 'QUERY_TOO_SHORT' })
  expect(searchTermsOf('a'.repeat(101))).toMatchObject({ ok: false, code: 'QUERY_TOO_LONG' })
  expect(searchTermsOf('Ab Cd')).toEqual({ ok: true, terms: { whole: 'ab cd', words: ['ab', 'cd'], postal: 'abcd' } })
})
