/**
 * The Account's session epoch on the real classes, run in-process by the local runtime: a session
 * that began before the account was deleted or moved (the same userId, the same e-mail in its
 * token) is refused by every owner method and by STATE, and the runtime stops refreshing it, so it
 * never reads whoever holds the address next; sessions that began after work as before.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import type { AccountUserState } from '../customer'
import { accountTestBackend } from '../__tests__/backend'
import { OPEN_TO_ANYONE, STAFF_ONLY, TASKS_ONLY } from '../index'

const P = 'session-epoch-tests'
const START = Date.parse('2026-11-23T09:00:00Z')
const HOME = { name: 'Nina Next', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

let seq = 0

const env = accountTestBackend<AccountUserState>(START, () => ({ projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400 }))
const { account } = env
const { method, ok } = account
const fresh = (name: string) => `${name}.${process.pid}.${++seq}@example.com`

/** A session kept as an attacker keeps it: its access token and its refresh token. */
interface KeptSession extends Who {
  refreshToken: string
  userId: string
  firebaseClaims: Record<string, unknown>
}

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>

/** Signs `email` in and keeps the whole token data (the test helpers keep only the access token). */
async function keptSession(email: string): Promise<KeptSession> {
  const anon = (await call<{ response: { accessToken: string } }>(env.backend, 'GET', `/root/INSTANCE/ProjectUser?projectId=${P}`)).body.response.accessToken
  const accountId = (await call<{ instanceId: string }>(env.backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })).body.instanceId
  await call(env.backend, 'POST', `/${P}/CALL/Account/sendOtp/${accountId}?_token=${anon}`)
  const code = (await account.outbox(email)).find((m) => m.code !== undefined)?.code
  const verified = await call<{ data: { customToken: string } }>(env.backend, 'POST', `/${P}/CALL/Account/verifyOtp/${accountId}?_token=${anon}`, { code })
  if (!verified.body.data) throw new Error('verifyOtp answered ' + verified.status + ' ' + JSON.stringify(verified.body))
  return exchange(verified.body.data.customToken, email, accountId)
}

async function exchange(customToken: string, email: string, accountId: string): Promise<KeptSession> {
  const userId = payloadOf(customToken).userId as string
  const res = await call<{ accessToken: string; refreshToken: string; firebase: { customToken: string } }>(env.backend, 'GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)
  expect(res.status).toBe(200)
  return { token: res.body.accessToken, refreshToken: res.body.refreshToken, accountId, email, userId, firebaseClaims: payloadOf(res.body.firebase.customToken).claims as Record<string, unknown> }
}

function refresh(session: KeptSession) {
  return call<{ accessToken?: string; code?: string }>(env.backend, 'GET', `/root/CALL/ProjectUser/refreshToken/${P}_${session.userId}?refreshToken=${session.refreshToken}`)
}
function state(who: Who) {
  return call<Record<string, unknown>>(env.backend, 'POST', `/${P}/STATE/Account/${who.accountId}?_token=${who.token}`)
}

/** Deletes `email`'s account from a session of its own (the owner leaving). */
async function deleteAccount(email: string): Promise<void> {
  const owner = await account.signIn(email)
  await ok(owner, 'requestAccountDeletion')
  const code = (await account.outbox(email)).find((m) => /code to delete/.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  await ok(owner, 'deleteMyAccount', { code })
}

test('a session from before a deletion reads nothing of the next holder: owner methods and STATE answer 401, and it is not refreshed', async () => {
  const email = fresh('recycled')
  const kept = await keptSession(email)
  // The token says when its session signed in; the Firebase token carries it for the rules.
  expect(kept.firebaseClaims.signedInAt).toBe(new Date(START).toISOString())
  env.time.advance(60 * 1000)
  await deleteAccount(email)
  env.time.advance(60 * 1000)
  // The address's next holder signs up and gives their name.
  const next = await account.signIn(email)
  await ok(next, 'setDeliveryAddress', HOME)

  const read = await state(kept)
  expect(read).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  expect(JSON.stringify(read.body)).not.toContain('Nina')
  const exported = await method(kept, 'exportMyData')
  expect(exported).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  expect(JSON.stringify(exported.body)).not.toContain('Nina')
  expect(await method(kept, 'setPreferences', { grind: 'wholeBean', roast: 'dark' })).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  expect(await method(kept, 'requestAccountDeletion')).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  // Locally the session is not refreshed either (on Retter the refreshed token keeps its old sign-in time).
  expect(await refresh(kept)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })

  // The next holder's own session works.
  expect((await state(next)).status).toBe(200)
  expect(await account.userState(next)).toMatchObject({ delivery: HOME })
  env.time.advance(30 * 1000)
  const nextKept = await keptSession(email)
  expect((await refresh(nextKept)).status).toBe(200)
})

test('a session of an address from before its deletion does not read a customer who moves to that address', async () => {
  const target = fresh('target')
  const kept = await keptSession(target)
  env.time.advance(60 * 1000)
  await deleteAccount(target)
  env.time.advance(60 * 1000)
  const sam = await account.signIn(fresh('sam'))
  await ok(sam, 'setDeliveryAddress', HOME)
  await ok(sam, 'requestEmailChange', { newEmail: target })
  const code = (await account.outbox(target)).find((m) => /code to use this address/.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  const currentCode = (await account.outbox(sam.email)).find((m) => /code to move your/.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  env.time.advance(1000)
  const moved = await ok<{ customToken: string }>(sam, 'confirmEmailChange', { code, currentCode })

  expect(await state(kept)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  expect(await method(kept, 'exportMyData')).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  // The old address's session of the mover is refused too; the sign-in the move answered works.
  expect(await state(sam)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  const after = await exchange(moved.customToken, target, kept.accountId)
  expect(await account.userState(after)).toMatchObject({ email: target, delivery: HOME })
})

test('every method a customer may call on their Account runs behind the session check (template.yml routes it through owner.ts)', () => {
  const template = parseYaml(readFileSync(join(__dirname, '..', 'template.yml'), 'utf8')) as { methods: Array<{ method: string; handler: string }> }
  const ownerMethods = template.methods.filter((m) => OPEN_TO_ANYONE.indexOf(m.method) < 0 && TASKS_ONLY.indexOf(m.method) < 0 && STAFF_ONLY.indexOf(m.method) < 0)
  expect(ownerMethods.length).toBeGreaterThan(10)
  expect(ownerMethods.filter((m) => !m.handler.startsWith('owner.')).map((m) => m.method)).toEqual([])
})
