import fc from 'fast-check'
import { endingHereWith, forgetSignInMoment, rememberSignInMoment, sessionEndedBy } from '../session-start'

beforeEach(() => window.localStorage.clear())

test('a sign-in older than the account’s end of sessions ends; one since goes on; no marker ends nothing', () => {
  fc.assert(fc.property(fc.integer({ min: 1e12, max: 2e12 }), fc.integer({ min: -1e9, max: 1e9 }), (ended, offset) => {
    rememberSignInMoment(ended + offset)
    expect(sessionEndedBy(new Date(ended).toISOString())).toBe(offset < 0)
  }))
  expect(sessionEndedBy(undefined)).toBe(false)
  expect(sessionEndedBy('not a date')).toBe(false)
})

test('a browser that does not know when it signed in counts as older', () => {
  forgetSignInMoment()
  expect(sessionEndedBy('2026-11-27T10:00:00.000Z')).toBe(true)
})

test('the tab that deletes or moves the account is not told to leave; after a failure it is again', async () => {
  rememberSignInMoment(Date.parse('2026-11-27T09:00:00.000Z'))
  const marker = '2026-11-27T10:00:00.000Z'
  await endingHereWith(async () => {
    expect(sessionEndedBy(marker)).toBe(false)
  })
  expect(sessionEndedBy(marker)).toBe(false)
  // A new sign-in makes it an ordinary tab again.
  rememberSignInMoment(Date.parse('2026-11-27T09:30:00.000Z'))
  expect(sessionEndedBy(marker)).toBe(true)
  await expect(endingHereWith(async () => { throw new Error('wrong code') })).rejects.toThrow('wrong code')
  expect(sessionEndedBy(marker)).toBe(true)
})
