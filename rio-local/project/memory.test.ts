/**
 * Project memory (rdk get/set/increment/deleteMemory): values, increments, expiry against the clock.
 * `expireAt` is epoch seconds: Retter's documentation, RDK > Memory (docs.retter.io/docs/rdk/memory),
 * "expireAt | number | false | Expiration time in seconds".
 */
import { createProjectMemory } from './memory'

test('set, get, increment (keeping the expiry) and delete; expireAt in epoch seconds', () => {
  let now = 1_000_000
  const memory = createProjectMemory(() => now)
  expect(memory.get('k')).toEqual({ success: true, data: undefined })
  expect(memory.increment('hits', 1)).toEqual({ success: true, data: 1 })
  expect(memory.increment('hits', 2)).toEqual({ success: true, data: 3 })
  memory.set('window', { a: 1 }, now / 1000 + 60)
  expect(memory.increment('window', 4, 'a')).toEqual({ success: true, data: 5 })
  expect(memory.increment('window', 1, 'b')).toEqual({ success: true, data: 1 })
  now += 59_999
  expect(memory.get('window')).toEqual({ success: true, data: { a: 5, b: 1 } })
  now += 1
  expect(memory.get('window')).toEqual({ success: true, data: undefined })
  // An expired counter starts over.
  memory.set('tries', 9, now / 1000 + 10)
  now += 10_000
  expect(memory.increment('tries', 1)).toEqual({ success: true, data: 1 })
  memory.delete('hits')
  expect(memory.get('hits').data).toBeUndefined()
  expect(memory.increment('window', 1, 'a')).toEqual({ success: true, data: 1 })
  memory.set('text', 'x')
  expect(memory.increment('text', 1)).toMatchObject({ success: false, error: expect.stringContaining('does not hold a number') })
})

test('an expireAt an hour ahead in seconds keeps the value for that hour, not a thousand times longer or shorter', () => {
  let now = Date.UTC(2026, 0, 1)
  const memory = createProjectMemory(() => now)
  memory.set('hour', 'kept', Math.floor(now / 1000) + 3600)
  now += 3_599_000
  expect(memory.get('hour').data).toBe('kept')
  now += 1_000
  expect(memory.get('hour').data).toBeUndefined()
})

test('expiry follows Date.now() when the runtime uses it (jest fake timers move it)', () => {
  jest.useFakeTimers({ now: 0 })
  try {
    const memory = createProjectMemory(Date.now)
    memory.set('k', 1, Date.now() / 1000 + 1)
    jest.advanceTimersByTime(999)
    expect(memory.get('k').data).toBe(1)
    jest.advanceTimersByTime(1)
    expect(memory.get('k').data).toBeUndefined()
  } finally {
    jest.useRealTimers()
  }
})
