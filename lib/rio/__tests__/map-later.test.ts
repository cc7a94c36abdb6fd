/** The providers' error mapping, loaded on the first failure instead of with every page. */
import { asAppError, RioAppError } from '@/lib/rio/errors/app-error'
import { mapRejection, toAppErrorLater } from '@/lib/rio/errors/map-later'

test('maps a failure exactly as the full mapping does', async () => {
  const answer = { isAxiosError: true, response: { status: 429, data: { code: 'EMAIL_SEND_LIMIT', retryAfterSeconds: 90 }, headers: {} } }
  const error = await toAppErrorLater(answer)
  expect(error).toBeInstanceOf(RioAppError)
  expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 90, reason: 'EMAIL_SEND_LIMIT' })
  expect(error.message).toBe('Too many codes were sent to this e-mail in the last hour. Try again in 1:30 minutes.')
})

test('an error that is already an app error stays as it is', async () => {
  const original = new RioAppError({ code: 'NOT_READY', message: 'Your account is still loading. Try again in a moment.' })
  await expect(toAppErrorLater(original)).resolves.toBe(original)
})

test('when the mapping itself cannot load (offline), the failure is the network error', async () => {
  let later: typeof toAppErrorLater | undefined
  jest.isolateModules(() => {
    jest.doMock('@/lib/rio/errors/map', () => { throw new Error('Loading chunk failed') })
    later = (jest.requireActual<typeof import('@/lib/rio/errors/map-later')>('@/lib/rio/errors/map-later')).toAppErrorLater
  })
  if (!later) throw new Error('lazy-errors did not load')
  // The full mapping would call this UNKNOWN with its own message.
  const error = await later(new Error('boom'))
  expect(error).toMatchObject({ code: 'NETWORK', message: 'Cannot reach the service. Check your connection and try again.' })
})

describe('mapRejection: what a context rejects with is mapped', () => {
  test('a raw failure becomes the mapped error, with its words', async () => {
    const rejected = mapRejection(() => Promise.reject({ isAxiosError: true, code: 'ERR_NETWORK', message: 'Network Error' }))
    await expect(rejected).rejects.toBeInstanceOf(RioAppError)
    await expect(rejected).rejects.toMatchObject({ code: 'NETWORK', message: 'Cannot reach the service. Check your connection and try again.' })
  })

  test('a named error passes through unchanged, and a result is returned as it is', async () => {
    const named = new RioAppError({ code: 'NOT_READY', message: 'Your account is still loading. Try again in a moment.' })
    await expect(mapRejection(() => Promise.reject(named))).rejects.toBe(named)
    await expect(mapRejection(() => Promise.resolve(42))).resolves.toBe(42)
  })
})

test('asAppError keeps a mapped error and turns anything else into a generic failure, never a blank screen', () => {
  const named = new RioAppError({ code: 'NOT_READY', message: 'Your account is still loading. Try again in a moment.' })
  expect(asAppError(named)).toBe(named)
  expect(asAppError(new TypeError('x is undefined'))).toMatchObject({ code: 'UNKNOWN', message: 'Something went wrong. Please try again.' })
})
