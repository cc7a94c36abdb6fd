/**
 * Persistence: with SQLite in a temp folder, a restart keeps instances, lookup keys, sessions,
 * the generated secret, revoked sessions and used custom tokens. The SDK instance survives the
 * restart, as a browser tab would.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RetterAuthStatus } from '@retter/sdk'
import { TEST_ADDRESS } from './address'
import { savePaymentMethod } from './payments'
import { accountIdFor, userIdFor } from './ids'
import { createBackend } from '../app'
import type { StateMirror } from '../runtime/wire-types'
import { recordingMirror } from './recording-mirror'
import { call, sessions } from './in-process'
import { accountByEmail, createSdk, disposeSdk, raw, signInWithOtp, startTestServer, type TestServer } from './harness'

// These tests start servers and talk to the emulator; a machine busy with other suites can be slow.
jest.setTimeout(30_000)

const PROJECT = 'conf-persist'
const EMAIL = 'persistent.customer@example.com'

let dir: string
let ts: TestServer | undefined

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rio-backend-'))
})
afterAll(async () => {
  await ts?.close()
  rmSync(dir, { recursive: true, force: true })
})

test('state, sessions, throttles and the secret survive a restart on the same data folder', async () => {
  ts = await startTestServer({ projectId: PROJECT, storage: { dir } })
  const port = ts.server.port
  const firstSecret = ts.backend.secret
  expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600)
  const sdk = createSdk(PROJECT, ts.host)
  const { account, customToken } = await signInWithOtp(sdk, ts.origin, EMAIL)
  await account.call({ method: 'setDeliveryAddress', body: TEST_ADDRESS })
  // A subscription starts only with a saved payment method.
  await savePaymentMethod((method: string, body?: unknown) => account.call({ method, body }).then((r) => ({ status: r.status, body: r.data })))
  await account.call({ method: 'selectPlan', body: { planId: 'roasters-club' } })
  await ts.close()

  // Same folder and port, fresh backend; the SDK keeps the tokens it had, like an open browser tab.
  ts = await startTestServer({ projectId: PROJECT, storage: { dir }, port })
  expect(ts.backend.secret).toBe(firstSecret)
  const state = await account.getState()
  expect(state.data.user[userIdFor(EMAIL)]).toMatchObject({ email: EMAIL, plan: 'roasters-club' })
  expect(await sdk.getCurrentUser()).toMatchObject({ identity: 'enduser', claims: { email: EMAIL } })
  const again = await accountByEmail(sdk, EMAIL)
  expect(again.isNewInstance).toBe(false)
  expect(again.instanceId).toBe(accountIdFor(EMAIL))
  expect(await again.listInstances()).toEqual([accountIdFor(EMAIL)])
  // Used custom tokens stay used.
  expect((await sdk.authenticateWithCustomToken(customToken)).authStatus).toBe(RetterAuthStatus.AUTH_FAILED)
  // The resend throttle is private state, so it survives too.
  const throttled = await account.call({ method: 'sendOtp' }).catch((e: { response?: { status: number } }) => e.response)
  expect(throttled?.status).toBe(429)
  const outbox = await raw<Array<{ sentAt: string; code?: string }>>(ts.origin, 'GET', `/__dev/outbox?to=${EMAIL}`)
  // One sign-in code (the second was refused); the other mails are the address and welcome ones.
  expect(outbox.body.filter((mail) => mail.code)).toHaveLength(1)
  await disposeSdk(sdk, PROJECT)
}, 30_000)

test('a session signed out before a restart stays revoked after it', async () => {
  ts ??= await startTestServer({ projectId: PROJECT, storage: { dir } })
  const anon = await raw<{ response: { accessToken: string; refreshToken: string } }>(ts.origin, 'GET', `/root/INSTANCE/ProjectUser?projectId=${PROJECT}`)
  const { accessToken, refreshToken } = anon.body.response
  const userId = JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString()).userId as string
  const out = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/signOut/${PROJECT}_${userId}?accessToken=${accessToken}`)
  expect(out.status).toBe(200)
  await ts.close()
  ts = await startTestServer({ projectId: PROJECT, storage: { dir } })
  const refresh = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/refreshToken/${PROJECT}_${userId}?refreshToken=${refreshToken}`)
  expect(refresh.status).toBe(401)
  expect(refresh.body).toMatchObject({ code: 'TOKEN_REVOKED' })
})

test('a write committed before a crash whose mirror write never landed is mirrored as the runtime starts again', async () => {
  const crashDir = mkdtempSync(join(tmpdir(), 'rio-backend-'))
  // The first runtime's mirror never finishes a write: the process dies with them in flight.
  const stuck: StateMirror = {
    // Never writes, nor settles: the runtime bounds its own waits (runtime/engine/mirror-journal.ts).
    publish: () => new Promise<void>(() => undefined),
    flush: async () => undefined,
    close: async () => undefined,
  }
  const { mirror: recording, published } = recordingMirror()
  const crashed = await createBackend({ projectId: `${PROJECT}-crash`, storage: { dir: crashDir }, dev: true, mirror: stuck })
  try {
    const { token, accountId } = await sessions(crashed).customer('crashed.write@example.com')
    await call(crashed, 'POST', `/${PROJECT}-crash/CALL/Account/setDeliveryAddress/${accountId}?_token=${token}`, TEST_ADDRESS)
    await savePaymentMethod((name, body) => call(crashed, 'POST', `/${PROJECT}-crash/CALL/Account/${name}/${accountId}?_token=${token}`, body))
    const chosen = await call(crashed, 'POST', `/${PROJECT}-crash/CALL/Account/selectPlan/${accountId}?_token=${token}`, { planId: 'roasters-club' })
    expect(chosen.status).toBe(200)
    // Started on the same folder (the first one never closed: it "crashed").
    const restarted = await createBackend({ projectId: `${PROJECT}-crash`, storage: { dir: crashDir }, dev: true, mirror: recording })
    try {
      // The Account's documents (its Mailer, which shares its id, has documents of its own).
      const ofAccount = () => published.filter((c) => c.classId === 'Account' && c.instanceId === accountId)
      const mirrored = ofAccount()
      expect(mirrored).toHaveLength(1)
      expect(mirrored[0]?.state.user[userIdFor('crashed.write@example.com')]).toMatchObject({ plan: 'roasters-club' })
      // Once landed, the next start has nothing left to mirror: it never publishes that write again
      // (a task left pending, such as the e-mails' hand-off, may run there: a write of its own).
      await restarted.close()
      const landed = JSON.stringify(mirrored[0]?.state)
      const before = ofAccount().length
      const third = await createBackend({ projectId: `${PROJECT}-crash`, storage: { dir: crashDir }, dev: true, mirror: recording })
      await third.close()
      expect(ofAccount().slice(before).map((c) => JSON.stringify(c.state))).not.toContain(landed)
    } finally {
      await restarted.close()
    }
  } finally {
    await crashed.close()
    rmSync(crashDir, { recursive: true, force: true })
  }
}, 30_000)

test('after a restart, the first INSTANCE get of a stored instance mirrors it again before answering', async () => {
  // The Firestore emulator forgets everything when it restarts while SQLite does not: without this,
  // a returning customer's live listener would be denied (no document) and never recover.
  const published: string[] = []
  const recordingMirror: StateMirror = {
    publish: async (change) => {
      published.push(`${change.classId}/${change.instanceId}`)
    },
    flush: async () => undefined,
    close: async () => undefined,
  }
  const restartDir = mkdtempSync(join(tmpdir(), 'rio-backend-'))
  try {
    // The first run's mirror wrote everything it was given (nothing is left to reconcile at the next start).
    const landed: StateMirror = { publish: async () => true, flush: async () => undefined, close: async () => undefined }
    const first = await startTestServer({ projectId: `${PROJECT}-mirror`, storage: { dir: restartDir }, mirror: landed })
    const sdk = createSdk(`${PROJECT}-mirror`, first.host)
    const email = 'returning.customer@example.com'
    await signInWithOtp(sdk, first.origin, email)
    await first.close()

    const second = await startTestServer({ projectId: `${PROJECT}-mirror`, storage: { dir: restartDir }, port: first.server.port, mirror: recordingMirror })
    try {
      expect(published).toEqual([])
      await accountByEmail(sdk, email)
      expect(published).toEqual([`Account/${accountIdFor(email)}`])
      // Only once per run: later gets do not write again.
      await accountByEmail(sdk, email)
      expect(published).toHaveLength(1)
    } finally {
      await disposeSdk(sdk, `${PROJECT}-mirror`)
      await second.close()
    }
  } finally {
    rmSync(restartDir, { recursive: true, force: true })
  }
}, 30_000)
