/**
 * The test clock with this repo's classes in-process (dev mode, the process's Date shifted) and the
 * localstripe the test run started: a customer with a saved card walks six weeks forward in one
 * `POST /__dev/clock`. Each reminder goes out and each delivery is charged at its own moment (never
 * before), exactly once, and the customer's session still works afterwards (sessions live on the
 * wall clock; the SDK's own refresh is not needed).
 */
import type Stripe from 'stripe'
import { finalMomentMs } from '@retter-shared/BeanBloomSubscription/payments'
import { createBackend, type Backend } from '../app'
import { TEST_ADDRESS } from './address'
import { userIdFor } from './ids'
import { call, sessions } from './in-process'
import { savePaymentMethod, testStripe } from './payments'

const P = 'payment-clock'
const WEEK_S = 7 * 86_400
/** How far a task's "now" may trail its due moment on a busy machine. */
const SLACK_MS = 5000

interface Payment {
  date: string
  deliveryId: string
  status: string
  paymentIntentId?: string
  chargedAt?: string
  paidAt?: string
}

let backend: Backend
afterEach(async () => {
  await backend?.close()
})

test('six weeks in one move: every reminder and every charge at its own moment, each delivery charged once, the session still works', async () => {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, shiftProcessDate: true, timers: false })
  const email = `clock.${process.pid}@example.com`
  const { token, accountId } = await sessions(backend).customer(email)
  const method = (name: string, body?: unknown) => call(backend, 'POST', `/${P}/CALL/Account/${name}/${accountId}?_token=${token}`, body)
  expect((await method('setDeliveryAddress', TEST_ADDRESS)).status).toBe(200)
  await savePaymentMethod(method)
  expect((await method('selectPlan', { planId: 'barista' })).status).toBe(200)
  const startMs = Date.now()

  const pending = async () => (await call<Array<{ method: string; dueAt: string; payload?: { date?: string } }>>(backend, 'GET', '/__dev/tasks')).body
  const firstCharge = (await pending()).find((t) => t.method === 'chargeDelivery')
  const firstReminder = (await pending()).find((t) => t.method === 'sendDeliveryReminder')
  expect(firstCharge && firstReminder).toBeTruthy()
  // The sign-up's e-mails go at once, after its commits (reading the outbox runs what was handed on at once).
  const welcome = await call<Array<{ subject: string }>>(backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`)
  expect(welcome.body.map((m) => m.subject)).toContain('Your delivery address is saved')
  // Nothing time-driven runs before its time: POST /__dev/tasks/run now runs neither.
  expect((await call(backend, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })

  const moved = await call<{ nowMs: number; tasks: Array<{ method: string; status: number; ranAt: string }> }>(backend, 'POST', '/__dev/clock', { advanceSeconds: 6 * WEEK_S })
  expect(moved.status).toBe(200)
  expect(moved.body.tasks.filter((t) => t.status !== 200)).toEqual([])
  const endMs = moved.body.nowMs
  expect(endMs - startMs).toBeGreaterThanOrEqual(6 * WEEK_S * 1000)

  // The session issued before the move still works: STATE as the customer.
  const state = await call<{ user: Record<string, { payments?: Payment[] }> }>(backend, 'POST', `/${P}/STATE/Account/${accountId}?_token=${token}`)
  expect(state.status).toBe(200)
  const payments = state.body.user[userIdFor(email)]?.payments ?? []

  // Every delivery whose final moment passed is paid, charged at that moment, not before.
  const dates = payments.map((p) => p.date)
  expect(dates[0]).toBe(firstCharge?.payload?.date)
  expect(payments.length).toBeGreaterThanOrEqual(2)
  for (const p of payments) {
    const final = finalMomentMs(p.date)
    expect({ date: p.date, status: p.status }).toEqual({ date: p.date, status: 'paid' })
    const charged = Date.parse(p.chargedAt as string)
    expect([p.date, charged >= final, charged - final < SLACK_MS]).toEqual([p.date, true, true])
  }
  // The next one is not final yet, and not charged.
  const next = (await pending()).find((t) => t.method === 'chargeDelivery')
  expect(finalMomentMs(next?.payload?.date as string)).toBeGreaterThan(endMs)
  expect(dates).not.toContain(next?.payload?.date)

  // Exactly one PaymentIntent per delivery, succeeded, the one recorded.
  // Every page: other test files share this localstripe, so this customer's may be past the first 100.
  const intents: Stripe.PaymentIntent[] = []
  for await (const intent of testStripe().paymentIntents.list({ limit: 100 })) if (intent.metadata.accountId === accountId) intents.push(intent)
  expect(intents.map((i) => [i.metadata.deliveryId, i.status]).sort()).toEqual(payments.map((p) => [p.deliveryId, 'succeeded']).sort())
  expect(intents.map((i) => i.id).sort()).toEqual(payments.map((p) => p.paymentIntentId).sort())

  // Reminders: each went out at its own time (the first one at the time its task was due).
  const outbox = (await call<Array<{ subject: string; sentAt: string }>>(backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}&limit=500`)).body
  const reminders = outbox.filter((m) => /^Your coffee arrives/.test(m.subject)).map((m) => Date.parse(m.sentAt)).sort((a, b) => a - b)
  expect(reminders.length).toBeGreaterThanOrEqual(2)
  const firstDue = Date.parse(firstReminder?.dueAt as string)
  expect([reminders[0]! >= firstDue, reminders[0]! - firstDue < SLACK_MS]).toEqual([true, true])
  // Every one at its reminder hour (06:00 UTC) on its own day, not all at the end of the move.
  for (const at of reminders) expect(new Date(at - (at % 3_600_000)).toISOString()).toMatch(/T06:00:00\.000Z$/)
  expect(new Set(reminders.map((at) => new Date(at).toISOString().slice(0, 10))).size).toBe(reminders.length)
}, 120_000)
