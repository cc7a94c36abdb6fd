/**
 * The classes' toolkit (BeanBloomKit): answers and refusals, delayed calls that keep one task
 * pending, and the project environment read through one schema with errors naming the variable.
 */
import fc from 'fast-check'
import type { Data } from '@retter/rdk'
import { appLink, appUrl, keepEarliestTask, keepOneTask, positiveIntSetting, refuse, requiredSetting, respond, secondsSetting } from '@retter-shared/BeanBloomKit'

type Held = Pick<Data, 'response' | 'tasks'>

/** What a handler's `data` holds of its answer and its tasks, before it answers. */
const held = (): Held => ({ response: undefined as unknown as Held['response'], tasks: [] })

test('respond answers 200 with the body unless told; refuse answers {code, message} and its extra fields', () => {
  const data = held()
  expect(respond(data)).toBe(data)
  expect(data.response).toEqual({ statusCode: 200, body: {} })
  respond(data, { done: 1 }, 202)
  expect(data.response).toEqual({ statusCode: 202, body: { done: 1 } })
  refuse(data, 429, 'RATE_LIMITED', 'Wait a moment.', { retryAfterSeconds: 30 })
  expect(data.response).toEqual({ statusCode: 429, body: { code: 'RATE_LIMITED', message: 'Wait a moment.', retryAfterSeconds: 30 } })
})

test('keepEarliestTask: one task is always pending by the earliest due time, and none is added while it is', () => {
  const due = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 5 })
  fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), due), { minLength: 1, maxLength: 12 }), (steps) => {
    const data = held()
    let pendingAt: number | undefined
    let now = 0
    for (const [advance, dueAt] of steps) {
      now += advance
      if (pendingAt !== undefined && pendingAt < now) pendingAt = undefined // it ran
      const before = (data.tasks || []).length
      const kept = keepEarliestTask(data, 'send', pendingAt, dueAt, now)
      const added = (data.tasks || []).slice(before)
      if (dueAt.length === 0) {
        expect(added).toEqual([])
        expect(kept).toBe(pendingAt)
        continue
      }
      const earliest = Math.max(now, Math.min(...dueAt))
      expect(kept).toBeLessThanOrEqual(earliest)
      expect(kept).toBeGreaterThanOrEqual(now)
      if (pendingAt !== undefined && pendingAt <= earliest) expect(added).toEqual([])
      else expect(added).toEqual([{ method: 'send', after: Math.ceil((earliest - now) / 1000), payload: { at: earliest } }])
      pendingAt = kept
    }
  }))
})

test('keepOneTask schedules only while none is pending', () => {
  const data = held()
  let pending: boolean | undefined
  pending = keepOneTask(data, pending, 'pushShards', 60)
  pending = keepOneTask(data, pending, 'pushShards', 60)
  expect(pending).toBe(true)
  expect(data.tasks).toEqual([{ method: 'pushShards', after: 60, payload: {} }])
})

describe('the class environment', () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const name of ['APP_URL', 'SMTP_URL', 'OTP_IP_SENDS_PER_HOUR', 'CHANGE_MAIL_DIGEST_SECONDS']) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
  })

  test('a variable a method needs throws naming it and what to set', () => {
    delete process.env.SMTP_URL
    expect(() => requiredSetting('SMTP_URL')).toThrow(/^SMTP_URL is not set: set it in the project environment \(the SMTP server/)
    process.env.SMTP_URL = '   '
    expect(() => requiredSetting('SMTP_URL')).toThrow(/SMTP_URL is not set/)
    process.env.SMTP_URL = ' smtp://mail.example:25 '
    expect(requiredSetting('SMTP_URL')).toBe('smtp://mail.example:25')
  })

  test('APP_URL loses its trailing slashes for every link; a change of the variable is read', () => {
    process.env.APP_URL = 'https://shop.example///'
    expect(appUrl()).toBe('https://shop.example')
    expect(appLink('/account')).toBe('https://shop.example/account')
    process.env.APP_URL = 'https://other.example/'
    expect(appLink('/terms')).toBe('https://other.example/terms')
    delete process.env.APP_URL
    expect(appLink('/terms')).toBeUndefined()
  })

  test('a malformed number is logged naming the variable and the value, and the default used', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      process.env.OTP_IP_SENDS_PER_HOUR = '12'
      expect(positiveIntSetting('OTP_IP_SENDS_PER_HOUR', 30)).toBe(12)
      process.env.OTP_IP_SENDS_PER_HOUR = '-3'
      expect(positiveIntSetting('OTP_IP_SENDS_PER_HOUR', 30)).toBe(30)
      process.env.CHANGE_MAIL_DIGEST_SECONDS = 'soon'
      expect(secondsSetting('CHANGE_MAIL_DIGEST_SECONDS', 120)).toBe(120)
      process.env.CHANGE_MAIL_DIGEST_SECONDS = '0'
      expect(secondsSetting('CHANGE_MAIL_DIGEST_SECONDS', 120)).toBe(0)
      const logged = errors.mock.calls.map((call) => String(call[0]))
      expect(logged).toContainEqual(expect.stringContaining('OTP_IP_SENDS_PER_HOUR is "-3"'))
      expect(logged).toContainEqual(expect.stringContaining('CHANGE_MAIL_DIGEST_SECONDS is "soon"'))
    } finally {
      errors.mockRestore()
    }
  })
})
