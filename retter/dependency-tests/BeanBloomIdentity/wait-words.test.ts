/**
 * The words of a wait: said once, a wait is never shorter than the real one and less than one of
 * its units longer; counting down, it is the exact number of seconds.
 */
import fc from 'fast-check'
import { countdownWords, waitWords } from '@retter-shared/BeanBloomIdentity/wait-words'

const UNIT_SECONDS: Record<string, number> = { second: 1, seconds: 1, minute: 60, minutes: 60, hour: 3600, hours: 3600 }

test.each([
  [1, '1 second'], [42, '42 seconds'], [59, '59 seconds'], [60, '1 minute'], [61, '2 minutes'],
  [90 * 60, '90 minutes'], [90 * 60 + 1, '2 hours'], [24 * 3600, '24 hours'],
])('waitWords(%i) is "%s"', (seconds, words) => {
  expect(waitWords(seconds)).toBe(words)
})

test('said once, a wait is rounded up: never less than the real wait, less than one unit more', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 7 * 24 * 3600 }), (seconds) => {
    const match = /^(\d+) (second|seconds|minute|minutes|hour|hours)$/.exec(waitWords(seconds))
    expect(match).not.toBeNull()
    const n = Number(match![1])
    const unit = UNIT_SECONDS[match![2]!]!
    expect(n === 1).toBe(!match![2]!.endsWith('s'))
    expect(n * unit).toBeGreaterThanOrEqual(seconds)
    expect(n * unit - seconds).toBeLessThan(unit)
  }))
})

test.each([
  [0, '0 seconds'], [1, '1 second'], [45, '45 seconds'], [60, '1:00 minutes'], [3552, '59:12 minutes'],
  [3600, '60:00 minutes'], [3601, '1:00:01 hours'], [18190, '5:03:10 hours'],
])('countdownWords(%i) is "%s"', (seconds, words) => {
  expect(countdownWords(seconds)).toBe(words)
})

test('counting down, the words give back the exact number of seconds', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 7 * 24 * 3600 }), (seconds) => {
    const words = countdownWords(seconds)
    const parts = words.split(' ')[0]!.split(':').map(Number)
    const total = parts.reduce((sum, part) => sum * 60 + part, 0)
    expect(total).toBe(seconds)
  }))
})
