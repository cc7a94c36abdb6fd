/**
 * bench:charges holds its charges to localstripe's own ceiling, measured with the same work on the
 * same store: the load makes exactly the charges asked for, and localstripe's store mark takes
 * every object the load added away again, leaving what was there before. A localstripe of this
 * file's own: going back to a mark on the run's shared one would take other files' objects away.
 */
import path from 'node:path'
import { Writable } from 'node:stream'
import { LOCAL_STRIPE_SECRET_KEY, markStore, rollBackToMark, startLocalstripe, type RunningLocalstripe } from './localstripe'
import { findFreePort } from './ports'
import { measureCeiling } from './stripe-ceiling'

const root = path.resolve(__dirname, '..', '..')
let stripe: RunningLocalstripe

beforeAll(async () => {
  stripe = await startLocalstripe({ root, port: await findFreePort(), output: new Writable({ write: (_chunk, _encoding, done) => done() }) })
}, 120_000)

afterAll(async () => {
  await stripe?.stop()
})

async function stripeGet(pathname: string): Promise<{ status: number; body: { data?: Array<{ id: string; metadata?: Record<string, string> }>; id?: string } }> {
  const res = await fetch(`${stripe.url}${pathname}`, { headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` } })
  return { status: res.status, body: (await res.json()) as { data?: Array<{ id: string }>; id?: string } }
}

async function newCustomer(email: string): Promise<string> {
  const res = await fetch(`${stripe.url}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  })
  return ((await res.json()) as { id: string }).id
}

test('going back without a mark is refused with what to do, and leaves the store alone', async () => {
  const kept = await newCustomer('alone@ceiling.example')
  await expect(rollBackToMark(stripe.url)).rejects.toThrow(/409.*POST \/_config\/store-mark first/)
  expect((await stripeGet(`/v1/customers/${kept}`)).body.id).toBe(kept)
})

test('the ceiling makes exactly the charges asked for, and the mark takes its objects away again', async () => {
  const kept = await newCustomer('kept@ceiling.example')
  const before = await markStore(stripe.url)
  expect(before).toBeGreaterThan(0)

  const ceiling = await measureCeiling(stripe.url, LOCAL_STRIPE_SECRET_KEY, { charges: 7, concurrency: 3 })
  expect(ceiling.requests).toBe(21)
  expect(ceiling.perSecond).toBeCloseTo(21 / ceiling.seconds)
  const made = await stripeGet('/v1/payment_intents?limit=100')
  const ceilings = (made.body.data ?? []).filter((intent) => intent.metadata?.accountId === 'ceiling')
  expect(ceilings).toHaveLength(7)
  // Each with its own delivery, as the bench's charges have.
  expect(new Set(ceilings.map((intent) => intent.metadata?.deliveryId)).size).toBe(7)

  const removed = await rollBackToMark(stripe.url)
  // Its customer, card and charges (each a PaymentIntent, a charge and more) are gone.
  expect(removed).toBeGreaterThanOrEqual(2 + 7 * 2)
  expect((await stripeGet('/v1/payment_intents?limit=100')).body.data).toEqual([])
  expect((await stripeGet(`/v1/payment_intents/${(ceilings[0] as { id: string }).id}`)).status).toBe(404)
  // What was there before the mark stays.
  expect((await stripeGet(`/v1/customers/${kept}`)).body.id).toBe(kept)
}, 60_000)
