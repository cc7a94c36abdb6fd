/**
 * Resuming a pause, with and without bringing the paused deliveries back in the same step, run by
 * the local runtime in-process with a fake `Date`.
 */
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { Customer } from '../../../../rio-local/test/account-client'
import { sessions } from '../../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../../rio-local/test/payments'
import type { AccountUserState } from '../customer'
import { accountTestBackend } from '../__tests__/backend'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'

const P = 'resume-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday; Barista delivers on Wednesdays
const DAY = 24 * 60 * 60 * 1000
const day = (iso: string) => `${iso}T00:00:00.000Z`

const { mirror } = recordingMirror()

type Sub = SubscriptionFields & AccountUserState

const env = accountTestBackend<Sub>(START, () => ({ projectId: P, storage: 'memory', dev: true, mirror, accessTokenTtlSeconds: 24 * 60 * 60 }))
const { account } = env
const { method, ok } = account
/** A Barista subscriber (weekly, from Wednesday 25 November) who skipped 9 December, then paused four weeks. */
async function pausedSubscriber(): Promise<Customer> {
  const email = 'sam@example.com'
  const who = { ...(await sessions(env.backend).customer(email)), email }
  await savePaymentMethod((name, body) => method(who, name, body))
  await ok(who, 'setDeliveryAddress', { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  await ok(who, 'selectPlan', { planId: 'barista' })
  await ok(who, 'skipDelivery', { date: '2026-12-09' })
  const paused = await ok(who, 'pauseSubscription', { weeks: 4 })
  expect(paused.skipped).toEqual([day('2026-11-25'), day('2026-12-02'), day('2026-12-09'), day('2026-12-16')])
  return who
}
const skippedOf = (sub: Sub) => sub.upcomingDeliveries!.filter((d) => d.skipped).map((d) => d.date)

test('a plain resume ends the pause and leaves the paused dates skipped', async () => {
  const sam = await pausedSubscriber()
  const sub = await ok(sam, 'resumeSubscription', {})
  expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-12-23') })
  expect(skippedOf(sub)).toEqual([day('2026-11-25'), day('2026-12-02'), day('2026-12-09'), day('2026-12-16')])
})

test('restoreSkipped brings the paused deliveries back in the same step; the customer’s own skip stays', async () => {
  const sam = await pausedSubscriber()
  const sub = await ok(sam, 'resumeSubscription', { restoreSkipped: true })
  expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-11-25') })
  expect(sub.pausedFrom).toBeUndefined()
  expect(skippedOf(sub)).toEqual([day('2026-12-09')])
  expect(sub.history.at(-1)).toMatchObject({ action: 'resumed', nextDeliveryAt: day('2026-11-25') })
})

test('a paused delivery already being roasted stays skipped: only the changeable ones come back', async () => {
  const sam = await pausedSubscriber()
  env.time.advance(DAY + 3 * 60 * 60 * 1000)
  sam.token = (await sessions(env.backend).customer(sam.email)).token
  const sub = await ok(sam, 'resumeSubscription', { restoreSkipped: true })
  expect(sub.nextDeliveryAt).toBe(day('2026-12-02'))
  expect(skippedOf(sub)).toEqual([day('2026-11-25'), day('2026-12-09')])
})

test('restoreSkipped: false is a plain resume; anything but a boolean is 400 VALIDATION', async () => {
  const sam = await pausedSubscriber()
  expect((await method(sam, 'resumeSubscription', { restoreSkipped: 'yes' })).body).toMatchObject({ code: 'VALIDATION' })
  const sub = await ok(sam, 'resumeSubscription', { restoreSkipped: false })
  expect(sub.nextDeliveryAt).toBe(day('2026-12-23'))
})
