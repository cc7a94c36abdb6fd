/**
 * Changing the e-mail address on the real classes, run by the local runtime in-process against the
 * localstripe the test run started: the code goes to the new address only; confirming moves the
 * customer (subscription, deliveries on the boards, payments, payment method, Stripe's record) to
 * the new address's Account and leaves the old address a new, empty account; both addresses are
 * told; an address someone uses, a wrong or expired code, or a delivery being packed change nothing.
 */
import type { Board } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { createBackend, type Backend } from '../../../rio-local/app'
import { fakeDate } from '../../../rio-local/test/clock'
import { walkTo as walkClock } from '../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../rio-local/test/account-client'
import { call } from '../../../rio-local/test/in-process'
import { savePaymentMethod, TEST_CARDS, testStripe } from '../../../rio-local/test/payments'
import type { AccountUserState } from './customer'

const P = 'email-change-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first delivery Wednesday 25 Nov, final on the 24th
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Sub = SubscriptionFields & AccountUserState

let time: ReturnType<typeof fakeDate>
let backend: Backend
let seq = 0
let rosa: Who | undefined

beforeEach(async () => {
  time = fakeDate(START)
  rosa = undefined
  backend = await createBackend({
    projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
    projectEnv: { STAFF_EMAILS: 'rosa@example.com', SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin', SELLER_VAT_NUMBER: 'DE123456789' },
  })
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

function fresh(name: string): string {
  return `${name}.${process.pid}.${++seq}@example.com`
}
const account = accountClient<Sub>(() => backend)
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
async function board(date: string): Promise<string[]> {
  rosa ??= await signIn('rosa@example.com')
  const res = await call<{ role: { staff?: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${date}?_token=${rosa.token}`)
  return res.body.role?.staff?.deliveries.map((d) => d.deliveryId) ?? []
}
function walkTo(iso: string): Promise<void> {
  return walkClock(backend, time, iso)
}
async function subscriber(): Promise<Who> {
  const who = await signIn()
  await ok(who, 'setDeliveryAddress', HOME)
  await savePaymentMethod((name, body) => method(who, name, body), { card: TEST_CARDS.visa })
  await ok(who, 'selectPlan', { planId: 'barista' })
  return who
}

test('moves the customer to the new address; the old one becomes a new, empty account; both are told', async () => {
  const sam = await subscriber()
  const customerId = (await ok<{ paymentProvider: { customerId: string } }>(sam, 'exportMyData')).paymentProvider.customerId
  expect(await board('2026-11-25')).toContain(`${sam.accountId}:2026-11-25`)
  const newEmail = fresh('sam.new')

  expect(await ok<Record<string, unknown>>(sam, 'requestEmailChange', { newEmail: '  ' + newEmail.toUpperCase() + ' ' })).toEqual({ sentTo: newEmail, expiresInSeconds: 300 })
  // The code goes to the new address only.
  expect((await mails(sam.email)).filter((m) => /code to use this address/.test(m.subject))).toEqual([])
  const done = await ok<{ email: string; customToken?: string }>(sam, 'confirmEmailChange', { code: await changeCode(newEmail) })
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

  // The old address's sessions see a new, empty account, and so does a new sign-in with it.
  expect(await stateOf(sam)).toEqual({ email: sam.email, plan: null, status: 'none', history: [], sessionsEndedAt: expect.any(String) })
  const again = await signIn(sam.email)
  expect(await stateOf(again)).toEqual(expect.objectContaining({ email: sam.email, plan: null, status: 'none' }))
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
})

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
  expect(await method(sam, 'confirmEmailChange', { code: '123456' })).toMatchObject({ status: 409, body: { code: 'NO_CODE' } })

  const newEmail = fresh('sam.new')
  await ok(sam, 'requestEmailChange', { newEmail })
  expect(await method(sam, 'requestEmailChange', { newEmail })).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
  const code = await changeCode(newEmail)
  const wrong = code === '000000' ? '000001' : '000000'
  expect(await method(sam, 'confirmEmailChange', { code: wrong })).toMatchObject({ status: 400, body: { code: 'INVALID_CODE', attemptsLeft: 4 } })
  time.advance(5 * 60 * 1000 + 1)
  expect(await method(sam, 'confirmEmailChange', { code })).toMatchObject({ status: 400, body: { code: 'CODE_EXPIRED' } })
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
  const code = await changeCode(newEmail)
  // Someone signs in with that address meanwhile.
  await signIn(newEmail)
  expect(await method(sam, 'confirmEmailChange', { code })).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE' } })
  expect(await stateOf(sam)).toMatchObject({ email: sam.email, status: 'active', paymentMethod: { last4: '4242' } })
})

test('only another Account may call adoptCustomer', async () => {
  const sam = await signIn()
  expect(await method(sam, 'adoptCustomer', { check: true })).toMatchObject({ status: 403 })
})
