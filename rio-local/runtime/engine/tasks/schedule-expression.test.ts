/**
 * EventBridge schedule expressions: readable examples, the errors EventBridge's rules give, and
 * properties against a brute-force reference (for generated cron expressions the next time is the
 * first matching minute after the given time; rates land on whole periods from their origin; any
 * input either parses or fails with ScheduleExpressionError).
 */
import fc from 'fast-check'
import { parseScheduleExpression, ScheduleExpressionError } from './schedule-expression'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
/** The next `n` times after `from`. */
function times(source: string, from: string, n: number, origin = at(from)): Array<string | null> {
  const expr = parseScheduleExpression(source)
  const out: Array<string | null> = []
  let t: number | null = at(from)
  for (let i = 0; i < n && t !== null; i++) {
    t = expr.next(t, origin)
    out.push(iso(t))
  }
  return out
}

describe('examples', () => {
  test("Retter's own: cron(0 18 ? * MON-FRI *) is 18:00 UTC on weekdays", () => {
    // 2026-03-06 is a Friday.
    expect(times('cron(0 18 ? * MON-FRI *)', '2026-03-06T17:59:30Z', 3)).toEqual(['2026-03-06T18:00:00.000Z', '2026-03-09T18:00:00.000Z', '2026-03-10T18:00:00.000Z'])
    expect(times('cron(0 18 ? * 2-6 *)', '2026-03-06T18:00:00Z', 1)).toEqual(['2026-03-09T18:00:00.000Z'])
  })

  test('rate(30 minutes) counts from its origin; rate(1 day) and rate(2 hours)', () => {
    expect(times('rate(30 minutes)', '2026-03-06T10:07:13Z', 3)).toEqual(['2026-03-06T10:37:13.000Z', '2026-03-06T11:07:13.000Z', '2026-03-06T11:37:13.000Z'])
    const origin = at('2026-03-06T10:00:00Z')
    expect(parseScheduleExpression('rate(1 day)').next(at('2026-03-08T09:00:00Z'), origin)).toBe(at('2026-03-08T10:00:00Z'))
    expect(parseScheduleExpression('rate(2 hours)').next(at('2026-03-06T12:00:00Z'), origin)).toBe(at('2026-03-06T14:00:00Z'))
  })

  test('steps, lists, names, L, W and #', () => {
    expect(times('cron(0/15 * * * ? *)', '2026-03-06T17:07:00Z', 3)).toEqual(['2026-03-06T17:15:00.000Z', '2026-03-06T17:30:00.000Z', '2026-03-06T17:45:00.000Z'])
    expect(times('cron(5/20 9 * * ? *)', '2026-03-06T09:30:00Z', 2)).toEqual(['2026-03-06T09:45:00.000Z', '2026-03-07T09:05:00.000Z'])
    expect(times('cron(0 12 ? JAN,jul MON *)', '2026-02-06T00:00:00Z', 1)).toEqual(['2026-07-06T12:00:00.000Z'])
    expect(times('cron(0 10 L * ? *)', '2026-02-01T00:00:00Z', 2)).toEqual(['2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z'])
    // 2026-02-15 is a Sunday: the nearest weekday is Monday the 16th.
    expect(times('cron(0 10 15W * ? *)', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-16T10:00:00.000Z'])
    expect(times('cron(0 10 ? * 6L *)', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-27T10:00:00.000Z'])
    expect(times('cron(0 10 ? * 3#2 *)', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-10T10:00:00.000Z'])
    expect(times('cron(0 10 ? * L *)', '2026-02-01T00:00:00Z', 1)).toEqual(['2026-02-07T10:00:00.000Z'])
  })

  test('years: a schedule that has ended has no next time; February 29th waits for a leap year', () => {
    expect(times('cron(0 0 1 1 ? 2020)', '2026-01-01T00:00:00Z', 1)).toEqual([null])
    expect(times('cron(0 0 29 2 ? *)', '2026-01-01T00:00:00Z', 2)).toEqual(['2028-02-29T00:00:00.000Z', '2032-02-29T00:00:00.000Z'])
  })
})

describe('what EventBridge refuses, each with a message naming the problem', () => {
  test.each([
    ['every 5 minutes', /a schedule is rate\(…\) or cron\(…\)/],
    ['rate(0 minutes)', /at least 1/],
    ['rate(1 minutes)', /a rate of 1 takes the singular unit \(rate\(1 minute\)\)/],
    ['rate(5 minute)', /a rate above 1 takes the plural unit \(rate\(5 minutes\)\)/],
    ['rate(5 weeks)', /unit minute\(s\), hour\(s\) or day\(s\)/],
    ['rate(1.5 hours)', /whole N/],
    ['cron(0 18 * * MON-FRI)', /six fields .* got 5/],
    ['cron(0 18 * * MON-FRI * *)', /six fields .* got 7/],
    ['cron(0 18 * * MON-FRI *)', /exactly one of day-of-month and day-of-week must be "\?"/],
    ['cron(0 18 ? * ? *)', /exactly one of day-of-month and day-of-week must be "\?"/],
    ['cron(60 * * * ? *)', /minutes must be from 0 to 59, got 60/],
    ['cron(0 24 * * ? *)', /hours must be from 0 to 23, got 24/],
    ['cron(0 0 0 * ? *)', /day-of-month must be from 1 to 31, got 0/],
    ['cron(0 0 * 13 ? *)', /month must be from 1 to 12, got 13/],
    ['cron(0 0 ? * 8 *)', /day-of-week must be from 1 to 7, got 8/],
    ['cron(0 0 ? * FUN *)', /day-of-week has "FUN", not a number from 1 to 7 or SUN-SAT/],
    ['cron(0 0 * * ? 1969)', /year must be from 1970 to 2199, got 1969/],
    ['cron(0 ? * * ? *)', /"\?" is only for day-of-month or day-of-week, not hours/],
    ['cron(*/0 * * * ? *)', /minutes step "\/0" must be a whole number from 1 to 59/],
    ['cron(0 0 ? * 1/8 *)', /day-of-week step "\/8" must be a whole number from 1 to 7/],
    ['cron(10-5 * * * ? *)', /minutes range "10-5" ends before it starts/],
    ['cron(1,,2 * * * ? *)', /minutes has an empty item/],
    ['cron(0 0 LW * ? *)', /L stands alone .* W follows one day/],
    ['cron(0 0 ? * 3#6 *)', /the week of the month after # must be from 1 to 5/],
    ['cron(0  18 ? * MON-FRI *)', /six fields separated by single spaces/],
  ])('%s', (source, message) => {
    expect(() => parseScheduleExpression(source)).toThrow(ScheduleExpressionError)
    expect(() => parseScheduleExpression(source)).toThrow(message)
  })
})

// ---- properties ------------------------------------------------------------------------------

interface Field {
  text: string
  values: Set<number>
}

function range(from: number, to: number, step = 1): number[] {
  const out: number[] = []
  for (let v = from; v <= to; v += step) out.push(v)
  return out
}

/** One list item of a plain field, with the values it stands for. */
function item(min: number, max: number, names?: readonly string[]): fc.Arbitrary<Field> {
  const num = fc.integer({ min, max })
  const show = (n: number, useName: boolean) => (useName && names ? (names[n - min] as string) : String(n))
  return fc.oneof(
    fc.constant({ text: '*', values: new Set(range(min, max)) }),
    fc.tuple(num, fc.boolean()).map(([n, nm]) => ({ text: show(n, nm), values: new Set([n]) })),
    fc.tuple(num, num, fc.boolean()).map(([a, b, nm]) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a]
      return { text: `${show(lo, nm)}-${show(hi, nm)}`, values: new Set(range(lo, hi)) }
    }),
    fc.integer({ min: 1, max }).map((s) => ({ text: `*/${s}`, values: new Set(range(min, max, s)) })),
    fc.tuple(num, fc.integer({ min: 1, max })).map(([n, s]) => ({ text: `${n}/${s}`, values: new Set(range(n, max, s)) })),
    fc.tuple(num, num, fc.integer({ min: 1, max: Math.min(12, max) })).map(([a, b, s]) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a]
      return { text: `${lo}-${hi}/${s}`, values: new Set(range(lo, hi, s)) }
    }),
  )
}

function plain(min: number, max: number, names?: readonly string[]): fc.Arbitrary<Field> {
  return fc.array(item(min, max, names), { minLength: 1, maxLength: 3 }).map((items) => ({
    text: items.map((i) => i.text).join(','),
    values: new Set(items.flatMap((i) => [...i.values])),
  }))
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** The day rule: `?` on one side, a plain list, L, nW, nL or n#k on the other. */
type DayRule = { text: string; dom: string; dow: string; matches(y: number, m: number, d: number): boolean }

const dayRule: fc.Arbitrary<DayRule> = fc.oneof(
  plain(1, 31).map((f) => ({ text: f.text, dom: f.text, dow: '?', matches: (_y: number, _m: number, d: number) => f.values.has(d) })),
  plain(1, 7, DAYS).map((f) => ({ text: f.text, dom: '?', dow: f.text, matches: (y: number, m: number, d: number) => f.values.has(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1) })),
  fc.constant({ text: 'L', dom: 'L', dow: '?', matches: (y: number, m: number, d: number) => d === lastDay(y, m) }),
  fc.integer({ min: 1, max: 28 }).map((n) => ({
    text: `${n}W`,
    dom: `${n}W`,
    dow: '?',
    matches: (y: number, m: number, d: number) => {
      // The weekday nearest the nth within the month (a Saturday 1st moves to Monday the 3rd).
      const dow = new Date(Date.UTC(y, m - 1, n)).getUTCDay()
      let target = n
      if (dow === 6) target = n === 1 ? 3 : n - 1
      if (dow === 0) target = n === lastDay(y, m) ? n - 2 : n + 1
      return d === target
    },
  })),
  fc.integer({ min: 1, max: 7 }).map((n) => ({
    text: `${n}L`,
    dom: '?',
    dow: `${n}L`,
    matches: (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1 === n && d + 7 > lastDay(y, m),
  })),
  fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 5 })).map(([n, k]) => ({
    text: `${n}#${k}`,
    dom: '?',
    dow: `${n}#${k}`,
    matches: (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1 === n && Math.ceil(d / 7) === k,
  })),
)

interface CronCase {
  minutes: Field
  hours: Field
  day: DayRule
  month: Field
  year: Field
}

const cronCase: fc.Arbitrary<CronCase> = fc.record({
  minutes: plain(0, 59),
  hours: plain(0, 23),
  day: dayRule,
  month: plain(1, 12, MONTHS),
  // Years: `*` (1970-2199, so `*/s` counts from 1970) or values near now, so most cases have a next time.
  year: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ text: '*', values: new Set(range(1970, 2199)) }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 10 }).map((st) => ({ text: `*/${st}`, values: new Set(range(1970, 2199, st)) })) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.integer({ min: 2024, max: 2032 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 3 }).map((items) => ({
        text: items.map(([y, n]) => (n === 0 ? String(y) : `${y}-${y + n}`)).join(','),
        values: new Set(items.flatMap(([y, n]) => range(y, y + n))),
      })),
    },
  ),
})

/** Eight years of days, minute by minute on matching days: the first match strictly after `from`. */
function referenceNext(c: CronCase, from: number): number | null {
  const hours = [...c.hours.values].sort((a, b) => a - b)
  const minutes = [...c.minutes.values].sort((a, b) => a - b)
  const startDay = Math.floor(from / 86_400_000) * 86_400_000
  for (let day = startDay; day < startDay + 8 * 366 * 86_400_000; day += 86_400_000) {
    const date = new Date(day)
    const y = date.getUTCFullYear()
    const m = date.getUTCMonth() + 1
    const d = date.getUTCDate()
    if (!c.year.values.has(y) || !c.month.values.has(m) || !c.day.matches(y, m, d)) continue
    for (const h of hours) {
      for (const min of minutes) {
        const t = day + h * 3_600_000 + min * 60_000
        if (t > from) return t
      }
    }
  }
  return null
}

const instant = fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2031-12-31T00:00:00Z') })

describe('properties', () => {
  test('a generated cron expression parses, and its next time is the first matching minute after the given time', () => {
    fc.assert(
      fc.property(cronCase, instant, (c, from) => {
        const source = `cron(${c.minutes.text} ${c.hours.text} ${c.day.dom} ${c.month.text} ${c.day.dow} ${c.year.text})`
        const next = parseScheduleExpression(source).next(from, 0)
        const expected = referenceNext(c, from)
        if (expected === null) return next === null || next > from + 8 * 365 * 86_400_000
        return next === expected
      }),
      { numRuns: 400 },
    )
  })

  test('a rate lands on whole periods from its origin, strictly after the given time and at most one period after it', () => {
    const unit = fc.constantFrom(['minute', 60_000], ['hour', 3_600_000], ['day', 86_400_000] as const)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), unit, instant, fc.integer({ min: -10 * 86_400_000, max: 400 * 86_400_000 }), (n, [name, ms], origin, offset) => {
        const expr = parseScheduleExpression(`rate(${n} ${n === 1 ? name : `${name}s`})`)
        const from = origin + offset
        const next = expr.next(from, origin) as number
        const period = n * ms
        return next > from && (next - origin) % period === 0 && next - origin >= period && (next - period <= from || next - period === origin)
      }),
    )
  })

  test('any text either parses or fails with ScheduleExpressionError (never another error)', () => {
    const token = fc.constantFrom('cron(', 'rate(', ')', ' ', '*', '?', '/', '-', ',', 'L', 'W', '#', 'MON', 'JAN', '0', '5', '15', '59', '60', '2026', 'minutes', 'hour', '1')
    const text = fc.oneof(fc.string(), fc.array(token, { maxLength: 16 }).map((t) => t.join('')))
    fc.assert(
      fc.property(text, (source) => {
        try {
          const expr = parseScheduleExpression(source)
          const next = expr.next(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'))
          return next === null || next > at('2026-01-01T00:00:00Z')
        } catch (err) {
          return err instanceof ScheduleExpressionError
        }
      }),
      { numRuns: 2000 },
    )
  })
})
