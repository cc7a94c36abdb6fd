/** The benchmarks' percentile: nearest rank over sorted values. */
import { percentile } from './stats'

test('nearest rank: the median, p95 and the maximum of 1..20', () => {
  const values = Array.from({ length: 20 }, (_, i) => i + 1)
  expect([percentile(values, 50), percentile(values, 95), percentile(values, 100)]).toEqual([10, 19, 20])
})

test('one value is every percentile; no values is NaN', () => {
  expect(percentile([7], 1)).toBe(7)
  expect(percentile([7], 100)).toBe(7)
  expect(percentile([], 50)).toBeNaN()
})
