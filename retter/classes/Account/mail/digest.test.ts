/**
 * Change confirmations grouped into one e-mail (CHANGE_MAIL_DIGEST_SECONDS): a confirmation waits
 * in the outbox for its window and the customer's later changes within it join it, listed in order;
 * starting a plan (card, address, grind, plan) is one e-mail; what the shop owes is never delayed.
 * The local runtime's default is 0 (each at once), which every other test relies on.
 */
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { accountClient, type Customer } from '../../../../rio-local/test/account-client'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../../rio-local/test/payments'

const P = 'digest-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday
const WINDOW_S = 120
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

let time: ReturnType<typeof fakeDate>
let backend: Backend
interface Sub { history: Array<{ action: string }>; upcomingDeliveries?: Array<{ date: string }> }

beforeEach(async () => {
  time = fakeDate(START)
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 24 * 60 * 60, projectEnv: { CHANGE_MAIL_DIGEST_SECONDS: String(WINDOW_S) } })
})
afterEach(async () => {
  await backend.close()
  // The runtime copied it into the environment: the next backend of this worker gets its own default.
  delete process.env.CHANGE_MAIL_DIGEST_SECONDS
  jest.useRealTimers()
})

const account = accountClient<Sub>(() => backend)
const { method, ok } = account
/** The customer's e-mails, oldest first, sign-in codes left out. */
const mails = async (who: Customer) => (await account.outbox(who.email)).filter((m) => !/code/i.test(m.subject)).reverse()
/** Moves the clock on and runs the tasks then due (the outbox's retryMail among them). */
async function after(seconds: number) {
  time.advance(seconds * 1000)
  await call(backend, 'POST', '/__dev/tasks/run')
}

test('starting a plan (card, address, grind and roast, plan) sends one e-mail, the welcome, and logs only the start', async () => {
  const sam: Customer = { ...(await sessions(backend).customer('sam@example.com')), email: 'sam@example.com' }
  await savePaymentMethod((name, body) => method(sam, name, body))
  await ok(sam, 'setDeliveryAddress', HOME)
  await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
  const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
  expect(sub.history.map((h) => h.action)).toEqual(['started'])
  expect(await mails(sam)).toEqual([])
  await after(WINDOW_S)
  const sent = await mails(sam)
  expect(sent.map((m) => m.subject)).toEqual(['Welcome to Bean & Bloom: your Barista subscription has started'])
  // The card saved before the start is named in the welcome, not confirmed on its own.
  expect(sent[0]!.text).not.toContain('Your payment method is saved')
  expect(sent[0]!.text).toContain('Each delivery is charged to your Visa •••• 4242')
  expect(sent[0]!.text).not.toContain('We have your delivery address')
  expect(sent[0]!.text).toContain('Torstraße 1')
})

test('changes within the window are one e-mail listing each in order; a change after it starts the next e-mail', async () => {
  const sam: Customer = { ...(await sessions(backend).customer('sam@example.com')), email: 'sam@example.com' }
  await savePaymentMethod((name, body) => method(sam, name, body))
  await ok(sam, 'setDeliveryAddress', HOME)
  await ok(sam, 'selectPlan', { planId: 'barista' })
  await after(WINDOW_S)
  const before = (await mails(sam)).length
  const sub = await ok(sam, 'skipDelivery', { date: '2026-12-02T00:00:00.000Z' })
  expect(sub.history.at(-1)?.action).toBe('skipped')
  time.advance(30_000)
  await ok(sam, 'skipDelivery', { date: '2026-12-09T00:00:00.000Z' })
  time.advance(30_000)
  await ok(sam, 'unskipDelivery', { date: '2026-12-02T00:00:00.000Z' })
  await after(10)
  expect((await mails(sam)).length).toBe(before)
  await after(WINDOW_S)
  const digest = (await mails(sam)).slice(before)
  expect(digest.map((m) => m.subject)).toEqual(['Your subscription: 3 changes confirmed'])
  expect(digest[0]!.text).toMatch(
    /1\. You skipped a delivery\.\nWe won't send your delivery of Wednesday 2 December 2026\.[\s\S]*2\. You skipped a delivery\.\nWe won't send your delivery of Wednesday 9 December 2026\.[\s\S]*3\. Your delivery is back on\.\nWe'll send your delivery of Wednesday 2 December 2026 after all\./,
  )
  await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
  await after(WINDOW_S)
  expect((await mails(sam)).slice(before + 1).map((m) => m.subject)).toEqual(['Your coffee preferences have changed'])
})
