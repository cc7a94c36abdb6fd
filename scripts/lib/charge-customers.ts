/**
 * Customers who pay, made over HTTP against a running local runtime (a child process of
 * rio-local/main.ts in dev mode) and localstripe: signed in with their e-mailed code, an address, a
 * card saved through a SetupIntent (confirmed as Stripe.js would), and a started subscription. Also
 * the test clock's endpoints and localstripe's PaymentIntents, counted per delivery. Used by the
 * charge crash test (rio-local/test/charge-crash.test.ts) and `npm run bench:charges`.
 */
import http from 'node:http'
import { retryWhileBusy } from '../../lib/rio/busy-retry'

/** The dev endpoints' header (rio-local/app.ts DEV_HEADER). */
const DEV = { 'x-rio-dev': '1' }

/** A delivery address the Account class accepts. */
export const BENCH_ADDRESS = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
/** Stripe's test card that pays. */
export const PAYING_CARD = '4242424242424242'

export interface Subscriber {
  email: string
  accountId: string
  /** The customer's access token (long enough for the run: the runtime's TTL settings). */
  token: string
}

export interface Target {
  /** `http://127.0.0.1:PORT` of the runtime. */
  origin: string
  projectId: string
  /** localstripe's address and a key it accepts. */
  stripeUrl: string
  stripeKey: string
}

async function jsonOf<T>(res: Response, what: string): Promise<T> {
  const text = await res.text()
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** Rounds of the SDK's busy retry a bench request gets, this far apart. */
const BUSY_ROUNDS = 5
const BUSY_PAUSE_MS = 250

/**
 * fetch, asked again (up to 3 times, 200 ms apart) when the connection fails before an answer: a
 * kept-alive socket the runtime closed as it was reused ("fetch failed") on a loaded machine.
 */
async function fetchAgainOnReset(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init)
    } catch (err) {
      if (!(err instanceof TypeError) || attempt >= 4) throw err
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

async function rio<T>(target: Target, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  // A busy account (570, e.g. while it sends the e-mail of the last change) is asked again, as the app's SDK does;
  // on a loaded machine a few rounds of that (a set-up of a thousand customers should not stop at one busy moment).
  const once = () => retryWhileBusy(() => fetchAgainOnReset(`${target.origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }))
  let res = await once()
  for (let round = 1; res.status === 570 && round < BUSY_ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS))
    res = await once()
  }
  return jsonOf<T>(res, `${method} ${path.replace(/_token=[^&]+/, '_token=…')}`)
}

async function stripeForm<T>(target: Target, path: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(`${target.stripeUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.stripeKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })
  return jsonOf<T>(res, `localstripe ${path}`)
}

/** Signs `email` in as the app does: anonymous token, the Account by e-mail, the code from the dev outbox, the custom token. */
export async function signIn(target: Target, email: string): Promise<Subscriber> {
  const p = target.projectId
  const anon = (await rio<{ response: { accessToken: string } }>(target, 'GET', `/root/INSTANCE/ProjectUser?projectId=${p}`)).response.accessToken
  const { instanceId } = await rio<{ instanceId: string }>(target, 'POST', `/${p}/INSTANCE/Account?_token=${anon}`, { email })
  await rio(target, 'POST', `/${p}/CALL/Account/sendOtp/${instanceId}?_token=${anon}`)
  const outbox = await rio<Array<{ code?: string }>>(target, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`, undefined, DEV)
  const code = outbox.find((m) => m.code)?.code
  if (!code) throw new Error(`No sign-in code reached the outbox of ${email}`)
  const verified = await rio<{ data: { customToken: string } }>(target, 'POST', `/${p}/CALL/Account/verifyOtp/${instanceId}?_token=${anon}`, { code })
  const customToken = verified.data.customToken
  const userId = (JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()) as { userId: string }).userId
  const signedIn = await rio<{ accessToken: string }>(target, 'GET', `/root/CALL/ProjectUser/authWithCustomToken/${p}_${userId}?customToken=${customToken}`)
  return { email, accountId: instanceId, token: signedIn.accessToken }
}

/**
 * Opens the Shop as `ownerEmail` (one of the runtime's STAFF_EMAILS), as an owner's first visit to
 * the staff pages does: the Accounts then read the shop's own catalogue, as in a running shop.
 */
export async function openShop(target: Target, ownerEmail: string): Promise<void> {
  const owner = await signIn(target, ownerEmail)
  await rio(target, 'POST', `/${target.projectId}/INSTANCE/Shop/main?_token=${owner.token}`)
}

/** Calls an Account method as the customer; throws unless it answers 2xx. */
export function callAccount<T = unknown>(target: Target, who: Subscriber, method: string, body?: unknown): Promise<T> {
  return rio<T>(target, 'POST', `/${target.projectId}/CALL/Account/${method}/${who.accountId}?_token=${who.token}`, body ?? {})
}

/** Saves Stripe's paying test card: startPaymentSetup, the browser's confirmation at localstripe, savePaymentMethod. */
export async function saveCard(target: Target, who: Subscriber, card = PAYING_CARD): Promise<void> {
  const { setupIntentId } = await callAccount<{ setupIntentId: string }>(target, who, 'startPaymentSetup', { type: 'card' })
  const pm = await stripeForm<{ id: string }>(target, '/v1/payment_methods', {
    type: 'card',
    'card[number]': card,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getUTCFullYear() + 3),
    'card[cvc]': '123',
  })
  const intent = await stripeForm<{ status: string }>(target, `/v1/setup_intents/${setupIntentId}/confirm`, { payment_method: pm.id })
  if (intent.status !== 'succeeded') throw new Error(`The SetupIntent of ${who.email} is ${intent.status}, not succeeded`)
  await callAccount(target, who, 'savePaymentMethod', { setupIntentId })
}

/** A customer with an address, a saved card and a started subscription (first delivery LEAD_DAYS ahead). */
export async function subscribe(target: Target, email: string, planId = 'barista'): Promise<Subscriber> {
  const who = await signIn(target, email)
  await callAccount(target, who, 'setDeliveryAddress', BENCH_ADDRESS)
  await saveCard(target, who)
  await callAccount(target, who, 'selectPlan', { planId })
  return who
}

/** Runs `work` over `items` with at most `width` at a time; results in item order. */
export async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
  return results
}

/** One customer's payments as their state holds them. */
export interface PaymentView {
  date: string
  deliveryId: string
  status: string
  paymentIntentId?: string
  chargedAt?: string
}

/** The customer's `payments` (their user state, read as the customer). */
export async function paymentsOf(target: Target, who: Subscriber): Promise<PaymentView[]> {
  const state = await rio<{ user?: Record<string, { email?: string; payments?: PaymentView[] }> }>(target, 'POST', `/${target.projectId}/STATE/Account/${who.accountId}?_token=${who.token}`)
  const mine = Object.values(state.user ?? {}).find((u) => u.email === who.email)
  return mine?.payments ?? []
}

/** The test clock's reading (`GET /__dev/clock`). */
export async function readClock(target: Target): Promise<{ now: string; nowMs: number; offsetMs: number }> {
  return rio(target, 'GET', '/__dev/clock', undefined, DEV)
}

/**
 * `POST /__dev/clock {advanceSeconds}` over node:http with no client-side time limit (fetch gives up
 * waiting for headers after 300 s; a move that charges a thousand customers may take longer).
 * @returns the runtime's answer, or rejects when the connection breaks (the runtime was killed)
 */
export function advanceClock(target: Target, advanceSeconds: number): Promise<{ nowMs: number; ran: number; tasks: Array<{ method: string; status: number }> }> {
  const body = JSON.stringify({ advanceSeconds })
  const url = new URL('/__dev/clock', target.origin)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...DEV, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`POST /__dev/clock answered ${res.statusCode}: ${text.slice(0, 300)}`))
        else resolve(JSON.parse(text) as { nowMs: number; ran: number; tasks: Array<{ method: string; status: number }> })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** The pending delayed calls (`GET /__dev/tasks`). */
export function pendingTasks(target: Target): Promise<Array<{ method: string; dueAt: string; instanceId?: string; payload?: unknown }>> {
  return rio(target, 'GET', '/__dev/tasks', undefined, DEV)
}

export interface StripeIntent {
  id: string
  status: string
  amount: number
  customer: string | null
  metadata: Record<string, string>
}

/** Every PaymentIntent localstripe holds, page by page. */
export async function listPaymentIntents(target: Pick<Target, 'stripeUrl' | 'stripeKey'>): Promise<StripeIntent[]> {
  const all: StripeIntent[] = []
  let after: string | undefined
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) })
    const res = await fetch(`${target.stripeUrl}/v1/payment_intents?${query}`, { headers: { authorization: `Bearer ${target.stripeKey}` } })
    const page = await jsonOf<{ data: StripeIntent[]; has_more: boolean }>(res, 'localstripe GET /v1/payment_intents')
    all.push(...page.data)
    if (!page.has_more || page.data.length === 0) return all
    after = page.data[page.data.length - 1]?.id
  }
}

/** The PaymentIntents of each delivery (by `metadata.deliveryId`) of the given accounts. */
export function intentsByDelivery(intents: readonly StripeIntent[], accountIds: ReadonlySet<string>): Map<string, StripeIntent[]> {
  const byDelivery = new Map<string, StripeIntent[]>()
  for (const intent of intents) {
    const deliveryId = intent.metadata.deliveryId
    if (!deliveryId || !accountIds.has(intent.metadata.accountId ?? '')) continue
    byDelivery.set(deliveryId, [...(byDelivery.get(deliveryId) ?? []), intent])
  }
  return byDelivery
}

/** Whole seconds from business time `nowMs` to the next 01:00 UTC: a moment far from midnight, so customers made in the next hours share their first delivery. */
export function secondsToOneAm(nowMs: number): number {
  const day = 86_400_000
  const oneAm = Math.floor(nowMs / day) * day + 3_600_000
  const next = oneAm > nowMs ? oneAm : oneAm + day
  return Math.ceil((next - nowMs) / 1000)
}
