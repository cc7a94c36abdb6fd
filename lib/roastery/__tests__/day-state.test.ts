/** The line under each day on /roastery: what customers may still change, and when a day is done. */
import fc from 'fast-check'
import { dayStateText } from '@/lib/roastery/day-state'
import { translator } from '@/test/i18n'

// The English words, as an English page writes them.
const t = translator('en')

test('a day whose deliveries are all shipped says so, whatever day it is (not "customers can still change")', () => {
  for (const offset of [0, 1, 2, 5]) {
    expect(dayStateText({ offset, leadDays: 2, total: 3, shipped: 3 }, t)).toBe('All shipped: every delivery of the day has left the roastery.')
  }
})

test('within the lead days the deliveries are being prepared; later ones can still change', () => {
  expect(dayStateText({ offset: 1, leadDays: 2, total: 3, shipped: 1 }, t)).toBe('Being prepared: customers can no longer change these deliveries.')
  expect(dayStateText({ offset: 2, leadDays: 2, total: 3, shipped: 0 }, t)).toBe('Customers can still change these deliveries.')
  expect(dayStateText({ offset: 3, leadDays: 2, total: 3, shipped: 1 }, t)).toBe('Customers can still change the deliveries not yet shipped.')
})

test('a day without deliveries: final within the lead days, open to new ones later; unknown: no line', () => {
  expect(dayStateText({ offset: 0, leadDays: 2, total: 0, shipped: 0 }, t)).toBe('Final: no deliveries for this day.')
  expect(dayStateText({ offset: 4, leadDays: 2, total: 0, shipped: 0 }, t)).toBe('Customers can still add deliveries to this day.')
  expect(dayStateText(null, t)).toBeNull()
})

test('impossible counts are refused with what was given', () => {
  expect(() => dayStateText({ offset: 0, leadDays: 2, total: 1, shipped: 2 }, t)).toThrow(/0 <= shipped <= total.*"shipped":2/)
  expect(() => dayStateText({ offset: -1, leadDays: 2, total: 1, shipped: 0 }, t)).toThrow(RangeError)
  expect(() => dayStateText({ offset: 0, leadDays: 2, total: 1.5, shipped: 0 }, t)).toThrow(RangeError)
})

test('property: the line never says customers can change a day that is final or fully shipped', () => {
  fc.assert(fc.property(fc.nat(10), fc.nat(4), fc.nat(20), fc.nat(20), (offset, leadDays, a, b) => {
    const [shipped, total] = a <= b ? [a, b] : [b, a]
    const text = dayStateText({ offset, leadDays, total, shipped }, t) ?? ''
    const saysOpen = text.startsWith('Customers can still')
    const allShipped = total > 0 && shipped === total
    return saysOpen === (!allShipped && offset >= leadDays) && (allShipped === text.startsWith('All shipped'))
  }))
})
