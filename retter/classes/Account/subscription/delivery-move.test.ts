/**
 * One delivery on another day, with the local runtime in-process on a fake clock: moved inside its
 * window, or sent as soon as the roastery can; the schedule after it keeps its rhythm, the board,
 * the charge at its final moment, an e-mail and the timeline follow. What cannot be moved is
 * refused with its own code, and nothing changes.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { AccountUserState } from '../customer'
import { BERLIN_HOME as HOME, baristaSubscriber, envForEachTest, freshEmail as fresh, subscriptionTestBackend } from '../__tests__/backend'


type Sub = SubscriptionFields & AccountUserState

const env = subscriptionTestBackend<Sub>('delivery-move-tests')
const { account, stateOf, boardOf } = env
const days = (sub: Sub) => (sub.upcomingDeliveries ?? []).map((d) => d.date.slice(0, 10))
const codeOf = (res: { status: number; body: unknown }) => ({ status: res.status, code: (res.body as { code?: string }).code })

test('one delivery moves inside its window; the next ones keep their days; board, charge, e-mail and timeline follow', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  await account.ok(sam, 'setPreferences', { grind: 'wholeBean', roast: 'medium' })
  await account.ok(sam, 'chooseCoffee', { date: '2026-12-09', coffeeId: 'guji' })

  // Wednesday 9 December to Saturday 12 December: later, before the next one (16 December).
  const moved = await account.ok(sam, 'moveDelivery', { date: '2026-12-09', to: '2026-12-12' })
  expect(days(moved)).toEqual(['2026-11-25', '2026-12-02', '2026-12-12', '2026-12-16', '2026-12-23', '2026-12-30'])
  expect(moved.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-12'))?.coffee).toEqual({ id: 'guji', name: 'Guji Highlands', chosen: true })
  expect(moved.deliveryWeekday).toBe('wednesday')
  expect(moved.timeline?.at(-1)).toMatchObject({ what: 'moved', actor: 'customer', date: '2026-12-12T00:00:00.000Z', fromDate: '2026-12-09T00:00:00.000Z' })
  expect((await account.outbox(sam.email)).map((m) => m.subject)).toContain('Your delivery now arrives on Saturday 12 December 2026')
  expect((await boardOf(rosa, '2026-12-09')).filter((d) => d.deliveryId.startsWith(sam.accountId))).toEqual([])
  expect((await boardOf(rosa, '2026-12-12')).find((d) => d.deliveryId === `${sam.accountId}:2026-12-12`)).toMatchObject({ coffee: 'Guji Highlands' })

  // It may move again, earlier this time, inside its window (after 2 December).
  const back = await account.ok(sam, 'moveDelivery', { date: '2026-12-12', to: '2026-12-07' })
  expect(days(back)).toEqual(['2026-11-25', '2026-12-02', '2026-12-07', '2026-12-16', '2026-12-23', '2026-12-30'])

  // Charged once, at its own final moment (the start of 6 December), and never on 8 December.
  await env.walkTo('2026-12-06T09:00:00.000Z')
  Object.assign(sam, await account.signIn(sam.email))
  expect(((await stateOf(sam)).payments ?? []).map((p) => [p.date.slice(0, 10), p.status])).toEqual([
    ['2026-11-25', 'paid'], ['2026-12-02', 'paid'], ['2026-12-07', 'paid'],
  ])
})

test('send now: the next delivery leaves with the roastery’s next day; the rhythm after it stays; pressing again pulls nothing more', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  // The first delivery (25 November) skipped: the next is 2 December; the roastery can make 26 November.
  await account.ok(sam, 'skipDelivery', { date: '2026-11-25' })
  const sooner = await account.ok(sam, 'sendNow', {})
  expect(days(sooner)).toEqual(['2026-11-25', '2026-11-26', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'])
  expect(sooner.timeline?.at(-1)).toMatchObject({ what: 'moved', date: '2026-11-26T00:00:00.000Z', fromDate: '2026-12-02T00:00:00.000Z' })
  // Its e-mail says what will be charged and when: its reminder time has passed.
  const mail = (await account.outbox(sam.email)).find((m) => m.subject === 'Your delivery now arrives on Thursday 26 November 2026')
  expect(mail?.text).toMatch(/We will charge €\d+\.\d\d to your Visa •••• 4242 on Wednesday 25 November 2026 for this delivery\./)
  // Again: 26 November already goes as soon as it can; the delivery after it is not pulled forward.
  expect(codeOf(await account.method(sam, 'sendNow', {}))).toEqual({ status: 409, code: 'ALREADY_NEXT' })
  // Once it is being packed, still nothing more.
  await env.walkTo('2026-11-25T10:00:00.000Z')
  Object.assign(sam, await account.signIn(sam.email))
  expect(codeOf(await account.method(sam, 'sendNow', {}))).toEqual({ status: 409, code: 'ALREADY_NEXT' })
  expect(days(await stateOf(sam)).slice(0, 3)).toEqual(['2026-11-25', '2026-11-26', '2026-12-09'])
})

describe('with the shop delivering Tuesday to Friday', () => {
  envForEachTest('DELIVERY_WEEKDAYS', 'tuesday,wednesday,thursday,friday')

  test('a day outside the window, not delivered on, the same day, a skipped or packed delivery is refused, and nothing changes', async () => {
    const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
    await account.ok(sam, 'skipDelivery', { date: '2026-12-16' })
    const before = await stateOf(sam)
    const refusals: Array<[unknown, number, string]> = [
      [{ date: '2026-12-09', to: '2026-12-16' }, 409, 'OUTSIDE_WINDOW'],
      [{ date: '2026-12-09', to: '2026-12-02' }, 409, 'OUTSIDE_WINDOW'],
      [{ date: '2026-12-09', to: '2026-12-12' }, 409, 'DAY_NOT_OFFERED'],
      [{ date: '2026-12-09', to: '2026-12-09' }, 409, 'SAME_DAY'],
      [{ date: '2026-12-16', to: '2026-12-17' }, 409, 'DELIVERY_SKIPPED'],
      [{ date: '2026-12-10', to: '2026-12-11' }, 409, 'NOT_ON_SCHEDULE'],
      [{ date: '2026-12-09', to: 'soon' }, 400, 'INVALID_DAY'],
      [{ date: '2026-12-09', to: '2026-13-01' }, 400, 'INVALID_DAY'],
      [{ date: '2026-12-09', to: '2026-02-30' }, 400, 'INVALID_DAY'],
    ]
    for (const [body, status, code] of refusals) expect({ body, ...codeOf(await account.method(sam, 'moveDelivery', body)) }).toEqual({ body, status, code })
    expect((await account.method(sam, 'moveDelivery', { date: '2026-12-09', to: '2026-12-16' })).body).toMatchObject({
      message: 'The delivery on Wed 9 Dec 2026 can move to a day from Thu 3 Dec 2026 to Tue 15 Dec 2026.',
    })
    expect(await stateOf(sam)).toEqual(before)
    // On Tuesday the 25 November delivery is being packed: it cannot move.
    await env.walkTo('2026-11-24T10:00:00.000Z')
    Object.assign(sam, await account.signIn(sam.email))
    expect(codeOf(await account.method(sam, 'moveDelivery', { date: '2026-11-25', to: '2026-11-27' }))).toEqual({ status: 409, code: 'TOO_LATE_TO_CHANGE' })
  })
})

test('staff may move a delivery or send it now for the customer, with a reason', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  expect(codeOf(await account.method(sam, 'sendNow', {}, rosa.token))).toEqual({ status: 400, code: 'REASON_REQUIRED' })
  expect((await account.method(sam, 'moveDelivery', { date: '2026-12-02', to: '2026-12-04', reason: 'Away until Thursday' }, rosa.token)).status).toBe(200)
  expect((await stateOf(sam)).timeline?.at(-1)).toMatchObject({ what: 'moved', actor: 'staff', reason: 'Away until Thursday', date: '2026-12-04T00:00:00.000Z' })
})
