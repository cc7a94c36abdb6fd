import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { SIGN_IN_TIMEOUT_MS } from '@/lib/rio/sign-in-api'
import { readRioConfig } from '@/lib/rio/config'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import type { AppError } from '@/lib/types'
import { AUTH_EMULATOR, RIO_LOCAL_PREFIX } from '@/test/msw/handlers'
import { server } from '@/test/msw/server'
import { readOtp, renderAppHook, resetBackend, secondTabClient, signInThroughApp, useApp } from '@/test/render'

// A test that fakes the clock must never leave it faked for the next one, pass or fail.
afterEach(() => jest.useRealTimers())

/** The customer ids the SDK's stored tokens name (none once signed out or anonymous). */
function storedCustomerIds(): string[] {
  const raw = window.localStorage.getItem(tokenStorageKey(readRioConfig(undefined, window.location.host).projectId))
  if (!raw) return []
  const decoded = (JSON.parse(raw) as { accessTokenDecoded?: { userId?: string; anonymous?: boolean } }).accessTokenDecoded
  return decoded && !decoded.anonymous && decoded.userId ? [decoded.userId] : []
}

/** Every render's `loading`, so a short-lived `true` is not missed between two assertions. */
let loadingLog: boolean[] = []

async function renderReady() {
  loadingLog = []
  const view = renderAppHook(() => {
    const value = useApp()
    loadingLog.push(value.account.loading)
    return value
  })
  // The plans call makes the SDK fetch its anonymous token (the first test also loads the SDK chunk).
  await waitFor(() => expect(view.result.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), { timeout: 5000 })
  return view
}

function rejectionOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => { throw new Error('expected a rejection') },
    (error: AppError) => error,
  )
}

test('an anonymous session counts as not signed in', async () => {
  const { result } = await renderReady()
  expect(result.current.auth).toMatchObject({ authStatus: 'SIGNED_IN_ANONYM', isSignedIn: false, isInitializing: false, email: null })
  expect(result.current.auth.identity).toBe('anonymous')
  expect(result.current.account).toMatchObject({ account: null, aws: null, loading: false })
})

test('verifying before any code was requested fails with "No cloud object"', async () => {
  const { result } = await renderReady()
  const error = await rejectionOf(result.current.auth.verifyOtp('123456'))
  expect(error).toMatchObject({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })
})

test('a wrong code fails with "Invalid OTP" and the attempts left', async () => {
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('ana@example.com').then(() => undefined))
  const right = await readOtp('ana@example.com')
  const wrong = right === '000000' ? '111111' : '000000'
  const error = await rejectionOf(result.current.auth.verifyOtp(wrong))
  expect(error.code).toBe('INVALID_OTP')
  expect(error.message).toMatch(/^Invalid OTP/)
  expect(error.reason).toBe('INVALID_CODE')
  expect(error.attemptsLeft).toEqual(expect.any(Number))
  expect(result.current.auth.isSignedIn).toBe(false)
})

test('an expired code says so, still as "Invalid OTP"', async () => {
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('ana@example.com').then(() => undefined))
  server.use(http.post(/\/CALL\/Account\/verifyOtp\//, () =>
    HttpResponse.json({ success: false, error: { code: 'CODE_EXPIRED', message: 'The code has expired' } })))
  const error = await rejectionOf(result.current.auth.verifyOtp('123456'))
  expect(error).toMatchObject({ code: 'INVALID_OTP', reason: 'CODE_EXPIRED' })
  expect(error.message).toMatch(/Invalid OTP.*expired/)
})

test('sign-in with a code loads the Account and AWS objects, with loading meanwhile; sign-out clears them', async () => {
  const { result } = await renderReady()
  const beforeSignIn = loadingLog.length
  await act(() => result.current.auth.sendOtp('  Bea@Example.com ').then((sent) => {
    expect(sent).toMatchObject({ sentTo: 'bea@example.com', resendAfterSeconds: expect.any(Number), expiresInSeconds: expect.any(Number) })
  }))
  const code = await readOtp('bea@example.com')
  // Pasted with spaces and a dash: the provider strips them.
  await act(() => result.current.auth.verifyOtp(`${code.slice(0, 3)} -${code.slice(3)}`))
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(true))
  expect(result.current.auth).toMatchObject({ authStatus: 'SIGNED_IN', identity: 'enduser', email: 'bea@example.com' })
  expect(result.current.auth.uid).toEqual(expect.any(String))

  await waitFor(() => expect(result.current.account.account).not.toBeNull())
  await waitFor(() => expect(result.current.account.loading).toBe(false))
  // loading went true when the customer's objects started loading, then false once both arrived.
  expect(loadingLog.slice(0, beforeSignIn)).not.toContain(true)
  expect(loadingLog.slice(beforeSignIn)).toContain(true)
  expect(result.current.account.account).toMatchObject({ email: 'bea@example.com', plan: null })
  expect(result.current.account.aws).toMatchObject({ email: 'bea@example.com' })
  expect(result.current.account.liveUpdates).toBe(true)

  const customer = result.current.auth.uid
  expect(storedCustomerIds()).toEqual([customer])
  await act(() => result.current.auth.signOut())
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(false))
  expect(result.current.auth).toMatchObject({ email: null })
  // The SDK cleared the customer's stored tokens (another tab or a reload must not find them).
  expect(storedCustomerIds()).toEqual([])
  expect(result.current.account).toMatchObject({ account: null, aws: null, loading: false })
  // Plans stay for visitors.
  expect(result.current.account.plans.length).toBeGreaterThan(0)
})

// The SDK puts lookup-key values into the URL path unencoded; these addresses break if we do not encode.
test.each([
  ['Jo.Doe+Coffee@Mail.Example.com', 'jo.doe+coffee@mail.example.com'],
  ["o'neil+tea&biscuits=yes?@example.com", "o'neil+tea&biscuits=yes?@example.com"],
])('the e-mail address %s reaches its own account', async (typed, normalised) => {
  const { result } = await renderReady()
  await signInThroughApp(result, typed)
  expect(result.current.auth.email).toBe(normalised)
  await waitFor(() => expect(result.current.account.account).toMatchObject({ email: normalised }))
})

test('an address that cannot be one is refused before any request', async () => {
  const { result } = await renderReady()
  server.use(http.all(RIO_LOCAL_PREFIX, () => { throw new Error('no request may be made') }))
  const error = await rejectionOf(result.current.auth.sendOtp('not-an-address'))
  expect(error).toMatchObject({ code: 'INVALID_EMAIL', message: '"not-an-address" is not a valid e-mail address.' })
})

test('asking for a new code too soon is rate limited with the seconds to wait', async () => {
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('cy@example.com').then(() => undefined))
  const error = await rejectionOf(result.current.auth.sendOtp('cy@example.com'))
  expect(error.code).toBe('RATE_LIMITED')
  expect(error.status).toBe(429)
  expect(error.retryAfterSeconds).toBeGreaterThan(0)
  expect(error.message).toBe(`Too many requests. Please wait ${error.retryAfterSeconds} seconds and try again.`)
  // The first code still works after the refused resend.
  await act(() => readOtp('cy@example.com').then((code) => result.current.auth.verifyOtp(code)))
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(true))
})

test('AUTH_FAILED from the custom-token sign-in surfaces the server message', async () => {
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('di@example.com').then(() => undefined))
  server.use(http.get(/\/root\/CALL\/ProjectUser\/authWithCustomToken\//, () =>
    HttpResponse.json({ code: 'TOKEN_USED', message: 'This sign-in link was already used' }, { status: 401 })))
  const error = await rejectionOf(readOtp('di@example.com').then((code) => result.current.auth.verifyOtp(code)))
  expect(error).toMatchObject({ code: 'AUTH_FAILED', message: 'This sign-in link was already used' })
  expect(result.current.auth.isSignedIn).toBe(false)
})

test(`a sign-in that has not settled in ${SIGN_IN_TIMEOUT_MS / 1000} s fails with a clear error`, async () => {
  expect(SIGN_IN_TIMEOUT_MS).toBe(15_000)
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('ed@example.com').then(() => undefined))
  const code = await readOtp('ed@example.com')
  // Firebase sign-in that never answers: SDK 0.4.0's authenticateWithCustomToken never settles then.
  let firebaseCalled!: () => void
  const firebaseReached = new Promise<void>((resolve) => { firebaseCalled = resolve })
  server.use(http.post(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken`, () => {
    firebaseCalled()
    return new Promise<Response>(() => undefined)
  }))
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
  const outcome = rejectionOf(result.current.auth.verifyOtp(code))
  await firebaseReached
  await act(async () => { await jest.advanceTimersByTimeAsync(SIGN_IN_TIMEOUT_MS - 1) })
  let settled = false
  void outcome.then(() => { settled = true })
  await act(async () => { await jest.advanceTimersByTimeAsync(0) })
  expect(settled).toBe(false)
  await act(async () => { await jest.advanceTimersByTimeAsync(1) })
  expect(await outcome).toMatchObject({
    code: 'SIGN_IN_TIMEOUT',
    message: 'Sign-in did not finish within 15 seconds. Check your connection and try again.',
  })
})

test('a Firebase sign-in failure inside the SDK fails the sign-in at once instead of hanging', async () => {
  const { result } = await renderReady()
  await act(() => result.current.auth.sendOtp('fi@example.com').then(() => undefined))
  const code = await readOtp('fi@example.com')
  server.use(http.post(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken`, () =>
    HttpResponse.json({ error: { code: 400, message: 'INVALID_CUSTOM_TOKEN : bad signature', status: 'INVALID_ARGUMENT' } }, { status: 400 })))
  const error = await rejectionOf(result.current.auth.verifyOtp(code))
  expect(error).toMatchObject({
    code: 'FIREBASE_AUTH',
    message: 'Sign-in could not connect live updates (auth/invalid-custom-token). Reload the page and try again.',
  })
})

test('when the server refuses to refresh the token (401) the SDK signs the customer out, and the app follows', async () => {
  // 20 s access tokens are always inside the SDK's 30 s margin: every call refreshes first.
  await resetBackend({ accessTokenTtlSeconds: 20 })
  const { result } = await renderReady()
  await signInThroughApp(result, 'gil@example.com')
  await waitFor(() => expect(result.current.account.account).not.toBeNull())
  server.use(http.get(/\/root\/CALL\/ProjectUser\/refreshToken\//, () =>
    HttpResponse.json({ code: 'INVALID_REFRESH_TOKEN', message: 'This session was revoked.' }, { status: 401 })))
  expect(storedCustomerIds()).toHaveLength(1)
  act(() => result.current.account.reloadPlans())
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(false))
  expect(result.current.account).toMatchObject({ account: null, aws: null })
  expect(storedCustomerIds()).toEqual([])
})

test('when the refresh call fails with a 5xx (an outage) the customer stays signed in, and the next call carries on', async () => {
  await resetBackend({ accessTokenTtlSeconds: 20 })
  const { result } = await renderReady()
  await signInThroughApp(result, 'gia@example.com')
  await waitFor(() => expect(result.current.account.account).not.toBeNull())
  const customer = storedCustomerIds()
  server.use(http.get(/\/root\/CALL\/ProjectUser\/refreshToken\//, () =>
    HttpResponse.json({ code: 'INTERNAL', message: 'down' }, { status: 500 })))
  act(() => result.current.account.reloadPlans())
  await waitFor(() => expect(result.current.account.plansError).toMatchObject({ code: 'SERVER_ERROR' }))
  expect(result.current.auth).toMatchObject({ isSignedIn: true, email: 'gia@example.com' })
  expect(storedCustomerIds()).toEqual(customer)

  server.resetHandlers()
  act(() => result.current.account.reloadPlans())
  await waitFor(() => expect(result.current.account.plansStatus).toBe('success'))
  expect(result.current.auth).toMatchObject({ isSignedIn: true, email: 'gia@example.com' })
  expect(storedCustomerIds()).toEqual(customer)
})

test('the Account object of a code request is forgotten after sign-in and after sign-out', async () => {
  const { result } = await renderReady()
  await signInThroughApp(result, 'hu@example.com')
  // Signed in: checking a code again has nothing to check it against.
  expect(await rejectionOf(result.current.auth.verifyOtp('123456'))).toMatchObject({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })

  // A code requested while signed in (for another address), then a sign-out.
  await act(() => result.current.auth.sendOtp('hu.two@example.com').then(() => undefined))
  await act(() => result.current.auth.signOut())
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(false))
  expect(await rejectionOf(result.current.auth.verifyOtp('123456'))).toMatchObject({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })
})

test('a sign-in action made before the SDK has loaded waits for it', async () => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => { release = resolve })
  const { result } = renderAppHook(useApp, { createClient: async () => { await gate; return secondTabClient() } })
  expect(result.current.auth.isInitializing).toBe(true)
  let settled = false
  const sending = result.current.auth.sendOtp('ivy@example.com').finally(() => { settled = true })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(settled).toBe(false)
  await act(async () => {
    release()
    await expect(sending).resolves.toMatchObject({ sentTo: 'ivy@example.com' })
  })
})

test('when the SDK could not be created, the sign-in actions fail with "Retter SDK not initialized."', async () => {
  const { result } = renderAppHook(useApp, { createClient: () => Promise.reject(new Error('The SDK chunk did not arrive.')) })
  const expected = { code: 'SDK_STATE', message: 'Retter SDK not initialized.' }
  const { sendOtp, verifyOtp, signOut } = result.current.auth
  await act(async () => {
    expect(await rejectionOf(sendOtp('ivy@example.com'))).toMatchObject(expected)
    expect(await rejectionOf(verifyOtp('123456', 'ivy@example.com'))).toMatchObject(expected)
    expect(await rejectionOf(signOut())).toMatchObject(expected)
  })
  expect(result.current.auth.isInitializing).toBe(false)
})
