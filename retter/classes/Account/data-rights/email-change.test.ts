/**
 * Changing the e-mail address on the real classes, run by the local runtime in-process against the
 * localstripe the test run started: one code goes to the new address and another to the current
 * one, and both are needed (a session alone cannot move the account); confirming moves the
 * customer (subscription, deliveries on the boards, payments, payment method, Stripe's record) to
 * the new address's Account and leaves the old address a new, empty account; both addresses are
 * told; an address someone uses, a wrong or expired code, or a delivery being packed change nothing.
 */
import type { Board } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import { testStripe } from '../../../../rio-local/test/payments'
import RDK from '@retter/rdk'
import type { AccountUserState } from '../customer'
import { accountTestBackend, baristaSubscriber } from '../__tests__/backend'

const P = 'email-change-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first delivery Wednesday 25 Nov, final on the 24th
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Sub = SubscriptionFields & AccountUserState

let seq = 0
let rosa: Who | undefined

beforeEach(() => {
  rosa = undefined
})
const env = accountTestBackend<Sub>(START, () => ({
  projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
  projectEnv: { STAFF_EMAILS: 'rosa@example.com', SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin', SELLER_VAT_NUMBER: 'DE123456789' },
}))

function fresh(name: string): string {
  return `${name}.${process.pid}.${++seq}@example.com`
}
const { account } = env
const { method, ok } = account
const stateOf = account.userState
const mails = account.outbox
const signIn = (email = fresh('sam')) => account.signIn(email)
async function changeCode(email: string): Promise<string> {
  const mail = (await mails(email)).find((m) => /code to use this address/.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('no e-mail change code sent to ' + email)
  return code
}
/** The code e-mailed to the current address, which confirms moving the account away from it. */
async function currentCode(email: string): Promise<string> {
  const mail = (await mails(email)).find((m) => /code to move your Bean & Bloom account/.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('no current-address code sent to ' + email)
  return code
}
/** Both codes of the change `who` asked for, as confirmEmailChange takes them. */
async function bothCodes(who: Who, newEmail: string): Promise<{ code: string; currentCode: string }> {
  return { code: await changeCode(newEmail), currentCode: await currentCode(who.email) }
}
/** STATE of `who`'s Account with their token, as answered (status and body). */
function stateCall(who: Who) {
  return call<Record<string, unknown>>(env.backend, 'POST', `/${P}/STATE/Account/${who.accountId}?_token=${who.token}`)
}
async function board(date: string): Promise<string[]> {
  rosa ??= await signIn('rosa@example.com')
  const res = await call<{ role: { staff?: Board } }>(env.backend, 'POST', `/${P}/STATE/Roastery/${date}?_token=${rosa.token}`)
  return res.body.role?.staff?.deliveries.map((d) => d.deliveryId) ?? []
}
const walkTo = env.walkTo
const subscriber = async (): Promise<Who> => baristaSubscriber(account, await signIn(), HOME)

test('moves the customer to the new address; the old one becomes a new, empty account; both are told', async () => {
  const sam = await subscriber()
  const customerId = (await ok<{ paymentProvider: { customerId: string } }>(sam, 'exportMyData')).paymentProvider.customerId
  expect(await board('2026-11-25')).toContain(`${sam.accountId}:2026-11-25`)
  const newEmail = fresh('sam.new')

  expect(await ok<Record<string, unknown>>(sam, 'requestEmailChange', { newEmail: '  ' + newEmail.toUpperCase() + ' ' })).toEqual({ sentTo: newEmail, currentCodeSentTo: sam.email, expiresInSeconds: 300 })
  // Each address gets its own code: the new address's code is not sent to the current one.
  expect((await mails(sam.email)).filter((m) => /code to use this address/.test(m.subject))).toEqual([])
  expect((await mails(newEmail)).filter((m) => /code to move your/.test(m.subject))).toEqual([])
  const codes = await bothCodes(sam, newEmail)
  expect(codes.currentCode).not.toBe(codes.code)
  expect((await mails(sam.email)).find((m) => /code to move your/.test(m.subject))?.text).toContain('together with the code we sent to ' + newEmail)
  // A moment passes between signing in and the move (the test clock stands still otherwise).
  env.time.advance(1000)
  const done = await ok<{ email: string; customToken?: string }>(sam, 'confirmEmailChange', codes)
  expect(done).toEqual({ email: newEmail, customToken: expect.any(String) })

  // The new address signs in to the customer's account: everything came along.
  const moved = await signIn(newEmail)
  expect(moved.accountId).not.toBe(sam.accountId)
  expect(await stateOf(moved)).toMatchObject({ email: newEmail, plan: 'barista', status: 'active', delivery: HOME, paymentMethod: { last4: '4242' } })
  // Its deliveries are on the boards under the new account; none under the old one.
  expect(await board('2026-11-25')).toEqual(expect.arrayContaining([`${moved.accountId}:2026-11-25`]))
  expect(await board('2026-11-25')).not.toContain(`${sam.accountId}:2026-11-25`)
  expect(await board('2026-12-02')).not.toContain(`${sam.accountId}:2026-12-02`)
  // Stripe knows the new address.
  const atStripe = await testStripe().customers.retrieve(customerId)
  expect('email' in atStripe ? atStripe.email : undefined).toBe(newEmail)

  // The old address's sessions from before the move are refused; a new sign-in with it sees a new, empty account.
  expect(await stateCall(sam)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
  const again = await signIn(sam.email)
  expect(await stateOf(again)).toEqual(expect.objectContaining({ email: sam.email, plan: null, status: 'none', history: [], sessionsEndedAt: expect.any(String) }))
  const exported = await ok<Record<string, unknown>>(again, 'exportMyData')
  expect(exported).toMatchObject({ payments: [], receipts: [] })
  expect(exported.deliveryAddress).toBeUndefined()

  // Both addresses are told.
  const toOld = (await mails(sam.email)).find((m) => m.subject === 'Your Bean & Bloom account has a new e-mail address')
  const toNew = (await mails(newEmail)).find((m) => m.subject === 'Your Bean & Bloom account has a new e-mail address')
  expect(toOld?.text).toContain('now uses ' + newEmail)
  expect(toNew?.text).toContain('(it was ' + sam.email + ')')

  // The log of e-mails sent to them moved too, and goes on at the new address.
  const movedLog = (await ok<{ emailsSent: Array<{ subject: string }> }>(moved, 'exportMyData')).emailsSent.map((m) => m.subject)
  expect(movedLog).toEqual(expect.arrayContaining(['Your Bean & Bloom account has a new e-mail address', 'Your code to use this address for Bean & Bloom']))
  expect(movedLog.length).toBeGreaterThan(3)

  // The moved customer's next delivery is charged on the new account when it becomes final.
  await walkTo('2026-11-24T09:00:00Z')
  expect((await stateOf(moved))?.payments).toEqual([expect.objectContaining({ date: '2026-11-25T00:00:00.000Z', status: 'paid' })])

}, 30_000)

test('bad input, a taken address, a wrong or expired code and a delivery being packed change nothing, and say why', async () => {
  const sam = await subscriber()
  const taken = await signIn(fresh('taken'))
  expect(await method(sam, 'requestEmailChange', { newEmail: 'not an address' })).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL' } })
  expect(await method(sam, 'requestEmailChange', {})).toMatchObject({ status: 400, body: { code: 'INVALID_EMAIL', message: expect.stringContaining('has not changed') } })
  expect(await method(sam, 'requestEmailChange', { newEmail: sam.email.toUpperCase() })).toMatchObject({ status: 400, body: { code: 'SAME_EMAIL' } })
  const refusedTaken = await method(sam, 'requestEmailChange', { newEmail: taken.email })
  expect(refusedTaken).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE' } })
  // It does not say whose the address is.
  expect(JSON.stringify(refusedTaken.body)).not.toContain(taken.accountId)
  expect(await mails(taken.email)).not.toEqual(expect.arrayContaining([expect.objectContaining({ subject: expect.stringMatching(/code to use this address/) })]))
  expect(await method(sam, 'confirmEmailChange', { code: '123456', currentCode: '123456' })).toMatchObject({ status: 409, body: { code: 'NO_CODE' } })

  const newEmail = fresh('sam.new')
  // The refusal above counts against the 30 s wait too.
  env.time.advance(30 * 1000)
  await ok(sam, 'requestEmailChange', { newEmail })
  expect(await method(sam, 'requestEmailChange', { newEmail })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
  const { code, currentCode: fromCurrent } = await bothCodes(sam, newEmail)
  const wrong = code === '000000' ? '000001' : '000000'
  expect(await method(sam, 'confirmEmailChange', { code: wrong, currentCode: fromCurrent })).toMatchObject({ status: 400, body: { code: 'INVALID_CODE', attemptsLeft: 4, field: 'code' } })
  env.time.advance(5 * 60 * 1000 + 1)
  expect(await method(sam, 'confirmEmailChange', { code, currentCode: fromCurrent })).toMatchObject({ status: 400, body: { code: 'CODE_EXPIRED' } })
  expect(await stateOf(sam)).toMatchObject({ email: sam.email, status: 'active', delivery: HOME })

  // Tuesday: the delivery of Wednesday is being roasted and packed for this account.
  await walkTo('2026-11-24T09:00:00Z')
  expect(await method(sam, 'requestEmailChange', { newEmail })).toMatchObject({ status: 409, body: { code: 'DELIVERY_IN_PROGRESS', message: expect.stringContaining('25 November') } })
  expect(await stateOf(sam)).toMatchObject({ email: sam.email, status: 'active' })
})

test('an address taken between the code and its confirmation is refused, and the code stays usable elsewhere', async () => {
  const sam = await subscriber()
  const newEmail = fresh('sam.new')
  await ok(sam, 'requestEmailChange', { newEmail })
  const codes = await bothCodes(sam, newEmail)
  // Someone signs in with that address meanwhile.
  await signIn(newEmail)
  expect(await method(sam, 'confirmEmailChange', codes)).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE' } })
  expect(await stateOf(sam)).toMatchObject({ email: sam.email, status: 'active', paymentMethod: { last4: '4242' } })
})

test('only another Account may call adoptCustomer', async () => {
  const sam = await signIn()
  expect(await method(sam, 'adoptCustomer', { check: true })).toMatchObject({ status: 403 })
})

test('a session alone cannot move the account: the code sent to the current address is needed too, and an old client is told which field is missing', async () => {
  const sam = await subscriber()
  const newEmail = fresh('sam.new')
  await ok(sam, 'requestEmailChange', { newEmail })
  const { code, currentCode: fromCurrent } = await bothCodes(sam, newEmail)
  // A client that sends only the new address's code (as before both were asked).
  expect(await method(sam, 'confirmEmailChange', { code })).toMatchObject({ status: 400, body: { code: 'CURRENT_CODE_REQUIRED', field: 'currentCode', message: expect.stringContaining('has not changed') } })
  // Whoever holds only the session and the new mailbox must guess the current mailbox's code.
  const guess = fromCurrent === '000000' ? '000001' : '000000'
  expect(await method(sam, 'confirmEmailChange', { code, currentCode: guess })).toMatchObject({
    status: 400, body: { code: 'INVALID_CODE', field: 'currentCode', attemptsLeft: 4, message: expect.stringContaining('current address, ' + sam.email) },
  })
  expect(await stateOf(sam)).toMatchObject({ email: sam.email, status: 'active', delivery: HOME })
  // Both codes together move it.
  expect(await ok(sam, 'confirmEmailChange', { code, currentCode: fromCurrent })).toMatchObject({ email: newEmail })
})

test('an address in use cannot be probed faster than codes are sent: refusals count against the wait and the hourly caps per account, network and address', async () => {
  const sam = await subscriber()
  const taken = await signIn(fresh('taken'))
  expect(await method(sam, 'requestEmailChange', { newEmail: taken.email })).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE' } })
  // Asked again at once: the wait applies whatever the last answer was.
  expect(await method(sam, 'requestEmailChange', { newEmail: taken.email })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', retryAfterSeconds: 30 } })
  for (let i = 2; i <= 5; i++) {
    env.time.advance(30 * 1000)
    expect(await method(sam, 'requestEmailChange', { newEmail: i === 5 ? fresh('third.party') : taken.email })).toMatchObject({ status: i === 5 ? 200 : 409 })
  }
  // Five in any hour for one account, refusals included.
  env.time.advance(30 * 1000)
  const capped = await method(sam, 'requestEmailChange', { newEmail: taken.email })
  expect(capped).toMatchObject({ status: 429, body: { code: 'EMAIL_CHANGE_LIMIT', retryAfterSeconds: expect.any(Number) } })
  expect(capped.body.message).toContain('has not changed')

  // The next clock hour (the caps per network and per address count clock hours).
  env.time.advance(60 * 60 * 1000)
  // Codes to one third-party address: at most 5 an hour, whoever asks.
  const victim = fresh('victim')
  const askers = [await signIn(), await signIn(), await signIn()]
  const answers: Array<string | number> = []
  for (let i = 0; i < 6; i++) {
    const who = askers[i % 3] as Who
    env.time.advance(31 * 1000)
    const res = await method(who, 'requestEmailChange', { newEmail: victim })
    answers.push(res.body.code ?? res.status)
  }
  expect(answers).toEqual([200, 200, 200, 200, 200, 'EMAIL_CHANGE_TARGET_LIMIT'])
  expect((await mails(victim)).filter((m) => /code to use this address/.test(m.subject))).toHaveLength(5)

  // One network: at most 10 an hour (6 above), across accounts and addresses.
  const more: Array<{ status: number; code?: string }> = []
  for (let i = 0; i < 5; i++) {
    env.time.advance(31 * 1000)
    const res = await method(askers[i % 3] as Who, 'requestEmailChange', { newEmail: fresh('elsewhere') })
    more.push({ status: res.status, code: res.body.code })
  }
  expect(more.slice(0, 4).map((r) => r.status)).toEqual([200, 200, 200, 200])
  expect(more[4]).toEqual({ status: 429, code: 'EMAIL_CHANGE_IP_LIMIT' })
}, 60_000)

test('another Account that is busy (570) is asked again, as a client would, before the answer is 503', async () => {
  const sam = await subscriber()
  const real = RDK.prototype.methodCall
  const methodCall = jest.spyOn(RDK.prototype, 'methodCall')
  let busyAnswers = 2
  methodCall.mockImplementation(function (this: RDK, input) {
    if (input.methodName === 'adoptCustomer' && busyAnswers > 0) {
      busyAnswers--
      return Promise.resolve({ statusCode: 570, body: { code: 'INSTANCE_BUSY' } })
    }
    return real.call(this, input)
  })
  try {
    // Busy twice, then free: the request goes through.
    const newEmail = fresh('sam.new')
    expect(await method(sam, 'requestEmailChange', { newEmail })).toMatchObject({ status: 200 })
    // Busy through all 3 retries: 503, nothing sent.
    busyAnswers = 4
    env.time.advance(30 * 1000)
    const other = fresh('sam.other')
    expect(await method(sam, 'requestEmailChange', { newEmail: other })).toMatchObject({ status: 503, body: { code: 'ACCOUNTS_UNAVAILABLE' } })
    expect(busyAnswers).toBe(0)
    expect(await mails(other)).toEqual([])
  } finally {
    methodCall.mockRestore()
  }
})

test('a delivery that shipped before the move is refunded from its board entry, to where the customer went', async () => {
  const sam = await subscriber()
  await walkTo('2026-11-25T09:00:00Z') // 25 Nov is paid and being sent
  rosa ??= await signIn('rosa@example.com')
  const staffCall = (name: string, body: unknown) => call(env.backend, 'POST', `/${P}/CALL/Roastery/${name}/2026-11-25?_token=${rosa?.token}`, body)
  const deliveryId = `${sam.accountId}:2026-11-25`
  expect(await staffCall('markShipped', { deliveryId })).toMatchObject({ status: 200 })

  const newEmail = fresh('sam.moved')
  await ok(sam, 'requestEmailChange', { newEmail })
  await ok(sam, 'confirmEmailChange', await bothCodes(sam, newEmail))
  // The board keeps the shipped entry under the old id; its refund reaches the moved customer.
  expect(await board('2026-11-25')).toContain(deliveryId)
  const refunded = await staffCall('refundDelivery', { deliveryId, amountCents: 300, reason: 'Bag arrived torn' })
  expect(refunded).toMatchObject({ status: 200, body: { deliveryId, amountCents: 300, refundedCents: 300, creditNote: { kind: 'credit-note' } } })
  const moved = await signIn(newEmail)
  const payment = (await stateOf(moved))?.payments?.find((p) => p.date === '2026-11-25T00:00:00.000Z')
  expect(payment?.refunds).toEqual([expect.objectContaining({ amountCents: 300 })])
  expect((await mails(newEmail)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Refund of €3\.00 .*\(credit note /))
  // Nothing above what was paid, wherever the refund is asked.
  expect(await staffCall('refundDelivery', { deliveryId, amountCents: 100_000, reason: 'Too much' })).toMatchObject({ status: 409 })
  // Only the roastery starts a refund: a forwarded call must come from an Account.
  expect(await call(env.backend, 'POST', `/${P}/CALL/Account/refundPayment/${moved.accountId}?_token=${moved.token}`, { deliveryId, amountCents: 100, reason: 'x', hops: 1 })).toMatchObject({ status: 403 })
}, 60_000)
