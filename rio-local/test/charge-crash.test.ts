/**
 * A crash in the middle of charging: the runtime (a child process of rio-local/main.ts, SQLite,
 * dev mode, localstripe from the test run's global setup) charges 30 customers whose first
 * deliveries fall final at the same moment, and is killed with SIGKILL twice at the worst moments:
 * right after localstripe created a PaymentIntent the runtime has not recorded yet, and right after
 * localstripe confirmed (charged) one the runtime has not heard back about. Its Stripe traffic goes
 * through a proxy in this process, which kills it at exactly those answers. Restarted on the same
 * data folder each time, it finishes by itself: every delivery has exactly one succeeded
 * PaymentIntent (any other one for it never moved money) and every customer's payment says paid.
 */
import { finalMomentMs } from '@retter-shared/BeanBloomSubscription/payments'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  advanceClock, inParallel, intentsByDelivery, listPaymentIntents, paymentsOf, pendingTasks, readClock, secondsToOneAm, subscribe,
  type Subscriber, type Target,
} from '../../scripts/lib/charge-customers'
import { findFreePort } from '../../scripts/lib/ports'
import { ONE_SOURCE_LIMITS } from '../../scripts/lib/one-source'
import type { RunningChild } from '../../scripts/lib/processes'
import { startRuntimeChild, stopRuntimeChild, waitForHealth } from '../../scripts/lib/runtime-child'
import { startStripeProxy, type ProxiedRequest, type StripeProxy } from '../../scripts/lib/stripe-proxy'
import { waitUntil } from '../../scripts/lib/wait'

const P = 'charge-crash'
const COUNT = 30
/** The first kill: when localstripe has created this many PaymentIntents (the last one unknown to the runtime). */
const CREATED_AT_KILL = 12
/** The second kill: when localstripe has confirmed this many more after the restart (the last one's success unknown to the runtime; others in flight may follow). */
const CONFIRMED_AFTER_RESTART = 8
const CREATE = 'POST /v1/payment_intents'
const CONFIRM = 'POST /v1/payment_intents/{id}/confirm'

jest.setTimeout(300_000)

let dir: string
let child: RunningChild | undefined
let proxy: StripeProxy | undefined
let log = ''
/** The answer to kill the runtime at (route and count), and what is told when it is done. */
let killAt: { route: string; nth: number; killed: () => void } | undefined

afterAll(async () => {
  if (child) await stopRuntimeChild(child, 'SIGKILL')
  await proxy?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Kills the runtime before it hears localstripe's answer to the request `killAt` names. */
async function killer(request: ProxiedRequest): Promise<void> {
  const point = killAt
  if (!point || request.route !== point.route || request.nth !== point.nth || !child) return
  killAt = undefined
  await stopRuntimeChild(child, 'SIGKILL')
  point.killed()
}
function killWhen(route: string, nth: number): Promise<void> {
  return new Promise((resolve) => (killAt = { route, nth, killed: resolve }))
}

async function startRuntime(port: number): Promise<Target> {
  const stripeUrl = process.env.STRIPE_API_URL
  const stripeKey = process.env.STRIPE_SECRET_KEY
  if (!stripeUrl || !stripeKey) throw new Error('STRIPE_API_URL and STRIPE_SECRET_KEY are not set: the test run starts localstripe in its global setup')
  proxy ??= await startStripeProxy(stripeUrl, killer)
  child = startRuntimeChild(
    {
      ...process.env,
      ...ONE_SOURCE_LIMITS,
      RIO_LOCAL_PORT: String(port),
      RIO_LOCAL_PROJECT_ID: P,
      RIO_LOCAL_DATA_DIR: dir,
      RIO_LOCAL_STORAGE: 'sqlite',
      RIO_LOCAL_DEV: '1',
      RIO_LOCAL_LIVE_STATE: '0',
      RIO_LOG_LEVEL: 'warn',
      STRIPE_API_URL: proxy.url,
      STRIPE_SECRET_KEY: stripeKey,
    },
    (text) => (log += text),
  )
  const origin = `http://127.0.0.1:${port}`
  await waitForHealth(origin, 60_000)
  // The test's own Stripe calls (a customer confirming a card) go to localstripe directly.
  return { origin, projectId: P, stripeUrl, stripeKey }
}

test('killed with SIGKILL right after Stripe created and right after it charged, restarted on the same data: every delivery charged exactly once, every payment paid', async () => {
  dir = mkdtempSync(join(tmpdir(), 'rio-charge-crash-'))
  let target = await startRuntime(await findFreePort())
  // Far from midnight, so all 30 subscribe on the same day and share their first delivery.
  await advanceClock(target, secondsToOneAm((await readClock(target)).nowMs))
  const emails = Array.from({ length: COUNT }, (_, i) => `crash.${process.pid}.${i}@example.com`)
  const customers: Subscriber[] = await inParallel(emails, 4, (email) => subscribe(target, email))
  const accounts = new Set(customers.map((c) => c.accountId))
  const intentsOfBatch = async () => [...intentsByDelivery(await listPaymentIntents(target), accounts).values()].flat()
  const succeeded = async () => (await intentsOfBatch()).filter((i) => i.status === 'succeeded').length

  const charges = (await pendingTasks(target)).filter((t) => t.method === 'chargeDelivery')
  expect(charges).toHaveLength(COUNT)
  // One delivery date, so one final moment; each task is due at it (its delay is whole seconds, counted when it was asked for).
  const dates = new Set(charges.map((t) => (t.payload as { date: string }).date))
  expect(dates.size).toBe(1)
  const final = finalMomentMs([...dates][0] as string)
  const dues = charges.map((t) => Date.parse(t.dueAt))
  expect(dues.filter((due) => due < final || due >= final + 2000)).toEqual([])
  const finalAt = Math.max(...dues)
  expect(await intentsOfBatch()).toEqual([])

  // 1. Past the final moment; killed as localstripe answers the 12th create.
  const created = killWhen(CREATE, CREATED_AT_KILL)
  const seconds = Math.ceil((finalAt - (await readClock(target)).nowMs) / 1000) + 60
  const move = advanceClock(target, seconds).then(() => 'finished', () => 'broken')
  await created
  expect(await move).toBe('broken')
  // Confirms follow their creates at about the same moment, so some of the 12 are paid; never the 12th, which the runtime never heard of.
  // Charges run in parallel, so a few more requests may be on their way at the kill: wait until localstripe answered them.
  const answered = (route: string) => proxy?.counts().get(route) ?? 0
  const firstSettled = await waitUntil(async () => {
    const intents = await intentsOfBatch()
    return intents.length === answered(CREATE) && intents.filter((i) => i.status === 'succeeded').length === answered(CONFIRM)
  }, { timeoutMs: 10_000, intervalMs: 100 })
  expect(firstSettled.kind).toBe('ready')
  expect(answered(CREATE)).toBeGreaterThanOrEqual(CREATED_AT_KILL)
  const confirmedBefore = answered(CONFIRM)
  expect(confirmedBefore).toBeLessThan(answered(CREATE))

  // 2. Restarted: the moved clock and the pending tasks are still there, and its timers go on; killed as localstripe answers the 8th confirm.
  const confirmed = killWhen(CONFIRM, confirmedBefore + CONFIRMED_AFTER_RESTART)
  target = await startRuntime(await findFreePort())
  expect((await readClock(target)).nowMs).toBeGreaterThanOrEqual(finalAt)
  await confirmed
  // Every confirm localstripe answered charged one more PaymentIntent, the last one unknown to the
  // runtime. Instances' charges run in parallel, so a few other confirms may be on their way to
  // localstripe at the kill: once they are answered, the charges match the answers exactly.
  const confirms = () => answered(CONFIRM) - confirmedBefore
  const settled = await waitUntil(async () => (await succeeded()) === confirmedBefore + confirms(), { timeoutMs: 10_000, intervalMs: 100 })
  expect(settled.kind).toBe('ready')
  expect(confirms()).toBeGreaterThanOrEqual(CONFIRMED_AFTER_RESTART)
  expect(await succeeded()).toBe(confirmedBefore + confirms())

  // 3. Restarted again: it finishes by itself.
  target = await startRuntime(await findFreePort())
  const paid = async () => (await Promise.all(customers.map((c) => paymentsOf(target, c)))).every((ps) => ps.length === 1 && ps[0]?.status === 'paid')
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && !(await paid()); ) await new Promise((resolve) => setTimeout(resolve, 200))

  const byDelivery = intentsByDelivery(await listPaymentIntents(target), accounts)
  expect(byDelivery.size).toBe(COUNT)
  for (const customer of customers) {
    const payments = await paymentsOf(target, customer)
    expect({ email: customer.email, payments: payments.map((p) => p.status) }).toEqual({ email: customer.email, payments: ['paid'] })
    const payment = payments[0]
    const intents = byDelivery.get(payment?.deliveryId as string) ?? []
    expect({ delivery: payment?.deliveryId, succeeded: intents.filter((i) => i.status === 'succeeded').map((i) => i.id) }).toEqual({
      delivery: payment?.deliveryId,
      succeeded: [payment?.paymentIntentId],
    })
    // Any other PaymentIntent of the delivery (created just before a kill, never recorded) was never confirmed: no money moved.
    expect(intents.map((i) => i.status).filter((s) => s !== 'succeeded' && s !== 'requires_confirmation' && s !== 'canceled')).toEqual([])
  }
  expect(log).not.toMatch(/"level":"error"/)
})
