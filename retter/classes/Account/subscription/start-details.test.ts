/**
 * A start that carries what the customer confirmed in the start dialog (address, coffee) is one
 * change: stored together, one history entry, one e-mail; a refusal stores none of it.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import { savePaymentMethod, TEST_CARDS } from '../../../../rio-local/test/payments'
import type { AccountUserState } from '../customer'
import { accountTestBackend } from '../__tests__/backend'

const P = 'start-details-tests'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
type Sub = SubscriptionFields & AccountUserState

let seq = 0
const env = accountTestBackend<Sub>(Date.parse('2026-11-23T09:00:00Z'), () => ({ projectId: P, storage: 'memory', dev: true }))
const { account } = env
const { method } = account
const stateOf = account.userState
const signIn = () => account.signIn(`start.${process.pid}.${++seq}@example.com`)
async function subjects(who: Who): Promise<string[]> {
  const res = await call<Array<{ subject: string }>>(env.backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(who.email)}&limit=100`)
  return res.body.map((m) => m.subject).filter((s) => !/code|payment method/i.test(s))
}

test('a start with the address and coffee confirmed with it: one history entry, one e-mail', async () => {
  const sam = await signIn()
  await savePaymentMethod((name, body) => method(sam, name, body), { card: TEST_CARDS.visa })
  const started = await method(sam, 'selectPlan', { planId: 'barista', delivery: { ...HOME, version: 0 }, preferences: { grind: 'espresso', roast: 'dark' } })
  expect(started.status).toBe(200)
  const state = await stateOf(sam)
  expect(state).toMatchObject({ status: 'active', plan: 'barista', delivery: HOME, preferences: { grind: 'espresso', roast: 'dark' } })
  expect(state?.history?.map((h) => h.action)).toEqual(['started'])
  expect(await subjects(sam)).toHaveLength(1)
})

test('a refused start stores neither the address nor the coffee; a plan change refuses them', async () => {
  const sam = await signIn()
  // No payment method yet: 409, and the address it carried is not kept.
  expect(await method(sam, 'selectPlan', { planId: 'barista', delivery: HOME, preferences: { grind: 'espresso', roast: 'dark' } })).toMatchObject({ status: 409, body: { code: 'NO_PAYMENT_METHOD' } })
  expect((await stateOf(sam))?.delivery).toBeUndefined()
  expect((await stateOf(sam))?.preferences).toBeUndefined()
  await savePaymentMethod((name, body) => method(sam, name, body), { card: TEST_CARDS.visa })
  // A bad address or a coffee the plan does not offer: their own refusals.
  expect(await method(sam, 'selectPlan', { planId: 'barista', delivery: { ...HOME, postalCode: '1' } })).toMatchObject({ status: 400, body: { code: 'INVALID_POSTAL_CODE' } })
  expect((await method(sam, 'selectPlan', { planId: 'barista', delivery: HOME, preferences: { grind: 'moka', roast: 'light' } })).status).toBe(400)
  expect((await stateOf(sam))?.status).toBe('none')
  expect((await stateOf(sam))?.delivery).toBeUndefined()
  // Started: a change of plan carries no address.
  expect((await method(sam, 'selectPlan', { planId: 'barista', delivery: HOME })).status).toBe(200)
  expect(await method(sam, 'selectPlan', { planId: 'taster', delivery: HOME })).toMatchObject({ status: 400, body: { code: 'START_ONLY' } })
})
