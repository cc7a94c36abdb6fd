/**
 * Staff acting for a customer, and the customer's timeline, with the Shop and Account classes run by
 * the local runtime in-process (and the test run's localstripe for the subscription's card): support
 * and owners call the customer's own methods with a reason; the rules the customer meets hold; the
 * change is on the customer's timeline as staff's with the reason (never the member's address), on
 * the audit log with the member, and the customer's e-mail says the shop made it at their request.
 */
import type { TimelineEntry } from '@retter-shared/BeanBloomSubscription/customer-timeline'
import { ALLOWED } from '@retter-shared/BeanBloomIdentity/roles'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { savePaymentMethod } from '../../../../rio-local/test/payments'
import { shopTestBackend } from '../../Shop/__tests__/shop-backend'

const { account, newEmail, shop, owner } = shopTestBackend('account-staff-acting')

type State = { status: string; timeline?: TimelineEntry[]; delivery?: { postalCode: string }; upcomingDeliveries?: Array<{ date: string; skipped: boolean }> }
const BERLIN = { name: 'Sam Müller', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const AMSTERDAM = { name: 'Sam Müller', line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' }
const BY_SHOP = 'Our customer service made this change for you, at your request.'

/** A customer with an active Barista subscription. */
async function subscriber(): Promise<Who> {
  const sam = await account.signIn(newEmail('sam'))
  await account.ok(sam, 'setDeliveryAddress', BERLIN)
  await savePaymentMethod((name, body) => account.method(sam, name, body))
  await account.ok(sam, 'selectPlan', { planId: 'barista' })
  return sam
}

/** A member with `roles`, signed in (their token used on the customer's Account). */
async function member(olga: Who, roles: string[]): Promise<Who> {
  const email = newEmail(roles.join('-'))
  await shop('setMember', olga, { email, roles })
  return account.signIn(email)
}

/** Calls `method` on `customer`'s Account with `staff`'s session. */
function asStaff(staff: Who, customer: Who, method: string, body: Record<string, unknown>) {
  return account.method<Record<string, unknown>>(customer, method, body, staff.token)
}

test('support skips a delivery for the customer: their rules, their timeline with the reason, their e-mail, the audit log', async () => {
  const olga = await owner()
  const sam = await subscriber()
  const sue = await member(olga, ['support'])
  const before = (await account.userState(sam)) as State
  const date = before.upcomingDeliveries!.find((d, i) => i > 0 && !d.skipped)!.date.slice(0, 10)

  const answer = await asStaff(sue, sam, 'skipDelivery', { date, reason: 'Away in August, asked by phone' })
  expect(answer.status).toBe(200)
  const after = (await account.userState(sam)) as State
  expect(after.upcomingDeliveries!.find((d) => d.date.startsWith(date))).toMatchObject({ skipped: true })
  expect(after.timeline!.at(-1)).toEqual({ at: expect.any(String), what: 'skipped', actor: 'staff', reason: 'Away in August, asked by phone', date: expect.stringMatching(date), plan: 'barista' })
  // The customer's own changes are theirs.
  expect(after.timeline!.filter((e) => e.what === 'address' || e.what === 'started').map((e) => e.actor)).toEqual(['customer', 'customer'])
  // The member's address is never in what the customer reads.
  expect(JSON.stringify(after)).not.toContain(sue.email)

  const mail = (await account.outbox(sam.email)).find((m) => /skipped/i.test(m.subject))
  expect(mail?.text).toContain(BY_SHOP)
  const audit = (await shop('getAuditLog', olga)).body.entries as Array<{ by: string; action: string; target: string; after: string }>
  expect(audit[0]).toMatchObject({ by: sue.email, action: 'customer.skipDelivery', target: sam.accountId, after: 'Away in August, asked by phone' })

  // The customer's own skip: their e-mail does not say the shop made it.
  const next = after.upcomingDeliveries!.find((d) => !d.skipped && !d.date.startsWith(date) && d.date > before.upcomingDeliveries![0]!.date)!.date.slice(0, 10)
  await account.ok(sam, 'skipDelivery', { date: next })
  expect(((await account.userState(sam)) as State).timeline!.at(-1)).toMatchObject({ what: 'skipped', actor: 'customer' })
  const own = (await account.outbox(sam.email)).find((m) => m.text.includes(next.slice(8, 10)) && /skipped/i.test(m.subject))
  expect(own?.text).not.toContain(BY_SHOP)
})

test('a reason is required from staff; a role without customer.act, and another customer, are refused; nothing changes', async () => {
  const olga = await owner()
  const sam = await subscriber()
  const sue = await member(olga, ['support'])
  const before = await account.userState(sam)
  expect((await asStaff(sue, sam, 'setDeliveryAddress', AMSTERDAM)).body).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' })
  expect((await asStaff(sue, sam, 'setDeliveryAddress', { ...AMSTERDAM, reason: ' x ' })).body).toMatchObject({ code: 'REASON_REQUIRED' })
  for (const roles of [['roaster'], ['finance']]) {
    expect(ALLOWED['customer.act']).not.toContain(roles[0])
    expect((await asStaff(await member(olga, roles), sam, 'setDeliveryAddress', { ...AMSTERDAM, reason: 'Moved house' })).body).toMatchObject({ code: 'FORBIDDEN' })
  }
  const ana = await account.signIn(newEmail('ana'))
  expect((await account.method(sam, 'setDeliveryAddress', { ...AMSTERDAM, reason: 'Moved house' }, ana.token)).status).toBe(403)
  // Staff may call only the methods made for it: not the customer's payment method or data.
  expect((await asStaff(sue, sam, 'exportMyData', {})).status).toBe(403)
  expect(await account.userState(sam)).toEqual(before)
})

test('the customer’s rules hold for staff: the same refusals, with the same codes', async () => {
  const olga = await owner()
  const sam = await subscriber()
  const sue = await member(olga, ['support'])
  const first = ((await account.userState(sam)) as State).upcomingDeliveries![0]!.date.slice(0, 10)
  const offGrid = new Date(Date.parse(first) + 86_400_000).toISOString().slice(0, 10)
  for (const body of [{ date: offGrid }, { date: '2020-01-01' }]) {
    const theirs = await asStaff(sue, sam, 'skipDelivery', { ...body, reason: 'Customer asked' })
    const mine = await account.method(sam, 'skipDelivery', body)
    expect({ status: theirs.status, code: theirs.body.code }).toEqual({ status: mine.status, code: mine.body.code })
    expect(theirs.status).toBe(409)
  }
  expect((await asStaff(sue, sam, 'resumeSubscription', { reason: 'Customer asked' })).body).toMatchObject({ code: 'NOT_PAUSED' })
})

test('support changes the address and an owner cancels with the customer’s reason; both on the timeline', async () => {
  const olga = await owner()
  const sam = await subscriber()
  const sue = await member(olga, ['support'])
  expect((await asStaff(sue, sam, 'setDeliveryAddress', { ...AMSTERDAM, reason: 'Moved to Amsterdam, phoned in' })).status).toBe(200)
  // A cancellation's reason is the customer's (a code for the reports); staff's own words are its note.
  expect((await asStaff(olga, sam, 'cancelSubscription', { reason: 'tooMuch' })).body).toMatchObject({ code: 'REASON_REQUIRED', field: 'note' })
  expect((await asStaff(olga, sam, 'cancelSubscription', { note: 'Two bags a week is too much, phoned in' })).body).toMatchObject({ code: 'CANCEL_REASON_REQUIRED', field: 'reason' })
  expect((await asStaff(olga, sam, 'cancelSubscription', { reason: 'tooMuch', note: 'Two bags a week is too much, phoned in' })).status).toBe(200)
  const state = (await account.userState(sam)) as State
  expect(state).toMatchObject({ status: 'cancelled', delivery: { postalCode: '1015 CJ' } })
  expect(state.timeline!.slice(-2)).toEqual([
    expect.objectContaining({ what: 'address', actor: 'staff', reason: 'Moved to Amsterdam, phoned in' }),
    expect.objectContaining({ what: 'cancelled', actor: 'staff', reason: 'Two bags a week is too much, phoned in', cancelReason: 'tooMuch', note: 'Two bags a week is too much, phoned in' }),
  ])
})

test('support opens the customer: subscription, deliveries with payments, card brand and last 4 only, e-mails, the timeline with who', async () => {
  const olga = await owner()
  const sam = await subscriber()
  const sue = await member(olga, ['support'])
  const date = ((await account.userState(sam)) as State).upcomingDeliveries![1]!.date.slice(0, 10)
  await asStaff(sue, sam, 'skipDelivery', { date, reason: 'On holiday' })
  const page = await account.method<Record<string, unknown>>(sam, 'customerForStaff', {}, sue.token)
  expect(page.status).toBe(200)
  expect(page.body).toMatchObject({
    accountId: sam.accountId, email: sam.email, status: 'active', plan: 'barista', planName: 'Barista', amountCents: 2000,
    delivery: { postalCode: '10119' }, paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
    upcomingDeliveries: expect.arrayContaining([expect.objectContaining({ date: expect.stringMatching(date), skipped: true })]),
    mails: expect.arrayContaining([expect.objectContaining({ subject: expect.any(String), sentAt: expect.any(String) })]),
  })
  expect(Object.keys(page.body.paymentMethod as object).sort()).toEqual(['brand', 'last4', 'type'])
  expect((page.body.timeline as Array<Record<string, unknown>>).at(-1)).toMatchObject({ what: 'skipped', actor: 'staff', reason: 'On holiday', staffEmail: sue.email })
  // Roles without customer.find, and customers, may not open it.
  expect((await account.method(sam, 'customerForStaff', {}, (await member(olga, ['roaster'])).token)).status).toBe(403)
  expect((await account.method(sam, 'customerForStaff', {})).status).toBe(403)
})
