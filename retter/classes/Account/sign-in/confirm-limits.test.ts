/**
 * The caps on codes that confirm the owner's own request (deleting the account, changing its
 * e-mail), on the real classes run in-process by the local runtime: wrong codes are capped per
 * Account per hour and per day, whichever request they were for, and past a cap even the right
 * code is refused (429 CONFIRM_LIMIT with retryAfterSeconds), so asking for a new code every 30 s
 * buys no more guesses; deletion codes are capped per hour as sign-in codes are.
 */
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import type { AccountUserState } from '../customer'
import { accountTestBackend } from '../__tests__/backend'

const P = 'confirm-limit-tests'
const START = Date.parse('2026-11-23T09:00:00Z')
const HOUR = 60 * 60 * 1000

let seq = 0

const env = accountTestBackend<AccountUserState>(START, () => ({ projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400 }))
const { account } = env
const { method, ok } = account
const signIn = () => account.signIn(`sam.${process.pid}.${++seq}@example.com`)

/** Asks for a deletion code (30 s after the previous one) and answers it. */
async function newDeletionCode(who: Who): Promise<string> {
  env.time.advance(30 * 1000)
  await ok(who, 'requestAccountDeletion')
  const mail = (await account.outbox(who.email)).find((m) => /code to delete/.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('no deletion code e-mailed')
  return code
}
const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000')

/** Spends a code's 5 tries on wrong guesses. */
async function guessWrong(who: Who, code: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await method(who, 'deleteMyAccount', { code: wrongFor(code) })
    expect(res.status === 400 || res.status === 429).toBe(true)
  }
}

test('10 wrong codes in an hour pause confirming for the Account, even with the right code, for deletion and e-mail change alike', async () => {
  const sam = await signIn()
  await guessWrong(sam, await newDeletionCode(sam))
  await guessWrong(sam, await newDeletionCode(sam))
  const right = await newDeletionCode(sam)
  const paused = await method(sam, 'deleteMyAccount', { code: right })
  expect(paused).toMatchObject({ status: 429, body: { code: 'CONFIRM_LIMIT', retryAfterSeconds: expect.any(Number), message: expect.stringContaining('Nothing has changed') } })
  expect(paused.body.retryAfterSeconds as number).toBeGreaterThan(0)
  expect(paused.body.retryAfterSeconds as number).toBeLessThanOrEqual(3600)
  // The cap is the Account's: changing the e-mail is paused too.
  const newEmail = `sam.new.${process.pid}.${++seq}@example.com`
  env.time.advance(30 * 1000)
  await ok(sam, 'requestEmailChange', { newEmail })
  expect(await method(sam, 'confirmEmailChange', { code: '123456', currentCode: '123456' })).toMatchObject({ status: 429, body: { code: 'CONFIRM_LIMIT' } })
  // Nothing was deleted.
  expect(await account.userState(sam)).toMatchObject({ email: sam.email })

  // Once the hour has passed, the right code works.
  env.time.advance(HOUR)
  expect(await ok(sam, 'deleteMyAccount', { code: await newDeletionCode(sam) })).toMatchObject({ deleted: true })
}, 60_000)

test('20 wrong codes in a day pause confirming until the oldest is a day old', async () => {
  const sam = await signIn()
  for (let hour = 0; hour < 2; hour++) {
    await guessWrong(sam, await newDeletionCode(sam))
    await guessWrong(sam, await newDeletionCode(sam))
    env.time.advance(HOUR)
  }
  const paused = await method(sam, 'deleteMyAccount', { code: await newDeletionCode(sam) })
  expect(paused).toMatchObject({ status: 429, body: { code: 'CONFIRM_LIMIT' } })
  // The first wrong code was about 2 hours ago: the pause lasts until it is a day old.
  expect(paused.body.retryAfterSeconds as number).toBeGreaterThan(20 * 3600)
  env.time.advance(22 * HOUR)
  expect(await ok(sam, 'deleteMyAccount', { code: await newDeletionCode(sam) })).toMatchObject({ deleted: true })
}, 60_000)

test('at most 5 deletion codes are e-mailed in an hour', async () => {
  const sam = await signIn()
  for (let i = 0; i < 5; i++) await newDeletionCode(sam)
  env.time.advance(30 * 1000)
  expect(await method(sam, 'requestAccountDeletion')).toMatchObject({ status: 429, body: { code: 'EMAIL_SEND_LIMIT', retryAfterSeconds: expect.any(Number) } })
  env.time.advance(HOUR)
  await newDeletionCode(sam)
}, 60_000)
