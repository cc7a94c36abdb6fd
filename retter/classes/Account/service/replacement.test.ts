/**
 * What staff alone do for a customer, with the local runtime in-process on a fake clock (and the
 * test run's localstripe for the card): a free replacement for a lost delivery (its own line on the
 * board, never charged, shipped with the customer's "on its way" e-mail, on their timeline as the
 * shop's with the reason), and a receipt e-mailed again.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import type { AccountUserState } from '../customer'
import { accountTestBackend, baristaSubscriber } from '../__tests__/backend'

const P = 'replacement-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first delivery Wednesday 25 Nov, final on the 24th
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const REASON = 'Parcel lost by the carrier, customer phoned'
const BY_SHOP = 'Our customer service made this change for you, at your request.'

type Sub = SubscriptionFields & AccountUserState

const env = accountTestBackend<Sub>(START, () => ({
  projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
  projectEnv: { STAFF_EMAILS: 'rosa@example.com', SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin', SELLER_VAT_NUMBER: 'DE123456789' },
}))
const { account, stateOf, boardOf } = env
let seq = 0
const fresh = (name: string) => `${name}.${process.pid}.${++seq}@example.com`

/** `method` on `customer`'s Account with `staff`'s session. */
function asStaff(staff: Who, customer: Who, method: string, body: Record<string, unknown>) {
  return account.method<Record<string, unknown>>(customer, method, body, staff.token)
}
function roastery(staff: Who, day: string, method: string, body: unknown) {
  return call<Record<string, unknown>>(env.backend, 'POST', `/${P}/CALL/Roastery/${method}/${day}?_token=${staff.token}`, body)
}

/** Sam, whose first delivery (25 Nov) was paid and shipped; Rosa, the bootstrap owner. */
async function shippedOnce(): Promise<{ sam: Who; rosa: Who }> {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  await env.walkTo('2026-11-25T09:00:00Z')
  expect(await roastery(rosa, '2026-11-25', 'markShipped', { deliveryId: `${sam.accountId}:2026-11-25` })).toMatchObject({ status: 200 })
  return { sam, rosa }
}

test('staff send a free replacement for a lost delivery: its own line on the first day that can still be packed, never charged, on the timeline and in the e-mails', async () => {
  const { sam, rosa } = await shippedOnce()

  // Only for a delivery that left; only staff, and only with a reason.
  expect((await asStaff(rosa, sam, 'sendReplacement', { date: '2026-12-02', reason: REASON })).body).toMatchObject({ code: 'NOT_SHIPPED', field: 'date' })
  expect((await asStaff(rosa, sam, 'sendReplacement', { date: '2026-11-25' })).body).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' })
  expect((await account.method(sam, 'sendReplacement', { date: '2026-11-25', reason: 'I want more' })).status).toBe(403)
  expect((await stateOf(sam)).replacements).toBeUndefined()

  const sent = await asStaff(rosa, sam, 'sendReplacement', { date: '2026-11-25', reason: REASON })
  expect(sent.status).toBe(200)
  // 25 Nov, 09:00: 26 and 27 Nov are being roasted and packed (two days' lead), so the 27th is the first it can go.
  const state = await stateOf(sam)
  expect(state.replacements).toEqual([{ date: '2026-11-27T00:00:00.000Z', forDate: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: expect.any(String), roast: expect.any(String), bags: expect.any(Number), at: expect.any(String) }])
  expect(state.timeline?.at(-1)).toMatchObject({ what: 'replacement', actor: 'staff', reason: REASON, date: '2026-11-27T00:00:00.000Z', forDate: '2026-11-25T00:00:00.000Z' })
  const mail = (await account.outbox(sam.email)).find((m) => m.subject.startsWith('A replacement for your delivery of'))
  expect(mail?.text).toContain(BY_SHOP)
  expect(mail?.text).toMatch(/free of charge/)
  // Once per lost delivery.
  expect((await asStaff(rosa, sam, 'sendReplacement', { date: '2026-11-25', reason: REASON })).body).toMatchObject({ code: 'ALREADY_REPLACED' })

  // Its own line on the board, free, ready to ship; the customer's own delivery keeps its id.
  const line = (await boardOf(rosa, '2026-11-27')).find((d) => d.deliveryId === `${sam.accountId}:2026-11-27-replacement`)
  expect(line).toMatchObject({ status: 'scheduled', payment: 'free', replacementFor: '2026-11-25', name: HOME.name, plan: 'barista' })
  // A refund of a replacement is no refund: nothing was paid.
  expect((await roastery(rosa, '2026-11-27', 'refundDelivery', { deliveryId: line?.deliveryId, amountCents: 100, reason: 'test' })).status).toBe(400)

  // Its day comes: nothing is charged for it, and it ships with the customer's "on its way" e-mail.
  const paymentsBefore = (await stateOf(sam)).payments ?? []
  await env.walkTo('2026-11-27T08:00:00Z')
  const payments = (await stateOf(sam)).payments ?? []
  expect(payments.filter((p) => p.date.startsWith('2026-11-27'))).toEqual([])
  expect(payments.length).toBe(paymentsBefore.length)
  expect(await roastery(rosa, '2026-11-27', 'markShipped', { deliveryId: line?.deliveryId })).toMatchObject({ status: 200 })
  const after = await stateOf(sam)
  expect(after.replacements?.[0]?.shippedAt).toEqual(expect.any(String))
  expect(after.timeline?.at(-1)).toMatchObject({ what: 'replacement-shipped', actor: 'system', forDate: '2026-11-25T00:00:00.000Z' })
  expect((await account.outbox(sam.email)).filter((m) => /on its way/i.test(m.subject))).toHaveLength(2)
  // Shipped: it stays on its board as it left, and the next sync leaves it alone.
  await account.ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
  expect((await boardOf(rosa, '2026-11-27')).find((d) => d.deliveryId === line?.deliveryId)).toMatchObject({ status: 'shipped', payment: 'free' })
})

test('staff e-mail a receipt again: the same document, at once; an unknown number is refused', async () => {
  const { sam, rosa } = await shippedOnce()
  const receipt = (await stateOf(sam)).payments?.[0]?.receipt
  expect(receipt?.number).toMatch(/^R-/)
  const subjectOf = async () => (await account.outbox(sam.email)).filter((m) => m.subject.includes(receipt?.number ?? '?')).length
  const before = await subjectOf()
  expect(before).toBe(1)

  expect(await asStaff(rosa, sam, 'resendDocument', { number: receipt?.number, reason: 'Customer did not get it' })).toMatchObject({ status: 200, body: { number: receipt?.number, kind: 'receipt', to: sam.email } })
  expect(await subjectOf()).toBe(2)
  expect((await asStaff(rosa, sam, 'resendDocument', { number: 'R-999999', reason: 'Customer did not get it' })).body).toMatchObject({ code: 'NO_SUCH_DOCUMENT', field: 'number' })
  expect((await asStaff(rosa, sam, 'resendDocument', { number: receipt?.number })).body).toMatchObject({ code: 'REASON_REQUIRED' })
  expect((await account.method(sam, 'resendDocument', { number: receipt?.number, reason: 'again please' })).status).toBe(403)
  expect(await subjectOf()).toBe(2)
})
