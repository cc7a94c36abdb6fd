/**
 * Gifts end to end, with the local runtime in-process on a fake clock and localstripe: a customer
 * gives three deliveries, paid at once; the recipient is told on the start date, starts it with
 * their address, and the gift pays three deliveries (a skip moves one on) without a charge; the
 * giver's receipt carries the VAT of the recipient's country; without a card of their own the
 * subscription ends with the gift. A gift not started is cancelled for a refund. Refusals change
 * nothing and charge nothing.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { vatInGross } from '@retter-shared/BeanBloomSubscription/vat'
import { authenticatePayment, testStripe, savePaymentMethod, TEST_CARDS, TEST_IBANS, lateDebitFailed } from '../../../../rio-local/test/payments'
import type { Customer } from '../../../../rio-local/test/account-client'
import { call } from '../../../../rio-local/test/in-process'
import type { AccountUserState } from '../customer'
import { documentsOf } from '../data-rights/deletion'
import { BERLIN_HOME, freshEmail as fresh, ROSA, subscriptionTestBackend } from '../__tests__/backend'

type Sub = SubscriptionFields & AccountUserState

const env = subscriptionTestBackend<Sub>('gift-tests')
const { account, stateOf } = env
const BARISTA = PLANS.find((p) => p.id === 'barista')!
const VIENNA = { name: 'Rita Gruber', line1: 'Ringstraße 1', city: 'Wien', postalCode: '1010', country: 'AT' }

async function withCard(who: Customer, card: string = TEST_CARDS.visa): Promise<Customer> {
  await savePaymentMethod((name, body) => account.method(who, name, body), { card })
  return who
}

/** Signs everyone in again (sessions expire as the clock walks). */
async function again(...who: Customer[]): Promise<void> {
  for (const one of who) Object.assign(one, await account.signIn(one.email))
}

test('a 3-delivery gift: paid once, told on its start date, started with an address, three deliveries paid by it, then over without a card', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const ritaEmail = fresh('rita')
  const order = { planId: 'barista', deliveries: 3, recipientEmail: ritaEmail.toUpperCase(), message: 'Happy birthday, Rita!', startDate: '2026-11-25' }
  const bought = await account.ok<{ giftId: string }>(gina, 'buyGift', order)
  expect(bought.giftId).toMatch(/^gift_[0-9a-f]{24}$/)
  // A repeated request (a double click, a lost answer) is the same gift, charged once.
  expect((await account.ok<{ giftId: string }>(gina, 'buyGift', order)).giftId).toBe(bought.giftId)
  const given = (await stateOf(gina)).giftsGiven!
  expect(given).toHaveLength(1)
  expect(given[0]).toMatchObject({ status: 'paid', deliveries: 3, recipientEmail: ritaEmail, amountCents: 3 * BARISTA.amount, paidWith: 'Visa •••• 4242' })
  const intent = await testStripe().paymentIntents.retrieve(given[0]!.paymentIntentId!)
  expect([intent.amount, intent.status]).toEqual([3 * BARISTA.amount, 'succeeded'])
  // One PaymentIntent for the gift, however often it was asked for.
  const forGift = []
  for await (const pi of testStripe().paymentIntents.list({ limit: 100 })) if (pi.metadata?.giftId === bought.giftId) forGift.push(pi.id)
  expect(forGift).toEqual([intent.id])
  expect((await account.outbox(gina.email)).map((m) => m.subject)).toContain(`Your gift for ${ritaEmail} is paid`)
  expect((await stateOf(gina)).timeline?.at(-1)).toMatchObject({ what: 'gift-given', person: ritaEmail, quantity: 3, giftPlan: 'barista' })
  // Nothing reaches the recipient before the start date.
  expect(await account.outbox(ritaEmail)).toEqual([])

  await env.walkTo('2026-11-25T09:00:00.000Z')
  await again(gina)
  expect((await stateOf(gina)).giftsGiven![0]!.status).toBe('sent')
  const told = (await account.outbox(ritaEmail)).find((m) => m.subject === `${gina.email} gave you coffee`)
  expect(told?.text).toContain('3 deliveries of Barista')
  expect(told?.text).toContain('Happy birthday, Rita!')

  const rita = await account.signIn(ritaEmail)
  expect((await stateOf(rita)).giftOffers?.map((o) => [o.giftId, o.deliveries, o.from])).toEqual([[bought.giftId, 3, gina.email]])
  const noAddress = await account.method(rita, 'redeemGift', { giftId: bought.giftId })
  expect([noAddress.status, noAddress.body.code]).toEqual([409, 'NO_DELIVERY_ADDRESS'])
  await account.ok(rita, 'setDeliveryAddress', VIENNA)
  await account.ok(rita, 'setPreferences', { grind: 'filter', roast: 'dark' })
  const started = await account.ok(rita, 'redeemGift', { giftId: bought.giftId })
  expect(started).toMatchObject({ status: 'active', plan: 'barista', gift: { giftId: bought.giftId, deliveries: 3, used: 0, from: gina.email } })
  expect(started.giftOffers).toBeUndefined()
  expect(started.timeline?.at(-1)).toMatchObject({ what: 'gift-redeemed', person: gina.email, quantity: 3 })
  expect((await account.outbox(ritaEmail)).find((m) => m.subject.startsWith('Welcome'))?.text).toContain(`Your gift from ${gina.email} pays your first 3 deliveries`)
  // Started once only.
  expect((await account.method(rita, 'redeemGift', { giftId: bought.giftId })).body.code).toBe('GIFT_NOT_FOUND')

  // The giver's receipt: the whole gift at Austria's rate for coffee (10 %), where it goes.
  const redeemed = (await stateOf(gina)).giftsGiven![0]!
  expect(redeemed.status).toBe('redeemed')
  expect(redeemed.receipt).toMatchObject({ kind: 'receipt', grossCents: 3 * BARISTA.amount, vatRateBp: 1000, vatCountry: 'AT', gift: { deliveries: 3, recipient: ritaEmail } })
  expect(redeemed.receipt!.vatCents).toBe(vatInGross(3 * BARISTA.amount, 1000))
  const receiptMail = (await account.outbox(gina.email)).find((m) => m.subject === `Receipt ${redeemed.receipt!.number} for your gift to ${ritaEmail}`)
  expect(receiptMail?.text).toContain(`Gift: 3 deliveries for ${ritaEmail}`)
  expect(receiptMail?.text).toContain('VAT 10% (AT)')
  // The giver cannot take back a gift that has started.
  expect((await account.method(gina, 'cancelGift', { giftId: bought.giftId })).body.code).toBe('GIFT_NOT_CANCELLABLE')

  // A running gift is never lost: no cancelling, no other plan; a skip moves its cover on.
  expect((await account.method(rita, 'cancelSubscription', { reason: 'tooMuch' })).body.code).toBe('GIFT_RUNNING')
  expect((await account.method(rita, 'selectPlan', { planId: 'taster' })).body.code).toBe('GIFT_RUNNING')
  const upcoming = started.upcomingDeliveries!.map((d) => d.date)
  // Extras are charged to their own card: none saved, none added.
  expect((await account.method(rita, 'addExtra', { date: upcoming[2]!.slice(0, 10), itemId: 'gift-box', quantity: 1 })).body.code).toBe('NO_PAYMENT_METHOD')
  await account.ok(rita, 'skipDelivery', { date: upcoming[1] })

  // Past the fifth delivery's final moment: the first, third and fourth paid by the gift; the fifth ends it.
  const fifth = upcoming[4]!
  await env.walkTo(new Date(Date.parse(fifth) - 12 * 3600 * 1000).toISOString())
  await again(gina, rita)
  const after = await stateOf(rita)
  const paid = (after.payments ?? []).filter((p) => p.giftId === bought.giftId)
  expect(paid.map((p) => p.date)).toEqual([upcoming[0], upcoming[2], upcoming[3]])
  for (const p of paid) expect(p).toMatchObject({ status: 'paid', amountCents: 0, method: 'Gift' })
  expect(paid.every((p) => p.paymentIntentId === undefined && p.receipt === undefined)).toBe(true)
  expect((after.payments ?? []).filter((p) => !p.giftId)).toEqual([])
  expect((await stateOf(gina)).giftsGiven![0]!.delivered).toBe(3)
  const ritaMail = (await account.outbox(ritaEmail)).map((m) => m.subject)
  expect(ritaMail).toContain('The last delivery of your gift')
  // No card of their own at the fifth delivery's final moment: the subscription ends with the gift, nothing charged.
  expect(after.status).toBe('cancelled')
  expect(after.gift).toBeUndefined()
  expect(ritaMail).toContain('Your gift subscription has ended')
  expect(after.timeline?.find((e) => e.what === 'gift-ended')).toMatchObject({ actor: 'system', person: gina.email })
})

test('with a card of their own, the subscription goes on after the gift, charged as any other', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const rita = await account.signIn(fresh('rita'))
  const { giftId } = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: rita.email, startDate: '2026-11-23' })
  await env.walkTo('2026-11-23T10:00:00.000Z')
  await again(rita)
  await account.ok(rita, 'setDeliveryAddress', BERLIN_HOME)
  const started = await account.ok(rita, 'redeemGift', { giftId })
  await withCard(rita)
  const [first, second] = started.upcomingDeliveries!.map((d) => d.date)
  await env.walkTo(new Date(Date.parse(second!) - 12 * 3600 * 1000).toISOString())
  await again(rita)
  const state = await stateOf(rita)
  expect(state.status).toBe('active')
  expect(state.payments?.map((p) => [p.date, p.giftId ? 'gift' : p.status, p.amountCents])).toEqual([[first, 'gift', 0], [second, 'paid', BARISTA.amount]])
  expect((await account.outbox(rita.email)).find((m) => m.subject === 'The last delivery of your gift')?.text).toContain('we charge Visa •••• 4242')
})

test('a gift not started yet is cancelled for a full refund; its offer is withdrawn', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const otto = fresh('otto')
  const { giftId } = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 6, recipientEmail: otto, startDate: '2026-11-23' })
  await env.walkTo('2026-11-23T10:00:00.000Z')
  await again(gina)
  const ottoIn = await account.signIn(otto)
  expect((await stateOf(ottoIn)).giftOffers).toHaveLength(1)
  const cancelled = await account.ok<{ gift: { status: string; refundId: string } }>(gina, 'cancelGift', { giftId })
  expect(cancelled.gift.status).toBe('cancelled')
  const refund = await testStripe().refunds.retrieve(cancelled.gift.refundId)
  expect(refund.amount).toBe(6 * BARISTA.amount)
  expect((await account.outbox(gina.email)).map((m) => m.subject)).toContain(`Your gift for ${otto} is cancelled`)
  // Cancelled once: the second time is refused, and Stripe refunded once.
  expect((await account.method(gina, 'cancelGift', { giftId })).body.code).toBe('GIFT_NOT_CANCELLABLE')
  await env.walkTo('2026-11-23T10:01:00.000Z')
  expect((await stateOf(ottoIn)).giftOffers).toBeUndefined()
  expect((await account.outbox(otto)).map((m) => m.subject)).toContain(`The gift from ${gina.email} was withdrawn`)
  expect((await account.method(ottoIn, 'redeemGift', { giftId })).body.code).toBe('GIFT_NOT_FOUND')
  expect((await account.method(gina, 'cancelGift', { giftId: 'gift_000000000000000000000000' })).body.code).toBe('GIFT_NOT_FOUND')
})

test('bad orders are refused by field, nothing charged; five gifts a day at most', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const base = { planId: 'barista', deliveries: 3, recipientEmail: fresh('rita'), startDate: '2026-11-30' }
  const cases: Array<[Record<string, unknown>, number, string, string?]> = [
    [{ planId: 'nope' }, 400, 'UNKNOWN_PLAN', 'planId'],
    [{ deliveries: 2 }, 400, 'INVALID_GIFT_DELIVERIES', 'deliveries'],
    [{ recipientEmail: 'not an address' }, 400, 'INVALID_EMAIL', 'recipientEmail'],
    [{ recipientEmail: gina.email.toUpperCase() }, 400, 'GIFT_TO_SELF', 'recipientEmail'],
    [{ message: 'x'.repeat(501) }, 400, 'GIFT_MESSAGE_TOO_LONG', 'message'],
    [{ startDate: '2026-11-22' }, 400, 'INVALID_START_DATE', 'startDate'],
    [{ startDate: '2026-02-30' }, 400, 'INVALID_START_DATE', 'startDate'],
    [{ startDate: '2027-12-01' }, 400, 'INVALID_START_DATE', 'startDate'],
  ]
  for (const [change, status, code, field] of cases) {
    const res = await account.method(gina, 'buyGift', { ...base, ...change })
    expect({ change, status: res.status, code: res.body.code, field: (res.body as { field?: string }).field }).toEqual({ change, status, code, field })
  }
  const noCard = await account.signIn(fresh('nocard'))
  expect((await account.method(noCard, 'buyGift', base)).body.code).toBe('NO_PAYMENT_METHOD')
  const declined = await withCard(await account.signIn(fresh('declined')), TEST_CARDS.declined)
  const refused = await account.method(declined, 'buyGift', base)
  expect([refused.status, refused.body.code]).toEqual([402, 'GIFT_PAYMENT_FAILED'])
  expect((await stateOf(declined)).giftsGiven).toBeUndefined()
  expect((await stateOf(gina)).giftsGiven).toBeUndefined()

  for (let i = 0; i < 5; i++) await account.ok(gina, 'buyGift', { ...base, recipientEmail: fresh(`friend${i}`) })
  const sixth = await account.method(gina, 'buyGift', { ...base, recipientEmail: fresh('friend5') })
  expect([sixth.status, sixth.body.code]).toEqual([429, 'GIFT_LIMIT'])
  expect((await stateOf(gina)).giftsGiven).toHaveLength(5)
})

test('a giver who deletes their account gets every gift not started refunded first, and keeps the receipts of those started for tax law', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const otto = fresh('otto')
  const rita = fresh('rita')
  const notStarted = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: otto, startDate: '2026-11-23' })
  const started = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: rita, startDate: '2026-11-23' })
  await env.walkTo('2026-11-23T10:00:00.000Z')
  await again(gina)
  const ritaIn = await account.signIn(rita)
  await account.ok(ritaIn, 'setDeliveryAddress', BERLIN_HOME)
  await account.ok(ritaIn, 'redeemGift', { giftId: started.giftId })
  const before = (await stateOf(gina)).giftsGiven!
  const receiptNumber = before.find((g) => g.giftId === started.giftId)!.receipt!.number
  const refundable = before.find((g) => g.giftId === notStarted.giftId)!

  await account.ok(gina, 'requestAccountDeletion', {})
  const code = (await account.outbox(gina.email)).find((m) => /code to delete/.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  const deleted = await account.ok<{ documentsKept: number }>(gina, 'deleteMyAccount', { code })
  // The started gift's receipt is what the deletion keeps for tax law (she had no other document).
  expect(deleted.documentsKept).toBe(1)
  const refunds = await testStripe().refunds.list({ payment_intent: refundable.paymentIntentId! })
  expect(refunds.data.map((r) => r.amount)).toEqual([BARISTA.amount])
  await env.walkTo('2026-11-23T10:01:00.000Z')
  const ottoIn = await account.signIn(otto)
  expect((await stateOf(ottoIn)).giftOffers).toBeUndefined()
  // The started gift runs on with its recipient; its receipt stays kept for tax law.
  expect((await stateOf(ritaIn)).gift).toMatchObject({ giftId: started.giftId, deliveries: 1 })
  expect(documentsOf({ payments: [], giftsGiven: before }).map((d) => d.number)).toEqual([receiptNumber])
})

test('support takes a gift back for its giver, with a reason on the timeline', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const rosa = await account.signIn(ROSA)
  const { giftId } = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 3, recipientEmail: fresh('otto'), startDate: '2026-12-24' })
  expect((await account.method(gina, 'cancelGift', { giftId }, rosa.token)).body.code).toBe('REASON_REQUIRED')
  const done = await account.method<{ gift: { status: string } }>(gina, 'cancelGift', { giftId, reason: 'Bought twice by mistake, asked by phone' }, rosa.token)
  expect([done.status, done.body.gift.status]).toEqual([200, 'cancelled'])
  expect((await stateOf(gina)).timeline?.at(-1)).toMatchObject({ what: 'gift-cancelled', actor: 'staff', reason: 'Bought twice by mistake, asked by phone' })
})

test('a card whose bank asks the giver to confirm: the gift waits for it, is paid once confirmed, and one never confirmed is cancelled with nothing charged', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')), TEST_CARDS.authentication)
  const order = { planId: 'barista', deliveries: 3, recipientEmail: fresh('rita'), startDate: '2026-11-30' }
  const bought = await account.ok<{ giftId: string; clientSecret?: string; gift: { status: string; paymentIntentId: string } }>(gina, 'buyGift', order)
  expect(bought.gift.status).toBe('paying')
  expect(bought.clientSecret).toEqual(expect.any(String))
  // Not "paid" before the bank says so.
  expect((await account.outbox(gina.email)).map((m) => m.subject)).not.toContain(`Your gift for ${order.recipientEmail} is paid`)
  await authenticatePayment(bought.gift.paymentIntentId, bought.clientSecret!)
  const confirmed = await account.ok<{ gift: { status: string; clientSecret?: string } }>(gina, 'confirmGift', { giftId: bought.giftId })
  expect(confirmed.gift).toMatchObject({ status: 'paid' })
  expect(confirmed.gift.clientSecret).toBeUndefined()
  expect((await account.outbox(gina.email)).map((m) => m.subject)).toContain(`Your gift for ${order.recipientEmail} is paid`)
  expect((await testStripe().paymentIntents.retrieve(bought.gift.paymentIntentId)).status).toBe('succeeded')

  // Another, never confirmed: cancelled at once, nothing to refund, nothing charged.
  const other = await account.ok<{ giftId: string; gift: { paymentIntentId: string } }>(gina, 'buyGift', { ...order, recipientEmail: fresh('otto') })
  const cancelled = await account.ok<{ gift: { status: string; refundId?: string } }>(gina, 'cancelGift', { giftId: other.giftId })
  expect(cancelled.gift).toMatchObject({ status: 'cancelled' })
  expect(cancelled.gift.refundId).toBeUndefined()
  expect((await testStripe().paymentIntents.retrieve(other.gift.paymentIntentId)).status).toBe('canceled')

  // One confirmed with the bank whose page never said so: "Cancel" finds it paid and refunds it.
  const third = await account.ok<{ giftId: string; clientSecret: string; gift: { paymentIntentId: string } }>(gina, 'buyGift', { ...order, recipientEmail: fresh('ida') })
  await authenticatePayment(third.gift.paymentIntentId, third.clientSecret)
  const refunded = await account.ok<{ gift: { status: string; refundId?: string } }>(gina, 'cancelGift', { giftId: third.giftId })
  expect(refunded.gift.status).toBe('cancelled')
  expect((await testStripe().refunds.retrieve(refunded.gift.refundId!)).amount).toBe(3 * BARISTA.amount)

  // One left waiting for a day: withdrawn, nothing charged, the giver told.
  const jo = fresh('jo')
  const fourth = await account.ok<{ giftId: string; gift: { paymentIntentId: string } }>(gina, 'buyGift', { ...order, recipientEmail: jo })
  await env.walkTo('2026-11-24T16:00:00.000Z')
  await again(gina)
  expect((await stateOf(gina)).giftsGiven?.find((g) => g.giftId === fourth.giftId)).toMatchObject({ status: 'failed', failureCode: 'declined' })
  expect((await testStripe().paymentIntents.retrieve(fourth.gift.paymentIntentId)).status).toBe('canceled')
  expect((await account.outbox(gina.email)).map((m) => m.subject)).toContain(`Your gift for ${jo} could not be paid`)
})

test('a gift payment whose answer was lost (no gift kept for it) is refunded when Stripe reports it', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  // Her Stripe customer and card, as the Account charges them (read from a gift she did buy).
  const kept = await account.ok<{ gift: { paymentIntentId: string } }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: fresh('rita'), startDate: '2026-12-24' })
  const paid = await testStripe().paymentIntents.retrieve(kept.gift.paymentIntentId)
  const giftId = 'gift_0123456789abcdef01234567'
  const lost = await testStripe().paymentIntents.create({
    amount: 4000, currency: 'eur', customer: String(paid.customer), payment_method: String(paid.payment_method), confirm: true, metadata: { accountId: gina.accountId, giftId },
  })
  expect(lost.status).toBe('succeeded')
  const res = await call(env.backend, 'POST', `/gift-tests/CALL/Account/stripeWebhook`, { id: 'evt_lost', type: 'payment_intent.succeeded', data: { object: { id: lost.id } } })
  expect(res.status).toBe(200)
  const refunds = await testStripe().refunds.list({ payment_intent: lost.id })
  expect(refunds.data.map((r) => r.amount)).toEqual([4000])
  // The gift she did buy is untouched.
  expect((await stateOf(gina)).giftsGiven?.map((g) => g.status)).toEqual(['paid'])
  expect((await testStripe().refunds.list({ payment_intent: paid.id })).data).toEqual([])
})

/** `who` moves their account to `newEmail` (both e-mailed codes), and signs in there. */
async function moveAccount(who: Customer, newEmail: string): Promise<Customer> {
  await account.ok(who, 'requestEmailChange', { newEmail })
  const codeIn = async (to: string, subject: RegExp) => (await account.outbox(to)).find((m) => subject.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  const codes = { code: await codeIn(newEmail, /code to use this address/), currentCode: await codeIn(who.email, /code to move your Bean & Bloom account/) }
  env.time.advance(1000)
  await account.ok(who, 'confirmEmailChange', codes)
  // A sign-in code may be asked for 30 s after the last code to that address.
  env.time.advance(31_000)
  return account.signIn(newEmail)
}

test('a giver and a recipient who change their e-mail address while a gift is open: it is sent, started and paid for all the same', async () => {
  const gina = await withCard(await account.signIn(fresh('gina')))
  const ritaEmail = fresh('rita')
  const { giftId } = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: ritaEmail, startDate: '2026-11-24' })
  const idaEmail = fresh('ida')
  const sentBefore = await account.ok<{ giftId: string }>(gina, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: idaEmail, startDate: '2026-11-23' })
  await env.walkTo('2026-11-23T09:01:00.000Z')
  // The giver moves: one gift was sent already (from the address they left), one is still to go.
  const gina2 = await moveAccount(gina, fresh('gina.new'))
  expect((await stateOf(gina2)).giftsGiven?.map((g) => [g.giftId, g.status]).sort()).toEqual([[giftId, 'paid'], [sentBefore.giftId, 'sent']].sort())
  // The one sent before is started at the address the giver left, which passes it on to where they went.
  const ida = await account.signIn(idaEmail)
  await account.ok(ida, 'setDeliveryAddress', BERLIN_HOME)
  await account.ok(ida, 'redeemGift', { giftId: sentBefore.giftId })
  expect((await stateOf(gina2)).giftsGiven?.find((g) => g.giftId === sentBefore.giftId)).toMatchObject({ status: 'redeemed', receipt: { vatCountry: 'DE' } })
  await env.walkTo('2026-11-24T08:30:00.000Z')
  expect((await account.outbox(ritaEmail)).map((m) => m.subject)).toContain(`${gina2.email} gave you coffee`)
  // The recipient moves before starting it: the offer goes with them, and they start it there.
  const rita = await account.signIn(ritaEmail)
  const rita2 = await moveAccount(rita, fresh('rita.new'))
  expect((await stateOf(rita2)).giftOffers?.map((o) => o.giftId)).toEqual([giftId])
  await account.ok(rita2, 'setDeliveryAddress', BERLIN_HOME)
  const started = await account.ok(rita2, 'redeemGift', { giftId })
  expect(started.gift).toMatchObject({ giftId, deliveries: 1 })
  await again(gina2)
  expect((await stateOf(gina2)).giftsGiven?.find((g) => g.giftId === giftId)).toMatchObject({ status: 'redeemed', receipt: { vatCountry: 'DE' } })
})

test('a gift paid by SEPA debit waits for the debit to land: one that fails days later is never sent, and its giver is told', async () => {
  const ida = await account.signIn(fresh('ida'))
  await savePaymentMethod((name, body) => account.method(ida, name, body), { iban: TEST_IBANS.lateFailure })
  const otto = fresh('otto')
  const bought = await account.ok<{ gift: { status: string } }>(ida, 'buyGift', { planId: 'barista', deliveries: 1, recipientEmail: otto, startDate: '2026-11-23' })
  // Settling: said so, and not sent although its day has come.
  expect(bought.gift.status).toBe('paying')
  expect((await account.outbox(ida.email)).find((m) => m.subject === `Your gift for ${otto} is paid`)?.text).toContain('Your bank debit is still settling')
  // localstripe fails the debit a moment later; the hourly read finds it.
  await lateDebitFailed()
  await env.walkTo('2026-11-23T10:02:00.000Z')
  await again(ida)
  expect((await stateOf(ida)).giftsGiven?.[0]).toMatchObject({ status: 'failed' })
  expect((await account.outbox(ida.email)).map((m) => m.subject)).toContain(`Your gift for ${otto} could not be paid`)
  expect(await account.outbox(otto)).toEqual([])
})
