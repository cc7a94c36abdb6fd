/**
 * SDK 0.4.0 signs out on any failure to get a token. With the guard of lib/rio/sdk-guards, an
 * outage (no answer, a 5xx) keeps the stored session and fails only the action; a refusal (a 4xx)
 * still signs out, as the product's rule "if fetching a token fails, the user is signed out" means.
 */
import { http, HttpResponse } from 'msw'
import { loadPlans } from '@/lib/customer/account-api'
import { openChallenge, sendCode, verifyCode } from '@/lib/rio/sign-in-api'
import { createRioClient, type RioAccessor, type RioClient } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'
import { readStoredIdentity, tokenStorageKey } from '@/lib/rio/stored-session'
import { isTransientTokenFailure } from '@/lib/rio/errors/map'
import { readOtp, resetBackend } from '@/test/backend'
import { server } from '@/test/msw/server'
import { watchRequests } from '@/test/msw/watch-requests'

const REFRESH = /\/root\/CALL\/ProjectUser\/refreshToken\//
const SIGN_OUT = /\/root\/CALL\/ProjectUser\/signOut\//

async function signedInClient(email: string): Promise<{ client: RioClient; rio: RioAccessor; statuses: string[] }> {
  // 20 s access tokens are always inside the SDK's 30 s margin: every action refreshes first.
  await resetBackend({ accessTokenTtlSeconds: 20 })
  const config = readRioConfig(undefined, window.location.host)
  const client = await createRioClient(config)
  const statuses: string[] = []
  client.authStatus.subscribe((event) => statuses.push(event.authStatus))
  const rio: RioAccessor = () => Promise.resolve(client)
  const challenge = await openChallenge(rio, email)
  await sendCode(challenge)
  await verifyCode(rio, challenge, await readOtp(email))
  return { client, rio, statuses }
}

function storedSession(): string | null {
  return window.localStorage.getItem(tokenStorageKey(readRioConfig(undefined, window.location.host).projectId))
}

describe.each([
  ['a 500 on the refresh call', () => HttpResponse.json({ code: 'INTERNAL', message: 'down' }, { status: 500 }), 'SERVER_ERROR'],
  ['a 502 from the proxy in front of a stopped backend', () => new HttpResponse('Bad gateway', { status: 502 }), 'SERVER_ERROR'],
  ['no answer at all (network error)', () => HttpResponse.error(), 'NETWORK'],
])('an outage: %s', (_name, outage, code) => {
  test('keeps the stored session, fails only the action, and carries on when the backend is back', async () => {
    const { client, rio, statuses } = await signedInClient('outage@example.com')
    const before = await client.getCurrentUser()
    const stored = storedSession()
    expect(stored).not.toBeNull()
    const signOuts = watchRequests(SIGN_OUT)
    try {
      server.use(http.get(REFRESH, outage))
      await expect(loadPlans(rio)).rejects.toMatchObject({ code })
      await expect(loadPlans(rio)).rejects.toMatchObject({ code })
      expect(storedSession()).toBe(stored)
      expect(signOuts.urls.length).toBe(0)
      expect(statuses.at(-1)).toBe('SIGNED_IN')

      server.resetHandlers()
      await expect(loadPlans(rio)).resolves.toHaveLength(4)
      const after = await client.getCurrentUser()
      expect(after?.userId).toBe(before?.userId)
      expect(after?.anonymous).toBeFalsy()
      expect(statuses).not.toContain('SIGNED_OUT')
    } finally {
      signOuts.stop()
    }
  })
})

test('a refused refresh (401) still signs the customer out and clears the stored session', async () => {
  const { rio, statuses } = await signedInClient('refused@example.com')
  const signOuts = watchRequests(SIGN_OUT)
  try {
    server.use(http.get(REFRESH, () => HttpResponse.json({ code: 'INVALID_REFRESH_TOKEN', message: 'revoked' }, { status: 401 })))
    const seen = statuses.length
    await loadPlans(rio).catch(() => undefined)
    // Signed out (the SDK then carries on as a new anonymous visitor for the plans call).
    expect(statuses.slice(seen)).toContain('SIGNED_OUT')
    expect(statuses.at(-1)).not.toBe('SIGNED_IN')
    expect(readStoredIdentity(storedSession()).type).toBe('signed-out')
    expect(signOuts.urls.length).toBe(1)
  } finally {
    signOuts.stop()
  }
})

test.each([
  [{ isAxiosError: true, response: { status: 500 } }, true],
  [{ isAxiosError: true, response: { status: 503 } }, true],
  [{ isAxiosError: true, response: { status: 570 } }, true],
  [{ isAxiosError: true, response: { status: 429 } }, true],
  [{ isAxiosError: true, code: 'ERR_NETWORK' }, true],
  [{ name: 'FirebaseError', code: 'auth/network-request-failed' }, true],
  [{ isAxiosError: true, response: { status: 400 } }, false],
  [{ isAxiosError: true, response: { status: 401 } }, false],
  [{ isAxiosError: true, response: { status: 403 } }, false],
  [{ name: 'FirebaseError', code: 'auth/invalid-custom-token' }, false],
  [new Error('Invalid token specified'), false],
])('isTransientTokenFailure(%o) is %s', (error, transient) => {
  expect(isTransientTokenFailure(error)).toBe(transient)
})
