import { noCloudObjectError, RioAppError } from '@/lib/rio/errors/app-error'
import { authFailedError, codeLengthError, invalidOtpError, isDeadCodeError, rateLimitedMessage, rateLimitWait, toAppError } from '@/lib/rio/errors/map'

const httpError = (status: number, data?: unknown, headers: Record<string, string> = {}) =>
  ({ isAxiosError: true, message: `Request failed with status code ${status}`, response: { status, data, headers } })

test.each([
  [httpError(429, { code: 'RATE_LIMITED', message: 'Wait', retryAfterSeconds: 12 }),
    { code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 12, message: 'Too many requests. Please wait 12 seconds and try again.' }],
  [httpError(429, undefined, { 'retry-after': '7' }), { code: 'RATE_LIMITED', retryAfterSeconds: 7 }],
  [httpError(400, { code: 'VALIDATION', message: '"code" must be 6 digits' }), { code: 'VALIDATION', status: 400, message: '"code" must be 6 digits' }],
  [httpError(403, { code: 'ACCESS_DENIED', message: 'Not your account' }), { code: 'ACCESS_DENIED', message: 'Not your account' }],
  [httpError(403), { code: 'ACCESS_DENIED', message: 'You are not allowed to do that. Please sign in again.' }],
  [httpError(570), { code: 'BUSY', status: 570 }],
  [httpError(502, '<html>bad gateway</html>'), { code: 'SERVER_ERROR', message: 'The service is having trouble right now. Please try again in a moment.' }],
  [httpError(503, { code: 'SHIPMENT_NOT_RECORDED', message: 'The customer’s account could not be updated. Try again in a moment.' }),
    { code: 'SERVER_ERROR', status: 503, reason: 'SHIPMENT_NOT_RECORDED', message: 'The customer’s account could not be updated. Try again in a moment.' }],
  [httpError(503, 'Service Unavailable'), { code: 'SERVER_ERROR', message: 'The service is having trouble right now. Please try again in a moment.' }],
  [{ isAxiosError: true, code: 'ERR_NETWORK', message: 'Network Error' }, { code: 'NETWORK', message: 'Cannot reach the service. Check your connection and try again.' }],
  [{ isAxiosError: true, code: 'ECONNABORTED', message: 'timeout of 30000ms exceeded' }, { code: 'TIMEOUT', message: 'The service did not answer within 30 seconds. Please try again.' }],
  [new Error('Retter SDK not initialized.'), { code: 'SDK_STATE', message: 'Retter SDK not initialized.' }],
  [Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), { code: 'auth/network-request-failed' }), { code: 'NETWORK' }],
  [Object.assign(new Error('Firebase: Error (auth/user-disabled).'), { code: 'auth/user-disabled' }), { code: 'FIREBASE_AUTH' }],
  ['a string', { code: 'UNKNOWN', message: 'Something went wrong. Please try again.' }],
])('maps a failure to an AppError (%#)', (thrown, expected) => {
  const error = toAppError(thrown)
  expect(error).toBeInstanceOf(RioAppError)
  expect(error).toMatchObject(expected)
})

test('the verifyOtp failures all start with the required message "Invalid OTP" and name the reason', () => {
  expect(invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 1 })).toMatchObject({
    code: 'INVALID_OTP', reason: 'INVALID_CODE', attemptsLeft: 1, message: 'Invalid OTP. That code is not right. 1 attempt left.',
  })
  expect(invalidOtpError({ code: 'TOO_MANY_ATTEMPTS' }).message).toBe('Invalid OTP. Too many attempts. Request a new code.')
  expect(invalidOtpError({ code: 'CODE_EXPIRED' }).message).toBe('Invalid OTP. This code has expired. Request a new one.')
  expect(invalidOtpError().message).toBe('Invalid OTP. That code is not right. Check it and try again.')
  expect(noCloudObjectError()).toMatchObject({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })
})

test('AUTH_FAILED carries the server message whether the SDK passes a body or a string', () => {
  expect(authFailedError({ code: 'X', message: 'Custom token expired' }).message).toBe('Custom token expired')
  expect(authFailedError('Unauthorized').message).toBe('Unauthorized')
  expect(authFailedError(undefined)).toMatchObject({ code: 'AUTH_FAILED', message: 'Sign-in was refused by the server. Please request a new code.' })
})

test('each reason of a failed code check gets its own words, and rate limits say how long to wait', () => {
  expect(invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 2 }).message).toBe('Invalid OTP. That code is not right. 2 attempts left.')
  expect(invalidOtpError({ code: 'CODE_EXPIRED' }).message).toMatch(/expired/)
  expect(invalidOtpError({ code: 'TOO_MANY_ATTEMPTS' }).message).toMatch(/Too many attempts/)
  expect(toAppError(httpError(429, { code: 'RATE_LIMITED', message: 'Slow down', retryAfterSeconds: 12 })).message).toMatch(/wait 12 seconds/)
  expect(rateLimitedMessage(1)).toBe('Too many requests. Please wait 1 second and try again.')
})

test('other messages pass through and non-errors get a generic one', () => {
  expect(toAppError({ code: 'NETWORK', message: 'Cannot reach the service.' }).message).toBe('Cannot reach the service.')
  expect(toAppError(undefined).message).toMatch(/something went wrong/i)
})

test.each([
  ['EMAIL_CHECK_LIMIT', 3540, 'Too many wrong codes were entered for this e-mail from your network, so sign-in from it is paused. Try again in 59:00 minutes.'],
  ['EMAIL_CHECK_LIMIT_ALL', 18_190, 'Too many wrong codes were entered for this e-mail from several networks today, so sign-in is paused for it. Try again in 5:03:10 hours.'],
  ['EMAIL_SEND_LIMIT', 75, 'Too many codes were sent to this e-mail in the last hour. Try again in 1:15 minutes.'],
  ['IP_SEND_LIMIT', 42, 'Too many codes were requested from your network. Try again in 42 seconds.'],
  ['IP_CHECK_LIMIT', 1, 'Too many codes were checked from your network. Try again in 1 second.'],
])('the sign-in limit %s is a RATE_LIMITED with its reason, its wait and its own words', (limit, seconds, message) => {
  const error = toAppError(httpError(429, { code: limit, message: 'backend words', retryAfterSeconds: seconds }, { 'retry-after': String(seconds) }))
  expect(error).toMatchObject({ code: 'RATE_LIMITED', reason: limit, status: 429, retryAfterSeconds: seconds, message })
})

describe('errors the sign-in form finds or reads, worded here', () => {
  test('a code of the wrong length says what to enter', () => {
    expect(codeLengthError(0, 6)).toMatchObject({ code: 'CODE_LENGTH', message: 'Enter the 6-digit code from the e-mail.' })
    expect(codeLengthError(4, 6)).toMatchObject({ code: 'CODE_LENGTH', message: 'The code has 6 digits; you entered 4.' })
  })

  test.each([['TOO_MANY_ATTEMPTS', true], ['CODE_EXPIRED', true], ['NO_CODE', true], ['INVALID_CODE', false]])(
    'a refused code with reason %s needs a new code: %s', (code, dead) => {
      expect(isDeadCodeError(invalidOtpError({ code }))).toBe(dead)
    })

  test('only a rate limit with a wait has a wait', () => {
    expect(rateLimitWait(toAppError(httpError(429, { code: 'RATE_LIMITED', retryAfterSeconds: 12 })))).toBe(12)
    expect(rateLimitWait(toAppError(httpError(403)))).toBeNull()
    expect(isDeadCodeError(toAppError(httpError(429, { code: 'RATE_LIMITED', retryAfterSeconds: 12 })))).toBe(false)
  })
})
