/**
 * The runtime clock on its own: business time never goes back whatever it is asked to move to, the
 * wall clock never includes the offset, `POST /__dev/clock`'s body rule over every kind of value
 * (fast-check), and the shifted process Date.
 */
import fc from 'fast-check'
import { createRuntimeClock, MAX_ADVANCE_SECONDS, parseAdvance, shiftProcessDate } from './clock'

test('business time never goes back, whatever it is moved to; the wall clock never carries the offset (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 4e12 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: -1e10, max: 1e10 })), { maxLength: 30 }), (start, steps) => {
      let wall = start
      const clock = createRuntimeClock(() => wall)
      let previous = clock.now()
      for (const [tick, move] of steps) {
        wall += tick
        const before = clock.now()
        clock.advanceTo(before + move)
        expect(clock.now()).toBe(Math.max(before, before + move))
        expect(clock.now()).toBeGreaterThanOrEqual(previous)
        expect(clock.wallNow()).toBe(wall)
        expect(clock.now() - clock.wallNow()).toBe(clock.offsetMs())
        previous = clock.now()
      }
    }),
  )
})

test('a restored offset is taken; a bad one is refused; every move is told before it is made', () => {
  const moves: number[] = []
  const clock = createRuntimeClock(() => 1000, { offsetMs: 500, onMove: (offset) => moves.push(offset) })
  expect(clock.now()).toBe(1500)
  clock.advanceTo(1200)
  clock.advanceTo(4000)
  expect(moves).toEqual([3000])
  expect(() => createRuntimeClock(() => 0, { offsetMs: -1 })).toThrow(/whole number of ms ≥ 0, got -1/)
  expect(() => clock.advanceTo(Number.NaN)).toThrow(RangeError)
})

test('advanceSeconds: every whole number from 1 to a year and a day is taken, nothing else (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: MAX_ADVANCE_SECONDS }), (n) => {
      expect(parseAdvance({ advanceSeconds: n })).toEqual({ seconds: n })
    }),
  )
  const refused = fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: MAX_ADVANCE_SECONDS + 1 }),
    fc.double().filter((d) => !Number.isInteger(d)),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer()),
  )
  fc.assert(
    fc.property(refused, (value) => {
      const parsed = parseAdvance({ advanceSeconds: value })
      expect(parsed).toEqual({ problem: expect.stringMatching(/^"advanceSeconds" .*the clock never goes back$/) })
    }),
  )
})

test('the shifted Date reads the clock for now, and is the original for everything else', () => {
  let offset = 0
  const clock = { now: () => 1_700_000_000_000 + offset, wallNow: () => 1_700_000_000_000, offsetMs: () => offset, advanceTo: () => undefined }
  const Native = Date
  const restore = shiftProcessDate(clock)
  try {
    offset = 86_400_000
    expect(Date.now()).toBe(1_700_086_400_000)
    expect(new Date().getTime()).toBe(1_700_086_400_000)
    expect(Date.parse(Date())).toBe(Math.floor(1_700_086_400_000 / 1000) * 1000)
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z')
    expect(new Date(2026, 0, 1).getFullYear()).toBe(2026)
    expect(Date.UTC(2026, 0, 1)).toBe(Native.UTC(2026, 0, 1))
    expect(new Date()).toBeInstanceOf(Native)
    expect(new Native(5)).toBeInstanceOf(Date)
    expect(Object.prototype.toString.call(new Date())).toBe('[object Date]')
    expect(() => shiftProcessDate(clock)).toThrow(/already follows another backend's test clock/)
  } finally {
    restore()
  }
  expect(Date).toBe(Native)
})
