/**
 * Another coffee for one delivery, with the local runtime in-process on a fake clock: the customer
 * picks an available coffee of a roast their plan offers for one upcoming delivery; the delivery's
 * view names it, the board packs it, the timeline and an e-mail say so; undone, the usual coffee
 * comes back. What cannot be chosen is refused with a specific code, and nothing changes.
 */
import type { BoardDelivery } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { savePaymentMethod } from '../../../../rio-local/test/payments'
import type { AccountUserState } from '../customer'
import { BERLIN_HOME as HOME, baristaSubscriber, freshEmail as fresh, subscriptionTestBackend } from '../__tests__/backend'


type Sub = SubscriptionFields & AccountUserState

const env = subscriptionTestBackend<Sub>('coffee-choice-tests')
const { account, stateOf, boardOf } = env

async function boardLine(staff: Who, day: string, accountId: string): Promise<BoardDelivery | undefined> {
  return (await boardOf(staff, day)).find((d) => d.deliveryId === `${accountId}:${day}`)
}

test('the customer picks another coffee for one delivery: its view, the board, the timeline and an e-mail follow; undone, the usual coffee is back', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  // A medium roast: the catalogue's medium coffee is the usual one.
  await account.ok(sam, 'setPreferences', { grind: 'wholeBean', roast: 'medium' })
  const usual = (await stateOf(sam)).upcomingDeliveries?.[1]?.coffee
  expect(usual).toEqual({ id: 'huila', name: 'Huila Supremo', chosen: false })

  const chosen = await account.ok(sam, 'chooseCoffee', { date: '2026-12-02', coffeeId: 'guji' })
  const day = chosen.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-02'))
  expect(day?.coffee).toEqual({ id: 'guji', name: 'Guji Highlands', chosen: true })
  // Only that delivery.
  expect(chosen.upcomingDeliveries?.filter((d) => d.coffee?.chosen)).toHaveLength(1)
  expect(await boardLine(rosa, '2026-12-02', sam.accountId)).toMatchObject({ coffee: 'Guji Highlands', roast: 'light' })
  expect((await boardLine(rosa, '2026-12-09', sam.accountId))?.coffee).toBe(usual?.name)
  expect(chosen.timeline?.at(-1)).toMatchObject({ what: 'coffee', actor: 'customer', date: '2026-12-02T00:00:00.000Z', coffee: 'Guji Highlands' })
  expect((await account.outbox(sam.email)).map((m) => m.subject)).toContain('Guji Highlands for your delivery on Wednesday 2 December 2026')

  const undone = await account.ok(sam, 'chooseCoffee', { date: '2026-12-02', coffeeId: '' })
  expect(undone.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-02'))?.coffee).toEqual(usual)
  expect((await boardLine(rosa, '2026-12-02', sam.accountId))?.coffee).toBe(usual?.name)

  // Staff may choose it for the customer, with a reason.
  expect((await account.method(sam, 'chooseCoffee', { date: '2026-12-09', coffeeId: 'mandheling', reason: 'Asked by phone for something darker' }, rosa.token)).status).toBe(200)
  expect((await stateOf(sam)).timeline?.at(-1)).toMatchObject({ what: 'coffee', actor: 'staff', reason: 'Asked by phone for something darker', coffee: 'Mandheling' })
})

test('what cannot be chosen is refused with its own code, and nothing changes', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'skipDelivery', { date: '2026-12-09' })
  const before = await stateOf(sam)
  const refusals: Array<[Record<string, unknown>, number, string]> = [
    [{ date: '2026-12-02', coffeeId: 'nope' }, 404, 'COFFEE_NOT_FOUND'],
    [{ date: '2026-12-03', coffeeId: 'guji' }, 409, 'NOT_ON_SCHEDULE'],
    [{ date: '2026-12-09', coffeeId: 'guji' }, 409, 'DELIVERY_SKIPPED'],
  ]
  for (const [body, status, code] of refusals) {
    const res = await account.method(sam, 'chooseCoffee', body)
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code })
  }
  expect(await stateOf(sam)).toEqual(before)

  // Taster's roast is the roaster's choice: no coffee can be chosen for it.
  const tia = await account.signIn(fresh('tia'))
  await account.ok(tia, 'setDeliveryAddress', HOME)
  await savePaymentMethod((name, body) => account.method(tia, name, body))
  await account.ok(tia, 'selectPlan', { planId: 'taster' })
  const next = (await stateOf(tia)).upcomingDeliveries?.[1]?.date.slice(0, 10)
  expect((await account.method(tia, 'chooseCoffee', { date: next, coffeeId: 'guji' })).body).toMatchObject({ code: 'COFFEE_NOT_IN_PLAN', field: 'coffeeId' })
})
