/**
 * The `schedule:` of a STATIC method in template.yml, in AWS EventBridge syntax (what Retter
 * uses): `rate(N minute|minutes|hour|hours|day|days)` or
 * `cron(minutes hours day-of-month month day-of-week year)`, always in UTC.
 *
 * Cron fields are checked here against EventBridge's rules (six fields, `?` in exactly one of
 * day-of-month and day-of-week, its wildcards per field, its ranges, SUN=1 … SAT=7), so every
 * error names the field at fault; the next times are computed by croner (maintained, no
 * dependencies) in its Quartz mode, which numbers weekdays as EventBridge does.
 */
import { Cron } from 'croner'

/** A checked schedule. */
export interface ScheduleExpression {
  /** As written, e.g. `cron(0 18 ? * MON-FRI *)`. */
  source: string
  kind: 'rate' | 'cron'
  /**
   * The first time (epoch ms) strictly after `afterMs`, or null when there is none (a past year).
   * A rate counts its periods from `originMs` (when the runtime started: EventBridge counts from
   * when the rule was created); a cron ignores it.
   */
  next(afterMs: number, originMs: number): number | null
}

/** A schedule expression EventBridge would refuse; the message says which part and why. */
export class ScheduleExpressionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScheduleExpressionError'
  }
}

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const

/** `rate(N unit)`: every N units. */
function parseRate(body: string, source: string): ScheduleExpression {
  const match = /^(\d+) (minute|minutes|hour|hours|day|days)$/.exec(body)
  if (!match) throw new ScheduleExpressionError(`"${source}": a rate is "rate(N unit)" with a whole N ≥ 1 and unit minute(s), hour(s) or day(s), e.g. rate(30 minutes)`)
  const value = Number(match[1])
  const unit = match[2] as string
  if (value < 1 || !Number.isSafeInteger(value)) throw new ScheduleExpressionError(`"${source}": the rate must be a whole number of at least 1`)
  const singular = unit.replace(/s$/, '') as keyof typeof UNIT_MS
  if (value === 1 && unit !== singular) throw new ScheduleExpressionError(`"${source}": a rate of 1 takes the singular unit (rate(1 ${singular}))`)
  if (value > 1 && unit === singular) throw new ScheduleExpressionError(`"${source}": a rate above 1 takes the plural unit (rate(${value} ${singular}s))`)
  const period = value * UNIT_MS[singular]
  return {
    source,
    kind: 'rate',
    next(afterMs, originMs) {
      if (afterMs < originMs) return originMs + period
      return originMs + (Math.floor((afterMs - originMs) / period) + 1) * period
    },
  }
}

interface FieldRule {
  name: string
  min: number
  max: number
  names?: readonly string[]
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const

const MINUTES: FieldRule = { name: 'minutes', min: 0, max: 59 }
const HOURS: FieldRule = { name: 'hours', min: 0, max: 23 }
const DAY_OF_MONTH: FieldRule = { name: 'day-of-month', min: 1, max: 31 }
const MONTH: FieldRule = { name: 'month', min: 1, max: 12, names: MONTHS }
const DAY_OF_WEEK: FieldRule = { name: 'day-of-week', min: 1, max: 7, names: WEEKDAYS }
const YEAR: FieldRule = { name: 'year', min: 1970, max: 2199 }

/** One value of a field: a number in range or (month, day-of-week) a name; returns the number. */
function value(text: string, rule: FieldRule, source: string): number {
  const named = rule.names?.indexOf(text.toUpperCase()) ?? -1
  if (named >= 0) return named + 1
  if (!/^\d+$/.test(text)) {
    const allowed = rule.names ? ` or ${rule.names[0]}-${rule.names[rule.names.length - 1]}` : ''
    throw new ScheduleExpressionError(`"${source}": ${rule.name} has "${text}", not a number from ${rule.min} to ${rule.max}${allowed}`)
  }
  const n = Number(text)
  if (n < rule.min || n > rule.max) throw new ScheduleExpressionError(`"${source}": ${rule.name} must be from ${rule.min} to ${rule.max}, got ${n}`)
  return n
}

/**
 * A list of `*`, `v`, `a-b`, `*\/s`, `v/s`, `a-b/s` items (numbers or names). Returns the field
 * with names turned into numbers (croner reads numbers the same way in its Quartz mode).
 */
function plainField(text: string, rule: FieldRule, source: string): string {
  return text
    .split(',')
    .map((item) => {
      if (item === '') throw new ScheduleExpressionError(`"${source}": ${rule.name} has an empty item in "${text}"`)
      const [range, step, extra] = item.split('/')
      if (extra !== undefined) throw new ScheduleExpressionError(`"${source}": ${rule.name} has more than one "/" in "${item}"`)
      let out: string
      if (range === '*') {
        // `*/s` steps from the field's own first value: croner's year field starts at year 1, not 1970.
        out = step === undefined ? '*' : `${rule.min}-${rule.max}`
      } else {
        const [from, to, beyond] = (range ?? '').split('-')
        if (beyond !== undefined) throw new ScheduleExpressionError(`"${source}": ${rule.name} has a malformed range "${range}"`)
        const start = value(from ?? '', rule, source)
        if (to === undefined) {
          out = String(start)
        } else {
          const end = value(to, rule, source)
          if (end < start) throw new ScheduleExpressionError(`"${source}": ${rule.name} range "${range}" ends before it starts`)
          out = `${start}-${end}`
        }
      }
      if (step === undefined) return out
      if (!/^\d+$/.test(step) || Number(step) < 1 || Number(step) > rule.max) {
        throw new ScheduleExpressionError(`"${source}": ${rule.name} step "/${step}" must be a whole number from 1 to ${rule.max}`)
      }
      // `v/s` is "from v, every s" (EventBridge, Quartz): croner reads it so with sloppy ranges.
      return `${out}/${Number(step)}`
    })
    .join(',')
}

function dayOfMonthField(text: string, source: string): string {
  if (text === '?' || text === 'L') return text
  const weekday = /^(\d+)W$/.exec(text)
  if (weekday) return `${value(weekday[1] as string, DAY_OF_MONTH, source)}W`
  if (/[LW]/i.test(text)) throw new ScheduleExpressionError(`"${source}": day-of-month "${text}": L stands alone (last day of the month) and W follows one day (15W: the weekday nearest the 15th)`)
  return plainField(text, DAY_OF_MONTH, source)
}

function dayOfWeekField(text: string, source: string): string {
  if (text === '?') return text
  // `L` alone is the last day of the week, Saturday.
  if (text === 'L') return '7'
  const last = /^([^#L]+)L$/i.exec(text)
  if (last) return `${value(last[1] as string, DAY_OF_WEEK, source)}#L`
  const nth = /^([^#]+)#(\d+)$/.exec(text)
  if (nth) {
    const n = Number(nth[2])
    if (n < 1 || n > 5) throw new ScheduleExpressionError(`"${source}": day-of-week "${text}": the week of the month after # must be from 1 to 5`)
    return `${value(nth[1] as string, DAY_OF_WEEK, source)}#${n}`
  }
  if (/[#L]/i.test(text.replace(/SAT|SUN|MON|TUE|WED|THU|FRI/gi, ''))) {
    throw new ScheduleExpressionError(`"${source}": day-of-week "${text}": use one day with L (6L: the last Friday) or # (3#2: the second Tuesday), alone`)
  }
  return plainField(text, DAY_OF_WEEK, source)
}

function parseCron(body: string, source: string): ScheduleExpression {
  const fields = body.split(' ')
  if (fields.length !== 6 || fields.some((f) => f === '')) {
    throw new ScheduleExpressionError(
      `"${source}": a cron expression has six fields separated by single spaces (minutes hours day-of-month month day-of-week year), got ${fields.filter((f) => f !== '').length}`,
    )
  }
  const [minutes, hours, dom, month, dow, year] = fields as [string, string, string, string, string, string]
  if ((dom === '?') === (dow === '?')) {
    throw new ScheduleExpressionError(`"${source}": exactly one of day-of-month and day-of-week must be "?" (e.g. cron(0 18 ? * MON-FRI *) or cron(0 8 1 * ? *))`)
  }
  for (const [field, rule] of [[minutes, MINUTES], [hours, HOURS], [month, MONTH], [year, YEAR]] as const) {
    if (field.includes('?')) throw new ScheduleExpressionError(`"${source}": "?" is only for day-of-month or day-of-week, not ${rule.name}`)
  }
  const pattern = [
    '0',
    plainField(minutes, MINUTES, source),
    plainField(hours, HOURS, source),
    dayOfMonthField(dom, source),
    plainField(month, MONTH, source),
    dayOfWeekField(dow, source),
    plainField(year, YEAR, source),
  ].join(' ')
  let cron: Cron
  try {
    cron = new Cron(pattern, { mode: '7-part', alternativeWeekdays: true, timezone: 'UTC', sloppyRanges: true, paused: true })
  } catch (err) {
    throw new ScheduleExpressionError(`"${source}": ${err instanceof Error ? err.message : String(err)}`)
  }
  return {
    source,
    kind: 'cron',
    next(afterMs) {
      return cron.nextRun(new Date(afterMs))?.getTime() ?? null
    },
  }
}

/**
 * Parses and checks a schedule expression.
 * @param source `rate(...)` or `cron(...)` as written in template.yml
 * @throws ScheduleExpressionError naming what EventBridge would refuse
 */
export function parseScheduleExpression(source: string): ScheduleExpression {
  const match = /^(rate|cron)\((.*)\)$/.exec(source.trim())
  if (!match) throw new ScheduleExpressionError(`"${source}": a schedule is rate(…) or cron(…), e.g. rate(30 minutes) or cron(0 18 ? * MON-FRI *)`)
  const body = (match[2] as string).trim()
  return match[1] === 'rate' ? parseRate(body, source) : parseCron(body, source)
}
