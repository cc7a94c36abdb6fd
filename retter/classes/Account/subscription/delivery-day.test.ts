/**
 * The customer's delivery day, with the local runtime in-process on a fake clock: moving from
 * Wednesday to Friday keeps the delivery being packed, moves the rest (a skipped week stays
 * skipped, a coffee chosen follows its delivery), the boards, the charge and an e-mail follow, and
 * the timeline says so. What cannot be chosen is refused with its own code, and nothing changes.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { AccountUserState } from '../customer'
import { BERLIN_HOME as HOME, baristaSubscriber, envForEachTest, freshEmail as fresh, subscriptionTestBackend } from '../__tests__/backend'

const TUESDAY = '2026-11-24T10:00:00.000Z' // the 25 Nov delivery is being packed

type Sub = SubscriptionFields & AccountUserState

const env = subscriptionTestBackend<Sub>('delivery-day-tests')
const { account, stateOf, boardOf } = env
const days = (sub: Sub) => (sub.upcomingDeliveries ?? []).map((d) => [d.date.slice(0, 10), d.skipped])
const codeOf = (res: { status: number; body: unknown }) => ({ status: res.status, code: (res.body as { code?: string }).code })

test('Wednesday to Friday: the delivery being packed stays; the rest, their skips and coffees, boards, charge and e-mail follow', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'setPreferences', { grind: 'wholeBean', roast: 'medium' })
  await account.ok(sam, 'skipDelivery', { date: '2026-12-09' })
  await account.ok(sam, 'chooseCoffee', { date: '2026-12-02', coffeeId: 'guji' })
  await env.walkTo(TUESDAY)
  Object.assign(sam, await account.signIn(sam.email))
  const rosa = await account.signIn('rosa@example.com')
  expect((await stateOf(sam)).deliveryWeekday).toBe('wednesday')
  expect((await stateOf(sam)).deliveryWeekdays).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])

  const moved = await account.ok(sam, 'setDeliveryDay', { weekday: 'friday' })
  expect(days(moved)).toEqual([
    ['2026-11-25', false], ['2026-12-04', false], ['2026-12-11', true], ['2026-12-18', false], ['2026-12-25', false], ['2027-01-01', false],
  ])
  expect(moved.deliveryWeekday).toBe('friday')
  expect(moved.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-04'))?.coffee).toEqual({ id: 'guji', name: 'Guji Highlands', chosen: true })
  expect(moved.timeline?.at(-1)).toMatchObject({ what: 'day', actor: 'customer', weekday: 'friday', date: '2026-12-04T00:00:00.000Z' })
  const mail = (await account.outbox(sam.email)).find((m) => m.subject === 'New delivery day: Friday')
  expect(mail?.text).toContain('Your deliveries now arrive on Friday, at the same rhythm: the first on Friday 4 December 2026.')

  // The boards: nothing left on Wednesday 2 December, the delivery on Friday 4 December.
  expect((await boardOf(rosa, '2026-12-02')).filter((d) => d.deliveryId.startsWith(sam.accountId))).toEqual([])
  expect((await boardOf(rosa, '2026-12-04')).find((d) => d.deliveryId === `${sam.accountId}:2026-12-04`)).toMatchObject({ coffee: 'Guji Highlands' })

  // Charged once, at the new delivery's final moment, for its day; nothing for the old one.
  await env.walkTo('2026-12-03T09:00:00.000Z')
  Object.assign(sam, await account.signIn(sam.email))
  const payments = (await stateOf(sam)).payments ?? []
  expect(payments.map((p) => [p.date.slice(0, 10), p.status])).toEqual([['2026-11-25', 'paid'], ['2026-12-04', 'paid']])
})

test('a delivery moved on its own goes back in the rhythm, on the new day', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'moveDelivery', { date: '2026-12-09', to: '2026-12-12' })
  const moved = await account.ok(sam, 'setDeliveryDay', { weekday: 'friday' })
  // Nothing is being packed on Monday: every delivery moves to Friday, 12 December's back to 11 December.
  expect(days(moved).map(([d]) => d)).toEqual(['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01'])
  expect(moved.deliveryWeekday).toBe('friday')
})

describe('with the shop delivering Tuesday to Friday', () => {
  envForEachTest('DELIVERY_WEEKDAYS', 'Tuesday, wednesday,thursday,friday')

  test('a day it does not deliver, no weekday, the same day or no subscription is refused, and nothing changes', async () => {
    const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
    const before = await stateOf(sam)
    expect(before.deliveryWeekdays).toEqual(['tuesday', 'wednesday', 'thursday', 'friday'])
    const refusals: Array<[unknown, number, string]> = [
      [{ weekday: 'saturday' }, 409, 'DAY_NOT_OFFERED'],
      [{ weekday: 'fri' }, 400, 'INVALID_WEEKDAY'],
      [{ weekday: 'wednesday' }, 409, 'SAME_DELIVERY_DAY'],
    ]
    for (const [body, status, code] of refusals) expect(codeOf(await account.method(sam, 'setDeliveryDay', body))).toEqual({ status, code })
    expect((await account.method(sam, 'setDeliveryDay', { weekday: 'saturday' })).body).toMatchObject({
      message: 'We do not deliver on Saturdays. Choose one of: Tuesday, Wednesday, Thursday, Friday.', field: 'weekday',
    })
    expect(await stateOf(sam)).toEqual(before)

    const tia = await account.signIn(fresh('tia'))
    expect(codeOf(await account.method(tia, 'setDeliveryDay', { weekday: 'friday' }))).toEqual({ status: 409, code: 'NO_SUBSCRIPTION' })
  })
})

test('staff may move it for the customer, with a reason', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  expect(codeOf(await account.method(sam, 'setDeliveryDay', { weekday: 'thursday' }, rosa.token))).toEqual({ status: 400, code: 'REASON_REQUIRED' })
  expect((await account.method(sam, 'setDeliveryDay', { weekday: 'thursday', reason: 'Works from home on Thursdays' }, rosa.token)).status).toBe(200)
  const after = await stateOf(sam)
  // Nothing is being packed yet on Monday: the first delivery itself moves, to Thursday 26 November.
  expect(after.nextDeliveryAt).toBe('2026-11-26T00:00:00.000Z')
  expect(after.timeline?.at(-1)).toMatchObject({ what: 'day', actor: 'staff', reason: 'Works from home on Thursdays', weekday: 'thursday' })
})
