/**
 * The numbering rules, checked by fast-check over random runs of requests spread over weeks: each
 * series is gap-free (its fresh numbers are exactly 1…n in order), a key asked again while its day
 * is kept gets the number it got, and the state never holds a day past the window, so its size
 * follows the receipts of a few days, not of the shop's whole life.
 */
import fc from 'fast-check'
import { KEYS_KEPT_DAYS, numberFor, type DocumentSeries, type NumberingState } from './keys'

const DAY_MS = 24 * 60 * 60 * 1000
const START = Date.UTC(2026, 11, 1, 0, 30)
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const fresh = (): NumberingState => ({ last: { receipt: 0, 'credit-note': 0 }, keys: {} })

const request = fc.record({
  series: fc.constantFrom<DocumentSeries>('receipt', 'credit-note'),
  key: fc.constantFrom('acct_a:2026-12-01', 'acct_b:2026-12-01', 'acct_a:2026-12-08', 're_1', 're_2', 're_3'),
  // Minutes since the previous request: mostly moments, sometimes days.
  afterMinutes: fc.oneof(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 9 * 24 * 60 })),
})

test('each series is gap-free; a key asked again within its kept days gets its number; no day past the window stays', () => {
  fc.assert(fc.property(fc.array(request, { minLength: 1, maxLength: 80 }), (requests) => {
    const state = fresh()
    const last = { receipt: 0, 'credit-note': 0 }
    const given = new Map<string, { sequence: number; day: string }>()
    let now = START
    for (const r of requests) {
      now += r.afterMinutes * 60_000
      const answer = numberFor(state, r.series, r.key, now)
      const before = given.get(r.series + '|' + r.key)
      const oldestKept = dayOf(now - KEYS_KEPT_DAYS * DAY_MS)
      if (before && before.day >= oldestKept) {
        expect(answer).toEqual({ sequence: before.sequence, fresh: false })
      } else {
        // New, or forgotten: the next number of its series, never one handed out before.
        expect(answer).toEqual({ sequence: last[r.series] + 1, fresh: true })
        last[r.series] = answer.sequence
        given.set(r.series + '|' + r.key, { sequence: answer.sequence, day: dayOf(now) })
      }
      expect(state.last).toEqual(last)
      for (const day of Object.keys(state.keys ?? {})) expect(day >= oldestKept).toBe(true)
    }
  }), { numRuns: 300 })
})

test('a key is kept for the day it got its number and the three after, then forgotten with its day', () => {
  const state = fresh()
  const given = Date.UTC(2026, 11, 1, 23, 59)
  expect(numberFor(state, 'receipt', 'acct_a:2026-12-02', given)).toEqual({ sequence: 1, fresh: true })
  expect(KEYS_KEPT_DAYS).toBe(3)
  // The last minute of 4 December: still the same number.
  expect(numberFor(state, 'receipt', 'acct_a:2026-12-02', Date.UTC(2026, 11, 4, 23, 59))).toEqual({ sequence: 1, fresh: false })
  // 5 December: 1 December is forgotten, and the key would be a new document.
  expect(numberFor(state, 'receipt', 'acct_b:2026-12-02', Date.UTC(2026, 11, 5, 0, 1))).toEqual({ sequence: 2, fresh: true })
  expect(Object.keys(state.keys ?? {})).toEqual(['2026-12-05'])
})

test('a state kept the older way (every key with its time) moves its recent keys over and drops the rest', () => {
  const now = Date.UTC(2026, 11, 10, 12)
  const state: NumberingState = {
    last: { receipt: 40, 'credit-note': 3 },
    issued: {
      'receipt|old': { sequence: 7, at: now - 30 * DAY_MS },
      'receipt|recent': { sequence: 39, at: now - 2 * DAY_MS },
      'credit-note|re_9': { sequence: 3, at: now - 60_000 },
    },
  }
  expect(numberFor(state, 'receipt', 'recent', now)).toEqual({ sequence: 39, fresh: false })
  expect(numberFor(state, 'credit-note', 're_9', now)).toEqual({ sequence: 3, fresh: false })
  expect(state.issued).toBeUndefined()
  expect(state.keys).toEqual({ '2026-12-08': { 'receipt|recent': 39 }, '2026-12-10': { 'credit-note|re_9': 3 } })
  // The old key is past the window: asked again, it is a new document with the next number.
  expect(numberFor(state, 'receipt', 'old', now)).toEqual({ sequence: 41, fresh: true })
})

test('a shop giving a thousand receipts a day for two months keeps four days of keys', () => {
  const state = fresh()
  for (let day = 0; day < 60; day++) {
    for (let i = 0; i < 1000; i++) numberFor(state, 'receipt', `acct_${String(i).padStart(24, '0')}:${dayOf(START + day * DAY_MS)}`, START + day * DAY_MS + i * 1000)
  }
  expect(state.last.receipt).toBe(60_000)
  expect(Object.keys(state.keys ?? {})).toHaveLength(KEYS_KEPT_DAYS + 1)
  expect(Object.values(state.keys ?? {}).reduce((n, day) => n + Object.keys(day).length, 0)).toBe(4000)
})
