/**
 * The words a page loads after its first paint: what `/api/messages` answers, and how the route
 * refuses what it cannot answer.
 */
import type { NextApiRequest, NextApiResponse } from 'next'
import messages from '@/pages/api/messages'
import { bundleAnswer } from '@/lib/i18n/bundle-answer'
import { MESSAGE_BUNDLES } from '@/lib/i18n/bundles'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'

test('a bundle comes in the language asked for, its own words only (not the frame\'s)', () => {
  const de = bundleAnswer('confirmPlan', 'de')
  const en = bundleAnswer('confirmPlan', 'en')
  if (de.status !== 200 || en.status !== 200) throw new Error('expected both to be answered')
  expect(de.body['delivery.address.line1']).toBeDefined()
  expect(de.body['delivery.address.line1']).not.toEqual(en.body['delivery.address.line1'])
  expect(Object.keys(de.body).sort()).toEqual(Object.keys(en.body).sort())
  expect(Object.keys(de.body).some((key) => key.startsWith('shell.'))).toBe(false)
})

test('every bundle is answered in every language the shop speaks', () => {
  for (const bundle of Object.keys(MESSAGE_BUNDLES)) {
    for (const locale of LOCALES) expect(bundleAnswer(bundle, locale).status).toBe(200)
  }
})

test('an unknown bundle or language is refused with what the route does answer', () => {
  expect(bundleAnswer('account', 'en')).toEqual({ status: 404, body: { error: 'No bundle of messages is called "account"; there are: confirmPlan.' } })
  expect(bundleAnswer('confirmPlan', 'pt')).toEqual({ status: 400, body: { error: '"pt" is not a language the shop speaks; it speaks: en, de, fr, nl, it, es.' } })
  expect(bundleAnswer(undefined, undefined).status).toBe(404)
  expect(bundleAnswer('toString', 'en').status).toBe(404)
  expect(bundleAnswer('confirmPlan', ['de', 'en']).status).toBe(400)
})

/** The route called as Next calls it, answering into a record of what it sent. */
function call(method: string, query: Record<string, string>) {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} }
  const response = {
    setHeader(name: string, value: string) { sent.headers[name.toLowerCase()] = value; return response },
    status(code: number) { sent.status = code; return response },
    json(body: unknown) { sent.body = body; return response },
  }
  // Only what the route uses of Next's request and response objects.
  messages({ method, query } as unknown as NextApiRequest, response as unknown as NextApiResponse)
  return sent
}

test('the route answers GET, lets caches keep words a few minutes and never keeps a refusal', () => {
  const ok = call('GET', { bundle: 'confirmPlan', locale: 'fr' })
  expect(ok.status).toBe(200)
  expect(ok.headers['cache-control']).toBe('public, max-age=300')
  expect(ok.body).toHaveProperty(['plans.confirm.title.start'])
  const refused = call('GET', { bundle: 'confirmPlan', locale: 'xx' })
  expect(refused.status).toBe(400)
  expect(refused.headers['cache-control']).toBe('no-store')
  const posted = call('POST', { bundle: 'confirmPlan', locale: 'fr' })
  expect(posted).toEqual({ status: 405, headers: { allow: 'GET, HEAD' }, body: { error: '/api/messages answers GET, not POST.' } })
})
