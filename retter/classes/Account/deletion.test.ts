/**
 * The customer's data rights on the real classes, run by the local runtime in-process against the
 * localstripe the test run started: exportMyData answers everything we hold; deleting an account
 * needs a fresh e-mailed code, leaves the Stripe customer deleted, the boards, the AWS object, the
 * live documents and the sign-in records without the customer, keeps only the receipts tax law
 * requires (outside any session's view), and a new sign-in finds a new, empty account.
 */
import type { Board } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { createBackend, type Backend } from '../../../rio-local/app'
import { fakeDate } from '../../../rio-local/test/clock'
import { walkTo as walkClock } from '../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../rio-local/test/account-client'
import { call } from '../../../rio-local/test/in-process'
import { savePaymentMethod, TEST_CARDS, testStripe } from '../../../rio-local/test/payments'
import { recordingMirror } from '../../../rio-local/test/recording-mirror'
import type { AccountUserState } from './customer'
import { keepUntilOf } from './deletion'

const P = 'privacy-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first delivery Wednesday 25 Nov, final on the 24th
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const SELLER = { SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin | Germany', SELLER_VAT_NUMBER: 'DE123456789' }

type Sub = SubscriptionFields & AccountUserState

let time: ReturnType<typeof fakeDate>
let backend: Backend
let recorded: ReturnType<typeof recordingMirror>
let seq = 0

beforeEach(async () => {
  time = fakeDate(START)
  recorded = recordingMirror()
  rosa = undefined
  backend = await createBackend({
    projectId: P, storage: 'memory', dev: true, mirror: recorded.mirror, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
    projectEnv: { STAFF_EMAILS: 'rosa@example.com', ...SELLER },
  })
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

const account = accountClient<Sub>(() => backend)
const { method, ok } = account
const stateOf = account.userState
const mails = (who: Who) => account.outbox(who.email)
const signIn = (email = `sam.${process.pid}.${++seq}@example.com`) => account.signIn(email)
async function deletionCode(who: Who): Promise<string> {
  const mail = (await mails(who)).find((m) => /code to delete/.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('no deletion code e-mailed')
  return code
}
let rosa: Who | undefined
async function board(date: string): Promise<Board | undefined> {
  rosa ??= await signIn('rosa@example.com')
  const res = await call<{ role: { staff?: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${date}?_token=${rosa.token}`)
  return res.body.role?.staff
}
/** The latest state the runtime mirrored to the live documents, per class and instance. */
function lastMirrored(classId: string, instanceId: string) {
  return recorded.published.filter((c) => c.classId === classId && c.instanceId === instanceId).at(-1)?.state
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

describe('exportMyData', () => {
  test('answers everything we hold about the customer, to the owner only', async () => {
    const sam = await subscriber()
    await walkTo('2026-11-24T00:30:00Z') // the first delivery is final and charged
    const exported = await ok<Record<string, unknown>>(sam, 'exportMyData')
    expect(exported).toMatchObject({
      format: 'bean-and-bloom-personal-data/1',
      account: { email: sam.email, memberSince: expect.any(String) },
      deliveryAddress: HOME,
      subscription: { plan: 'barista', status: 'active', history: expect.arrayContaining([expect.objectContaining({ action: 'started' })]) },
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
      payments: [expect.objectContaining({ date: '2026-11-25T00:00:00.000Z', status: 'paid' })],
      receipts: [expect.objectContaining({ kind: 'receipt', number: expect.any(String) })],
      paymentProvider: { name: 'Stripe', customerId: expect.stringMatching(/^cus_/) },
    })
    expect(JSON.stringify(exported)).not.toMatch(/secret|otp|salt/i)
    // Every e-mail sent to them, by subject and time (the sign-in code went before the Account's log could know them).
    const sent = (await mails(sam)).map((m) => m.subject).filter((subject) => !/sign-in code/.test(subject))
    expect(sent.length).toBeGreaterThan(2)
    const logged = exported.emailsSent as Array<{ subject: string; sentAt: string }>
    expect(logged.map((m) => m.subject).sort()).toEqual(sent.sort())
    expect(logged.every((m) => !Number.isNaN(Date.parse(m.sentAt)))).toBe(true)

    const other = await signIn()
    const refused = await call(backend, 'POST', `/${P}/CALL/Account/exportMyData/${sam.accountId}?_token=${other.token}`)
    expect(refused.status).toBe(403)
  })
})

describe('deleting an account', () => {
  test('a wrong, malformed, missing or expired code deletes nothing, and says why', async () => {
    const sam = await subscriber()
    expect(await method(sam, 'deleteMyAccount', { code: '123456' })).toMatchObject({ status: 409, body: { code: 'NO_CODE' } })
    await ok(sam, 'requestAccountDeletion', {})
    expect(await method(sam, 'requestAccountDeletion', {})).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    const code = await deletionCode(sam)
    const wrong = code === '000000' ? '000001' : '000000'
    expect(await method(sam, 'deleteMyAccount', { code: wrong })).toMatchObject({ status: 400, body: { code: 'INVALID_CODE', attemptsLeft: 4 } })
    time.advance(5 * 60 * 1000 + 1)
    expect(await method(sam, 'deleteMyAccount', { code })).toMatchObject({ status: 400, body: { code: 'CODE_EXPIRED' } })
    expect(await stateOf(sam)).toMatchObject({ status: 'active', delivery: HOME, paymentMethod: { last4: '4242' } })
  })

  test('five wrong codes void it: even the right one then deletes nothing', async () => {
    const sam = await subscriber()
    await ok(sam, 'requestAccountDeletion', {})
    const code = await deletionCode(sam)
    const wrong = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < 4; i++) expect((await method(sam, 'deleteMyAccount', { code: wrong })).status).toBe(400)
    expect(await method(sam, 'deleteMyAccount', { code: wrong })).toMatchObject({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS' } })
    expect(await method(sam, 'deleteMyAccount', { code })).toMatchObject({ status: 409, body: { code: 'NO_CODE' } })
    expect(await stateOf(sam)).toMatchObject({ status: 'active' })
  })

  test('removes the customer everywhere but the receipts; a final delivery still ships; a new sign-in finds an empty account', async () => {
    const sam = await subscriber()
    // The AWS object the app makes for the customer.
    const aws = await call<{ instanceId: string }>(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${sam.token}`, { email: sam.email })
    expect(aws.status).toBe(200)
    await walkTo('2026-11-24T09:00:00Z') // 25 Nov is final, charged and on its board; 2 Dec is still changeable
    const before = await stateOf(sam)
    const receiptNumber = before?.payments?.[0]?.receipt?.number
    expect(receiptNumber).toBeDefined()
    expect((await board('2026-12-02'))?.deliveries.map((d) => d.deliveryId)).toContain(`${sam.accountId}:2026-12-02`)
    const customerId = (await ok<{ paymentProvider: { customerId: string } }>(sam, 'exportMyData')).paymentProvider.customerId

    await ok(sam, 'requestAccountDeletion', {})
    const done = await ok<Record<string, unknown>>(sam, 'deleteMyAccount', { code: await deletionCode(sam) })
    expect(done).toEqual({ deleted: true, documentsKept: 1, keptUntil: keepUntilOf(before?.payments?.[0]?.receipt?.issuedAt ?? ''), stillShipping: ['2026-11-25T00:00:00.000Z'] })
    expect(keepUntilOf('2026-11-24T00:00:00.000Z')).toBe('2036-12-31')

    // Stripe: the customer is gone (localstripe forgets it; Stripe answers it as deleted).
    const atStripe = await testStripe().customers.retrieve(customerId).then((c) => ('deleted' in c && c.deleted ? 'deleted' : 'present'), (err: { statusCode?: number }) => (err.statusCode === 404 ? 'deleted' : 'error'))
    expect(atStripe).toBe('deleted')
    // The boards: the changeable delivery is off; the final one still ships.
    expect((await board('2026-12-02'))?.deliveries.map((d) => d.deliveryId) ?? []).not.toContain(`${sam.accountId}:2026-12-02`)
    expect((await board('2026-11-25'))?.deliveries.map((d) => d.deliveryId)).toContain(`${sam.accountId}:2026-11-25`)
    // The customer's own view and the live documents: a new account, nothing of Sam.
    expect(await stateOf(sam)).toEqual({ email: sam.email, plan: null, status: 'none', history: [], sessionsEndedAt: new Date(time.now()).toISOString() })
    const mirrored = lastMirrored('Account', sam.accountId)
    expect(JSON.stringify({ public: mirrored?.public, user: mirrored?.user, role: mirrored?.role })).not.toMatch(/Sam Rivera|Torstraße|4242|memberSince|lastSignInAt/)
    // Private state: no sign-in records, no Stripe ids; only the receipt, kept for tax law.
    const priv = mirrored?.private as Record<string, unknown>
    expect(Object.keys(priv).sort()).toEqual(expect.arrayContaining(['retainedDocuments', 'userId']))
    expect(priv).not.toHaveProperty('otp')
    expect(priv).not.toHaveProperty('codesSentAt')
    expect(priv).not.toHaveProperty('stripeCustomerId')
    expect(priv.retainedDocuments).toEqual([{ document: expect.objectContaining({ number: receiptNumber }), keepUntil: '2036-12-31' }])
    // The AWS object: erased.
    const awsState = lastMirrored('AWS', aws.body.instanceId)
    expect(JSON.stringify(awsState?.user)).not.toContain('2026-11-23')
    // The last e-mail says what is kept and what still ships, and links the privacy notice.
    const last = (await mails(sam)).find((m) => m.subject === 'Your Bean & Bloom account is deleted')
    expect(last?.text).toContain('Wednesday 25 November 2026 was already being roasted and packed')
    expect(last?.text).toContain('until Wednesday 31 December 2036')
    expect(last?.text).toMatch(/Privacy notice/)

    // Signing in again with the address: a new, empty account.
    const again = await signIn(sam.email)
    expect(again.accountId).toBe(sam.accountId)
    const fresh = await stateOf(again)
    expect(fresh).toMatchObject({ email: sam.email, plan: null, status: 'none', history: [] })
    expect(fresh?.delivery).toBeUndefined()
    const exported = await ok<Record<string, unknown>>(again, 'exportMyData')
    expect(exported).toMatchObject({ receipts: [], payments: [], deliveries: [] })
    expect(exported.paymentProvider).toBeUndefined()
  })
})
