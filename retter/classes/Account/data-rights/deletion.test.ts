/**
 * The customer's data rights on the real classes, run by the local runtime in-process against the
 * localstripe the test run started: exportMyData answers everything we hold; deleting an account
 * needs a fresh e-mailed code, leaves the Stripe customer deleted, the boards, the AWS object, the
 * live documents, the mail desk and the sign-in records without the customer, keeps only the
 * receipts tax law requires (outside any session's view) and what a delivery that still ships
 * needs until staff have shipped it and its 90 days for refunds are over, and a new sign-in finds
 * a new, empty account.
 */
import type { Board } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { walkTo as walkClock } from '../../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import { testStripe } from '../../../../rio-local/test/payments'
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { AccountUserState } from '../customer'
import { baristaSubscriber } from '../__tests__/backend'
import { composeWithWrappers } from '../__tests__/project'
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

function startBackend(projectDir?: string): Promise<Backend> {
  return createBackend({
    projectId: P, storage: 'memory', dev: true, mirror: recorded.mirror, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
    projectEnv: { STAFF_EMAILS: 'rosa@example.com', ...SELLER }, projectDir,
  })
}
beforeEach(async () => {
  time = fakeDate(START)
  recorded = recordingMirror()
  rosa = undefined
  backend = await startBackend()
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
/** A staff call to a day's Roastery. */
async function staffCall(method: string, date: string, body: unknown) {
  rosa ??= await signIn('rosa@example.com')
  return call(backend, 'POST', `/${P}/CALL/Roastery/${method}/${date}?_token=${rosa.token}`, body)
}
/** The latest state the runtime mirrored to the live documents, per class and instance. */
function lastMirrored(classId: string, instanceId: string) {
  return recorded.published.filter((c) => c.classId === classId && c.instanceId === instanceId).at(-1)?.state
}
function walkTo(iso: string): Promise<void> {
  return walkClock(backend, time, iso)
}
const subscriber = async (): Promise<Who> => baristaSubscriber(account, await signIn(), HOME)

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

  test('the customer’s e-mails that failed every try leave the mail desk and the Account; other customers’ stay', async () => {
    const sam = await signIn()
    const kim = await signIn()
    const smtp = process.env.SMTP_URL
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      process.env.SMTP_URL = 'smtp://127.0.0.1:9' // nothing listens there
      await ok(sam, 'setDeliveryAddress', HOME)
      await ok(kim, 'setDeliveryAddress', { ...HOME, name: 'Kim Lee' })
      await walkTo('2026-11-25T00:00:00Z') // every try of the outbox's back-off, about 28 hours
    } finally {
      process.env.SMTP_URL = smtp
      errors.mockRestore()
    }
    rosa ??= await signIn('rosa@example.com')
    const desk = async () => (await call<{ role: { staff?: { deadLetters: Array<{ accountId: string; to: string; subject: string }> } } }>(backend, 'POST', `/${P}/STATE/MailDesk/desk?_token=${rosa?.token}`)).body.role.staff?.deadLetters ?? []
    expect((await desk()).map((d) => d.to).sort()).toEqual([kim.email, sam.email].sort())
    expect((lastMirrored('Account', sam.accountId)?.private as Record<string, unknown>).deadLetters).toHaveLength(1)

    await ok(sam, 'requestAccountDeletion', {})
    await ok(sam, 'deleteMyAccount', { code: await deletionCode(sam) })
    expect(await desk()).toEqual([expect.objectContaining({ accountId: kim.accountId, to: kim.email, subject: 'Your delivery address is saved' })])
    expect(lastMirrored('Account', sam.accountId)?.private).not.toHaveProperty('deadLetters')
  }, 30_000)

  test('a mail desk that cannot be reached: 503, the account stays, and the same code deletes it once the desk answers', async () => {
    // The same project, with a switch that makes the mail desk fail as an outage would.
    const project = composeWithWrappers([{
      file: 'classes/MailDesk/outage.ts',
      source: [
        "import { Data } from '@retter/rdk'",
        "import { forgetAccount as real } from './index'",
        'export async function forgetAccount(data: Data) {',
        "  if (process.env.TEST_DESK_DOWN === '1') throw new Error('the mail desk is down')",
        '  return real(data)',
        '}',
      ],
      template: 'classes/MailDesk/template.yml', from: 'handler: index.forgetAccount', to: 'handler: outage.forgetAccount',
    }])
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await backend.close()
      backend = await startBackend(project.dir)
      const sam = await subscriber()
      rosa ??= await signIn('rosa@example.com')
      expect((await call(backend, 'POST', `/${P}/INSTANCE/MailDesk/desk?_token=${rosa.token}`)).status).toBe(200)
      await ok(sam, 'requestAccountDeletion', {})
      const code = await deletionCode(sam)
      process.env.TEST_DESK_DOWN = '1'
      expect(await method(sam, 'deleteMyAccount', { code })).toMatchObject({ status: 503, body: { code: 'DELETION_INCOMPLETE' } })
      expect(await stateOf(sam)).toMatchObject({ status: 'active', delivery: HOME })
      process.env.TEST_DESK_DOWN = '0'
      expect(await method(sam, 'deleteMyAccount', { code })).toMatchObject({ status: 200, body: { deleted: true } })
      expect(await stateOf(sam)).toMatchObject({ status: 'none', plan: null })
    } finally {
      delete process.env.TEST_DESK_DOWN
      errors.mockRestore()
      project.remove()
    }
  }, 30_000)

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
    // The sessions from before the deletion (this one too) have ended: they read nothing any more.
    const ended = await call(backend, 'POST', `/${P}/STATE/Account/${sam.accountId}?_token=${sam.token}`)
    expect(ended).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })
    expect(JSON.stringify(ended.body)).not.toMatch(/Sam Rivera|Torstraße|4242/)
    const deletedAt = new Date(time.now()).toISOString()
    // The live documents: a new account, nothing of Sam.
    const mirrored = lastMirrored('Account', sam.accountId)
    expect(JSON.stringify({ public: mirrored?.public, user: mirrored?.user, role: mirrored?.role })).not.toMatch(/Sam Rivera|Torstraße|4242|memberSince|lastSignInAt/)
    // The public document says only when the sessions ended: an old session reads it there.
    expect(mirrored?.public).toEqual({ sessionEpoch: deletedAt })
    // Private state: no sign-in records, no Stripe ids; only the receipt, kept for tax law.
    const priv = mirrored?.private as Record<string, unknown>
    expect(Object.keys(priv).sort()).toEqual(expect.arrayContaining(['retainedDocuments', 'userId']))
    expect(priv).not.toHaveProperty('otp')
    expect(priv).not.toHaveProperty('codesSentAt')
    expect(priv).not.toHaveProperty('stripeCustomerId')
    expect(priv.retainedDocuments).toEqual([{ document: expect.objectContaining({ number: receiptNumber }), keepUntil: '2036-12-31' }])
    // What the shop needs to ship and refund the final delivery, kept apart from any session's view.
    expect(priv.deletedDeliveries).toEqual([{
      date: '2026-11-25T00:00:00.000Z', payment: expect.objectContaining({ status: 'paid', receipt: expect.objectContaining({ number: receiptNumber }) }), address: HOME, keepUntil: '2027-02-23',
    }])
    // The AWS object: erased.
    const awsState = lastMirrored('AWS', aws.body.instanceId)
    expect(JSON.stringify(awsState?.user)).not.toContain('2026-11-23')
    // The last e-mail says what is kept and what still ships, and links the privacy notice.
    const last = (await mails(sam)).find((m) => m.subject === 'Your Bean & Bloom account is deleted')
    expect(last?.text).toContain('Wednesday 25 November 2026 was already being roasted and packed')
    expect(last?.text).toContain('until Wednesday 31 December 2036')
    expect(last?.text).toMatch(/Privacy notice/)

    // The final delivery still ships and is refunded as usual: staff mark it shipped and Sam hears
    // it is on its way; the address goes once it has shipped; a refund's credit note is kept for tax law.
    const deliveryId = `${sam.accountId}:2026-11-25`
    expect(await staffCall('markShipped', '2026-11-25', { deliveryId })).toMatchObject({ status: 200, body: { deliveryId, status: 'shipped' } })
    expect((await board('2026-11-25'))?.deliveries.find((d) => d.deliveryId === deliveryId)).toMatchObject({ status: 'shipped', payment: 'paid' })
    const onItsWay = (await mails(sam)).filter((m) => m.subject === 'Your coffee is on its way')
    expect(onItsWay).toHaveLength(1)
    expect(onItsWay[0]?.text).toContain('Your delivery of Wednesday 25 November 2026 left our roastery today.')
    expect(await staffCall('markShipped', '2026-11-25', { deliveryId })).toMatchObject({ status: 200 })
    expect((await mails(sam)).filter((m) => m.subject === 'Your coffee is on its way')).toHaveLength(1)
    const refunded = await staffCall('refundDelivery', '2026-11-25', { deliveryId, amountCents: 300, reason: 'Bag arrived torn' })
    expect(refunded).toMatchObject({ status: 200, body: { deliveryId, amountCents: 300, refundedCents: 300, creditNote: { kind: 'credit-note' } } })
    const creditNote = (refunded.body as { creditNote: { number: string } }).creditNote.number
    expect((await mails(sam)).map((m) => m.subject)).toContainEqual(expect.stringContaining(`(credit note ${creditNote})`))
    const afterRefund = lastMirrored('Account', sam.accountId)
    const privAfter = afterRefund?.private as Record<string, unknown>
    expect(privAfter.deletedDeliveries).toEqual([expect.objectContaining({ shippedAt: expect.any(String), payment: expect.objectContaining({ refunds: [expect.objectContaining({ amountCents: 300 })] }) })])
    // Only the documents (kept for tax law anyway) still name Sam; the address to ship to is gone.
    expect((privAfter.deletedDeliveries as Array<Record<string, unknown>>)[0]).not.toHaveProperty('address')
    expect((privAfter.retainedDocuments as Array<{ document: { number: string } }>).map((d) => d.document.number)).toEqual([receiptNumber, creditNote])
    // The session from before the deletion still reads nothing (a new sign-in sees the new, empty account, below).
    expect(await call(backend, 'POST', `/${P}/STATE/Account/${sam.accountId}?_token=${sam.token}`)).toMatchObject({ status: 401, body: { code: 'SESSION_ENDED' } })

    // Signing in again with the address: a new, empty account.
    const again = await signIn(sam.email)
    expect(again.accountId).toBe(sam.accountId)
    const fresh = await stateOf(again)
    expect(fresh).toMatchObject({ email: sam.email, plan: null, status: 'none', history: [], sessionsEndedAt: deletedAt })
    expect(fresh?.delivery).toBeUndefined()
    const exported = await ok<Record<string, unknown>>(again, 'exportMyData')
    expect(exported).toMatchObject({ receipts: [], payments: [], deliveries: [] })
    expect(exported.paymentProvider).toBeUndefined()

    // 90 days after the delivery day the record is forgotten: refunds go through Stripe's dashboard from then on.
    await walkTo('2027-02-23T12:00:00Z')
    expect((lastMirrored('Account', sam.accountId)?.private as Record<string, unknown>).deletedDeliveries).toBeDefined()
    await walkTo('2027-02-24T01:00:00Z')
    const purged = lastMirrored('Account', sam.accountId)?.private as Record<string, unknown>
    expect(purged).not.toHaveProperty('deletedDeliveries')
    expect((purged.retainedDocuments as Array<{ document: { number: string } }>).map((d) => d.document.number)).toEqual([receiptNumber, creditNote])
    rosa = undefined
    expect(await staffCall('refundDelivery', '2026-11-25', { deliveryId, amountCents: 100, reason: 'Late complaint' })).toMatchObject({ status: 409, body: { code: 'NOT_REFUNDABLE' } })
  }, 30_000)

  test('a deletion’s delivery still on its way is told in the customer’s language: on its way, and a late credit note', async () => {
    const sam = await subscriber()
    await walkTo('2026-11-24T09:00:00Z')
    await ok(sam, 'requestAccountDeletion', {})
    const code = await deletionCode(sam)
    await ok(sam, 'setLocale', { locale: 'fr' })
    await ok(sam, 'deleteMyAccount', { code })
    const kept = (lastMirrored('Account', sam.accountId)?.private as { deletedDeliveries: Array<{ locale?: string }> }).deletedDeliveries
    expect(kept.map((d) => d.locale)).toEqual(['fr'])
    const deliveryId = `${sam.accountId}:2026-11-25`
    expect(await staffCall('markShipped', '2026-11-25', { deliveryId })).toMatchObject({ status: 200 })
    expect((await mails(sam)).map((m) => m.subject)).toContain('Votre café est en route')
    const refunded = await staffCall('refundDelivery', '2026-11-25', { deliveryId, amountCents: 300, reason: 'Sachet arrivé déchiré' })
    const creditNote = (refunded.body as { creditNote: { number: string } }).creditNote.number
    const note = (await mails(sam)).find((m) => m.subject.includes(creditNote))
    expect(note?.subject).toMatch(/avoir/i)
    expect(note?.text).not.toMatch(/credit note/i)
  }, 30_000)

  test('a deletion’s delivery still on its way ships and refunds after the address signs up again and moves on', async () => {
    const sam = await subscriber()
    await walkTo('2026-11-24T09:00:00Z') // 25 Nov is final and paid
    await ok(sam, 'requestAccountDeletion', {})
    await ok(sam, 'deleteMyAccount', { code: await deletionCode(sam) })

    // The address is signed up again and its (empty) account moved to another address.
    const again = await signIn(sam.email)
    const elsewhere = `sam.moved.${process.pid}.${++seq}@example.com`
    await ok(again, 'requestEmailChange', { newEmail: elsewhere })
    const codeIn = async (email: string, subject: RegExp) => (await account.outbox(email)).find((m) => subject.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
    const code = await codeIn(elsewhere, /code to use this address/)
    const currentCode = await codeIn(sam.email, /code to move your Bean & Bloom account/)
    expect(await method(again, 'confirmEmailChange', { code, currentCode })).toMatchObject({ status: 200 })

    const deliveryId = `${sam.accountId}:2026-11-25`
    expect(await staffCall('markShipped', '2026-11-25', { deliveryId })).toMatchObject({ status: 200, body: { deliveryId, status: 'shipped' } })
    expect(await staffCall('refundDelivery', '2026-11-25', { deliveryId, amountCents: 100, reason: 'Bag arrived torn' })).toMatchObject({ status: 200, body: { refundedCents: 100 } })
  }, 30_000)
})
