/**
 * localstripe's own ceiling: the Stripe requests a second it answers under a direct load (no
 * runtime in between) of the very work the benchmark's charges give it: `charges` times the
 * requests a charge makes, in the order it makes them (create a PaymentIntent for a customer's
 * saved card with the metadata and idempotency key a charge sends, read it, confirm it), from
 * `concurrency` clients at once. `npm run bench:charges` prints it beside its charging rate: the
 * runtime can at best keep localstripe this busy. Its PaymentIntents carry no delivery of the bench.
 *
 * The same number of charges, not a fixed time: localstripe's cost per request grows with the
 * objects it stores (each export of a Charge scans them all), so only the same work on the same
 * store (the caller takes this load's objects away again, localstripe.ts's store mark) is a
 * ceiling the charges can be held to.
 */
export interface Ceiling {
  requests: number
  seconds: number
  perSecond: number
}

async function stripeCall<T>(url: string, key: string, method: 'GET' | 'POST', path: string, form?: Record<string, string>, idempotencyKey?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`localstripe ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** A customer of its own with Stripe's paying test card attached, made directly at localstripe. */
async function customerWithCard(url: string, key: string): Promise<{ customer: string; paymentMethod: string }> {
  const customer = await stripeCall<{ id: string }>(url, key, 'POST', '/v1/customers', { email: 'ceiling@bench.example' })
  const pm = await stripeCall<{ id: string }>(url, key, 'POST', '/v1/payment_methods', {
    type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getUTCFullYear() + 3), 'card[cvc]': '123',
  })
  await stripeCall(url, key, 'POST', `/v1/payment_methods/${pm.id}/attach`, { customer: customer.id })
  return { customer: customer.id, paymentMethod: pm.id }
}

/** Makes `charges` charges directly at localstripe from `concurrency` clients; its requests a second. */
export async function measureCeiling(url: string, key: string, options: { charges: number; concurrency: number }): Promise<Ceiling> {
  const { customer, paymentMethod } = await customerWithCard(url, key)
  let requests = 0
  let charged = 0
  const startedAt = Date.now()
  const client = async (): Promise<void> => {
    while (charged < options.charges) {
      const n = ++charged
      const intent = await stripeCall<{ id: string }>(url, key, 'POST', '/v1/payment_intents', {
        amount: '1490', currency: 'eur', customer, payment_method: paymentMethod,
        'metadata[accountId]': 'ceiling', 'metadata[deliveryId]': `ceiling-${n}`, 'metadata[deliveryDate]': '2026-01-01T00:00:00.000Z', 'metadata[attempt]': '1', 'metadata[plan]': 'ceiling',
      }, `ceiling-${n}-1`)
      await stripeCall(url, key, 'GET', `/v1/payment_intents/${intent.id}`)
      await stripeCall(url, key, 'POST', `/v1/payment_intents/${intent.id}/confirm`, {})
      requests += 3
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.charges) }, client))
  const seconds = (Date.now() - startedAt) / 1000
  return { requests, seconds, perSecond: requests / seconds }
}
