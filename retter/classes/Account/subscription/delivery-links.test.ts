/**
 * The reminder e-mail's one-click links, with the local runtime in-process on a fake clock: the
 * reminder carries a skip link and a change link; opening one (without a session) reads and changes
 * nothing; confirming acts once, as the customer would on their account page. A link replayed,
 * expired, tampered with or presented to another customer's Account is refused, and nothing changes.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import type { AccountUserState } from '../customer'
import { accountTestBackend, baristaSubscriber, envForEachTest } from '../__tests__/backend'

const P = 'delivery-link-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: Barista's deliveries on Wednesdays, from 25 Nov
const REMINDED = '2026-11-30T06:00:00.000Z' // the reminder of Wednesday 2 December
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Sub = SubscriptionFields & AccountUserState

envForEachTest('APP_URL', 'https://shop.example')
const env = accountTestBackend<Sub>(START, () => ({ projectId: P, storage: 'memory', dev: true }))
const { account, stateOf } = env
let seq = 0
const fresh = (name: string) => `${name}.${process.pid}.${++seq}@example.com`

/**
 * The reminder of 2 December and the tokens of its links (from the plain text, as a mail client
 * shows them). The week's walk outlives `who`'s session: they sign in again, as a customer would.
 */
async function reminded(who: Who): Promise<{ text: string; html: string; skip?: string; change?: string }> {
  await env.walkTo(REMINDED)
  Object.assign(who, await account.signIn(who.email))
  const mail = (await account.outbox(who.email)).find((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')
  if (!mail) throw new Error('no reminder for ' + who.email)
  const token = (label: string) => new RegExp(`${label}: (https://\\S+)`).exec(mail.text)?.[1]
  const skip = token('Skip this delivery')
  const change = token('Change its day or coffee')
  return { text: mail.text, html: mail.html ?? '', skip: skip?.split('#')[1], change: change?.split('#')[1] }
}

/** Calls a link method on `who`'s Account without any session. */
const anonymous = (who: Who, name: string, body: unknown) => account.method<Record<string, unknown>>(who, name, body, '')
const codeOf = (res: { status: number; body: unknown }) => ({ status: res.status, code: (res.body as { code?: string }).code })

test('the reminder offers both links; opening one changes nothing, confirming skips the delivery once', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const mail = await reminded(sam)
  expect(mail.text).toMatch(/Skip this delivery: https:\/\/shop\.example\/delivery-link#acct_/)
  expect(mail.html).toContain('>Skip this delivery</a>')
  expect(mail.skip).toBeDefined()
  expect(mail.change).toBeDefined()
  const before = await stateOf(sam)

  // Opening it (a mail scanner, or the page before the customer confirms) only reads.
  const read = await anonymous(sam, 'readDeliveryLink', { token: mail.skip })
  expect(read.status).toBe(200)
  expect(read.body).toMatchObject({ action: 'skip', date: '2026-12-02T00:00:00.000Z', plan: 'barista', lastChangeAt: '2026-12-01T00:00:00.000Z' })
  expect(await stateOf(sam)).toEqual(before)

  const used = await anonymous(sam, 'useDeliveryLink', { token: mail.skip })
  expect(used.status).toBe(200)
  const after = await stateOf(sam)
  expect(after.upcomingDeliveries?.find((d) => d.date === '2026-12-02T00:00:00.000Z')?.skipped).toBe(true)
  expect(after.timeline?.at(-1)).toMatchObject({ what: 'skipped', actor: 'customer', date: '2026-12-02T00:00:00.000Z' })
  expect((await account.outbox(sam.email)).map((m) => m.subject)).toContain('Skipped: your delivery on Wednesday 2 December 2026')

  // Single use: again, even after the customer brings the delivery back.
  await account.ok(sam, 'unskipDelivery', { date: '2026-12-02' })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: mail.skip }))).toEqual({ status: 409, code: 'LINK_USED' })
  expect(codeOf(await anonymous(sam, 'readDeliveryLink', { token: mail.skip }))).toEqual({ status: 409, code: 'LINK_USED' })
  expect((await stateOf(sam)).upcomingDeliveries?.find((d) => d.date === '2026-12-02T00:00:00.000Z')?.skipped).toBe(false)
})

test('the change link lists the days and coffees to choose from and does the one confirmed', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'setPreferences', { grind: 'wholeBean', roast: 'medium' })
  const { change } = await reminded(sam)
  const read = await anonymous(sam, 'readDeliveryLink', { token: change })
  expect(read.body).toMatchObject({ action: 'change', date: '2026-12-02T00:00:00.000Z', coffee: { id: 'huila', chosen: false } })
  const options = (read.body.coffeeOptions as Array<{ id: string }>).map((c) => c.id)
  expect(options).toContain('guji')
  // Its window: before 9 December (the delivery after it), and no earlier than the lead time allows
  // on Monday 30 November (2 December itself, where it is now).
  expect(read.body.moveDays).toEqual(['03', '04', '05', '06', '07', '08'].map((d) => `2026-12-${d}T00:00:00.000Z`))

  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change }))).toEqual({ status: 400, code: 'CHANGE_REQUIRED' })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change, coffeeId: 'guji', to: '2026-12-04' }))).toEqual({ status: 400, code: 'CHANGE_REQUIRED' })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change, coffeeId: 'nope' }))).toEqual({ status: 404, code: 'COFFEE_NOT_FOUND' })
  // A refused confirmation leaves the link usable.
  expect((await anonymous(sam, 'useDeliveryLink', { token: change, coffeeId: 'guji' })).status).toBe(200)
  const day = (await stateOf(sam)).upcomingDeliveries?.find((d) => d.date === '2026-12-02T00:00:00.000Z')
  expect(day?.coffee).toEqual({ id: 'guji', name: 'Guji Highlands', chosen: true })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change, coffeeId: 'huila' }))).toEqual({ status: 409, code: 'LINK_USED' })
})

test('a change link moves the delivery to a day of its window, once', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const { change } = await reminded(sam)
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change, to: '2026-12-09' }))).toEqual({ status: 409, code: 'OUTSIDE_WINDOW' })
  expect((await anonymous(sam, 'useDeliveryLink', { token: change, to: '2026-12-04' })).status).toBe(200)
  const after = await stateOf(sam)
  expect(after.upcomingDeliveries?.map((d) => d.date.slice(0, 10))).toContain('2026-12-04')
  expect(after.upcomingDeliveries?.map((d) => d.date.slice(0, 10))).not.toContain('2026-12-02')
  expect(after.timeline?.at(-1)).toMatchObject({ what: 'moved', actor: 'customer', date: '2026-12-04T00:00:00.000Z', fromDate: '2026-12-02T00:00:00.000Z' })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: change, to: '2026-12-03' }))).toEqual({ status: 409, code: 'LINK_USED' })
})

test('a link is useless on another customer’s Account, tampered with, or after its delivery’s final moment', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const tia = await baristaSubscriber(account, await account.signIn(fresh('tia')), HOME)
  const { skip } = await reminded(sam)
  Object.assign(tia, await account.signIn(tia.email))
  const token = skip as string
  const tiaBefore = await stateOf(tia)
  // Sam's link on Tia's Account, and Sam's link rewritten to name Tia's Account.
  expect(codeOf(await anonymous(tia, 'useDeliveryLink', { token }))).toEqual({ status: 400, code: 'LINK_INVALID' })
  expect(codeOf(await anonymous(tia, 'useDeliveryLink', { token: token.replace(sam.accountId, tia.accountId) }))).toEqual({ status: 400, code: 'LINK_INVALID' })
  expect(await stateOf(tia)).toEqual(tiaBefore)
  // Another delivery, or the other action, under the same signature.
  const samBefore = await stateOf(sam)
  for (const forged of [token.replace('2026-12-02', '2026-12-09'), token.replace('.skip.', '.change.'), token.slice(0, -1) + (token.endsWith('0') ? '1' : '0'), 'nonsense', '']) {
    expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token: forged, coffeeId: 'guji' }))).toEqual({ status: 400, code: 'LINK_INVALID' })
  }
  expect(await stateOf(sam)).toEqual(samBefore)

  // From the delivery's final moment (the end of Monday 30 November) the link has expired.
  await env.walkTo('2026-12-01T00:00:00.000Z')
  expect(codeOf(await anonymous(sam, 'readDeliveryLink', { token }))).toEqual({ status: 410, code: 'LINK_EXPIRED' })
  expect(codeOf(await anonymous(sam, 'useDeliveryLink', { token }))).toEqual({ status: 410, code: 'LINK_EXPIRED' })
})

test('a skip link for a delivery skipped since says so; a customer in German gets the German page', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'setLocale', { locale: 'de' })
  await env.walkTo(REMINDED)
  Object.assign(sam, await account.signIn(sam.email))
  const mail = (await account.outbox(sam.email)).find((m) => m.subject.startsWith('Dein Kaffee kommt'))
  const link = /Diese Lieferung aussetzen: (https:\/\/\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
  expect(link).toMatch(/^https:\/\/shop\.example\/de\/delivery-link#acct_/)
  await account.ok(sam, 'skipDelivery', { date: '2026-12-02' })
  const res = await anonymous(sam, 'readDeliveryLink', { token: link.split('#')[1] })
  expect(codeOf(res)).toEqual({ status: 409, code: 'ALREADY_SKIPPED' })
})

test('without APP_URL the reminder has no links, and says where to manage the delivery', async () => {
  delete process.env.APP_URL
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const { text, skip } = await reminded(sam)
  expect(skip).toBeUndefined()
  expect(text).not.toContain('delivery-link')
})
