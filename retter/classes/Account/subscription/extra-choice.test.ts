/**
 * Extras on one delivery, with the local runtime in-process on a fake clock and localstripe: the
 * customer adds a gift box and another bag to one delivery; the view, the board, the timeline and
 * an e-mail follow; the delivery is charged once, plan and extras together; the receipt has a line
 * each with its own VAT; a refund's credit note splits by line. Refusals change nothing.
 */
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { SEED_EXTRAS } from '@retter-shared/BeanBloomSubscription/extras'
import { vatInGross } from '@retter-shared/BeanBloomSubscription/vat'
import { bagsToRoast } from '@retter-shared/BeanBloomBoard/board'
import { testStripe } from '../../../../rio-local/test/payments'
import { call } from '../../../../rio-local/test/in-process'
import type { AccountUserState } from '../customer'
import { BERLIN_HOME as HOME, baristaSubscriber, freshEmail as fresh, subscriptionTestBackend } from '../__tests__/backend'

type Sub = SubscriptionFields & AccountUserState

const env = subscriptionTestBackend<Sub>('extra-tests')
const { account, stateOf, boardOf } = env
const BARISTA = PLANS.find((p) => p.id === 'barista')!
const GIFT_BOX = SEED_EXTRAS.find((e) => e.id === 'gift-box')!
const BAG = SEED_EXTRAS.find((e) => e.id === 'extra-bag')!
/** The second delivery of a Barista subscriber started on MONDAY: Wednesday 2 December. */
const DAY = '2026-12-02'

test('extras on one delivery: the view, the board, the timeline and an e-mail; charged once with it, a receipt line each with its VAT', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  const offered = await stateOf(sam)
  expect(offered.extraOptions?.map((e) => e.id)).toEqual(['extra-bag', 'gift-box', 'dripper'])

  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'gift-box', quantity: 1 })
  // A second call for the same extra sets its quantity: a repeated request never doubles it.
  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'gift-box', quantity: 2 })
  const added = await account.ok(sam, 'addExtra', { date: DAY, itemId: 'extra-bag', quantity: 1 })
  const delivery = added.upcomingDeliveries?.find((d) => d.date.startsWith(DAY))
  expect(delivery?.extras?.map((l) => [l.itemId, l.quantity, l.unitCents])).toEqual([['gift-box', 2, GIFT_BOX.amountCents], ['extra-bag', 1, BAG.amountCents]])
  // Only that delivery.
  expect(added.upcomingDeliveries?.filter((d) => d.extras)).toHaveLength(1)
  expect((await boardOf(rosa, DAY)).find((d) => d.deliveryId === `${sam.accountId}:${DAY}`)?.extras).toEqual([
    { itemId: 'gift-box', name: 'Gift box', quantity: 2 }, { itemId: 'extra-bag', name: 'Another bag of this coffee', quantity: 1, bag: true },
  ])
  // The extra bag is roasted with the delivery: what to roast counts it.
  const row = (await boardOf(rosa, DAY)).find((d) => d.deliveryId === `${sam.accountId}:${DAY}`)!
  expect(bagsToRoast(row)).toBe(BARISTA.bags + 1)
  expect(added.timeline?.at(-1)).toMatchObject({ what: 'extra', actor: 'customer', date: `${DAY}T00:00:00.000Z`, extra: 'Another bag of this coffee', quantity: 1 })
  // Its name in every other language the catalogue had then: the history reads in the customer's.
  expect(added.timeline?.at(-1)?.extraNames).toEqual({
    de: 'Noch eine Tüte dieses Kaffees', fr: 'Un sachet de plus de ce café', nl: 'Nog een zak van deze koffie', it: 'Un altro sacchetto di questo caffè', es: 'Otra bolsa de este café',
  })
  const total = BARISTA.amount + 2 * GIFT_BOX.amountCents + BAG.amountCents
  const mail = (await account.outbox(sam.email)).find((m) => m.subject === 'Added to your delivery on Wednesday 2 December 2026: 1 × Another bag of this coffee')
  expect(mail?.text).toContain(`€${(total / 100).toFixed(2)}`)

  // Charged at the delivery's final moment: one PaymentIntent for the plan and its extras.
  await env.walkTo('2026-12-01T09:00:00.000Z')
  // Sessions from a week ago have expired: both sign in again.
  Object.assign(sam, await account.signIn(sam.email))
  Object.assign(rosa, await account.signIn(rosa.email))
  const payment = (await stateOf(sam)).payments?.find((p) => p.date.startsWith(DAY))
  expect(payment).toMatchObject({ status: 'paid', amountCents: total })
  const intent = await testStripe().paymentIntents.retrieve(payment!.paymentIntentId!)
  expect(intent.amount).toBe(total)
  // The receipt: the coffee at the reduced rate of coffee in Germany (7 %), the gift box at the standard rate (19 %).
  const receipt = payment!.receipt!
  expect(receipt.lines?.map((l) => [l.itemId, l.quantity, l.grossCents, l.vatRateBp, l.vatCents])).toEqual([
    ['plan', 1, BARISTA.amount, 700, vatInGross(BARISTA.amount, 700)],
    ['gift-box', 2, 2 * GIFT_BOX.amountCents, 1900, vatInGross(2 * GIFT_BOX.amountCents, 1900)],
    ['extra-bag', 1, BAG.amountCents, 700, vatInGross(BAG.amountCents, 700)],
  ])
  expect(receipt.grossCents).toBe(total)
  expect(receipt.vatCents).toBe(receipt.lines!.reduce((sum, l) => sum + l.vatCents, 0))
  expect(receipt.netCents + receipt.vatCents).toBe(total)
  const receiptMail = (await account.outbox(sam.email)).find((m) => m.subject.startsWith(`Your receipt ${receipt.number}`))
  for (const line of [`Extra: 2 × Gift box: €${(2 * GIFT_BOX.amountCents / 100).toFixed(2)}, VAT 19%`, 'VAT 7% (DE)', 'VAT 19% (DE)', `Price (VAT included): €${(total / 100).toFixed(2)}`]) {
    expect(receiptMail?.text).toContain(line)
  }
  // The board keeps the receipt's VAT by rate for the money view.
  expect((await boardOf(rosa, DAY)).find((d) => d.deliveryId === `${sam.accountId}:${DAY}`)?.receipt?.vatLines?.map((l) => l.rateBp)).toEqual([700, 1900])

  // A refund of everything, in three parts: the credit notes fill the lines in order and give back exactly each line's VAT.
  const refund = (amountCents: number) => call(env.backend, 'POST', `/extra-tests/CALL/Roastery/refundDelivery/${DAY}?_token=${rosa.token}`, { deliveryId: `${sam.accountId}:${DAY}`, amountCents, reason: 'Parcel lost' })
  expect((await refund(BARISTA.amount + 100)).status).toBe(200)
  expect((await refund(2 * GIFT_BOX.amountCents - 100)).status).toBe(200)
  expect((await refund(BAG.amountCents)).status).toBe(200)
  const notes = (await stateOf(sam)).payments!.find((p) => p.date.startsWith(DAY))!.refunds!.map((r) => r.creditNote!)
  expect(notes[0]!.lines?.map((l) => [l.itemId, l.grossCents])).toEqual([['plan', BARISTA.amount], ['gift-box', 100]])
  expect(notes[1]!.lines?.map((l) => [l.itemId, l.grossCents])).toEqual([['gift-box', 2 * GIFT_BOX.amountCents - 100]])
  expect(notes[2]!.lines?.map((l) => [l.itemId, l.grossCents])).toEqual([['extra-bag', BAG.amountCents]])
  // A note that reaches only the gift box is at its rate, on the note and on the board (the money view and the CSV read it there).
  expect(notes[1]!.vatRateBp).toBe(1900)
  const boardNotes = (await boardOf(rosa, DAY)).find((d) => d.deliveryId === `${sam.accountId}:${DAY}`)?.creditNotes ?? []
  expect(boardNotes.map((n) => n.vatLines?.map((l) => [l.rateBp, l.grossCents]))).toEqual([
    [[700, BARISTA.amount], [1900, 100]], [[1900, 2 * GIFT_BOX.amountCents - 100]], [[700, BAG.amountCents]],
  ])
  for (const itemId of ['plan', 'gift-box', 'extra-bag']) {
    const given = notes.flatMap((n) => n.lines ?? []).filter((l) => l.itemId === itemId).reduce((sum, l) => sum + l.vatCents, 0)
    expect(given).toBe(receipt.lines!.find((l) => l.itemId === itemId)!.vatCents)
  }
}, 30_000)

test('an extra is taken off; it follows its delivery to another day; staff add one with a reason', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const rosa = await account.signIn('rosa@example.com')
  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'dripper', quantity: 1 })
  const removed = await account.ok(sam, 'removeExtra', { date: DAY, itemId: 'dripper' })
  expect(removed.upcomingDeliveries?.find((d) => d.date.startsWith(DAY))?.extras).toBeUndefined()
  expect(removed.timeline?.at(-1)).toMatchObject({ what: 'extra', extra: 'Ceramic pour-over dripper', quantity: 0, extraNames: expect.objectContaining({ de: 'Keramik-Handfilter' }) })
  expect((await account.outbox(sam.email)).map((m) => m.subject)).toContain('Taken off your delivery on Wednesday 2 December 2026: Ceramic pour-over dripper')

  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'gift-box', quantity: 1 })
  const moved = await account.ok(sam, 'moveDelivery', { date: DAY, to: '2026-12-04' })
  expect(moved.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-04'))?.extras?.map((l) => l.itemId)).toEqual(['gift-box'])
  expect((await boardOf(rosa, '2026-12-04')).find((d) => d.deliveryId === `${sam.accountId}:2026-12-04`)?.extras).toEqual([{ itemId: 'gift-box', name: 'Gift box', quantity: 1 }])
  const friday = await account.ok(sam, 'setDeliveryDay', { weekday: 'friday' })
  expect(friday.upcomingDeliveries?.filter((d) => d.extras).map((d) => d.date.slice(0, 10))).toHaveLength(1)

  const next = friday.upcomingDeliveries!.find((d) => !d.extras && !d.skipped)!.date.slice(0, 10)
  expect((await account.method(sam, 'addExtra', { date: next, itemId: 'extra-bag', quantity: 3, reason: 'Asked by phone for more for a party' }, rosa.token)).status).toBe(200)
  expect((await stateOf(sam)).timeline?.at(-1)).toMatchObject({ what: 'extra', actor: 'staff', reason: 'Asked by phone for more for a party', quantity: 3 })
})

test('what cannot be added or taken off is refused with its own code, and nothing changes', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'skipDelivery', { date: '2026-12-09' })
  for (const itemId of ['extra-bag', 'gift-box', 'dripper']) await account.ok(sam, 'addExtra', { date: '2026-12-16', itemId, quantity: 1 })
  // Tuesday: the first delivery (25 November) is being roasted.
  await env.walkTo('2026-11-24T10:00:00.000Z')
  Object.assign(sam, await account.signIn(sam.email))
  const before = await stateOf(sam)
  const adds: Array<[Record<string, unknown>, number, string]> = [
    [{ date: DAY, itemId: 'nope', quantity: 1 }, 404, 'EXTRA_NOT_FOUND'],
    [{ date: DAY, itemId: 'gift-box', quantity: 0 }, 400, 'INVALID_QUANTITY'],
    [{ date: DAY, itemId: 'gift-box', quantity: 6 }, 400, 'INVALID_QUANTITY'],
    [{ date: DAY, itemId: 'gift-box', quantity: 1.5 }, 400, 'INVALID_QUANTITY'],
    [{ date: '2026-12-03', itemId: 'gift-box', quantity: 1 }, 409, 'NOT_ON_SCHEDULE'],
    [{ date: '2026-12-09', itemId: 'gift-box', quantity: 1 }, 409, 'DELIVERY_SKIPPED'],
    // The first delivery is being roasted: too late to add to it.
    [{ date: '2026-11-25', itemId: 'gift-box', quantity: 1 }, 409, 'TOO_LATE_TO_CHANGE'],
  ]
  for (const [body, status, code] of adds) {
    const res = await account.method(sam, 'addExtra', body)
    expect({ body, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ body, status, code })
  }
  expect(await stateOf(sam)).toEqual(before)
  // At most five different extras on one delivery: the owner offers three more, the sixth is refused.
  const rosa = await account.signIn('rosa@example.com')
  expect((await call(env.backend, 'POST', `/extra-tests/INSTANCE/Shop/main?_token=${rosa.token}`)).status).toBe(200)
  for (const id of ['mug', 'filters', 'scale']) {
    const extra = { id, name: id, description: 'For brewing.', amountCents: 500, vat: 'standard', available: true }
    expect((await call(env.backend, 'POST', `/extra-tests/CALL/Shop/saveExtra/main?_token=${rosa.token}`, { extra })).status).toBe(200)
  }
  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'mug', quantity: 1 })
  for (const itemId of ['filters', 'scale']) await account.ok(sam, 'addExtra', { date: '2026-12-16', itemId, quantity: 1 })
  const full = await account.method(sam, 'addExtra', { date: '2026-12-16', itemId: 'mug', quantity: 1 })
  expect({ status: full.status, code: (full.body as { code?: string }).code }).toEqual({ status: 409, code: 'TOO_MANY_EXTRAS' })
  // Changing the quantity of one already there is no sixth.
  await account.ok(sam, 'addExtra', { date: '2026-12-16', itemId: 'scale', quantity: 2 })
  const removes: Array<[Record<string, unknown>, number, string]> = [
    [{ date: DAY, itemId: 'gift-box' }, 404, 'EXTRA_NOT_ON_DELIVERY'],
    [{ date: '2026-12-09', itemId: 'gift-box' }, 409, 'DELIVERY_SKIPPED'],
    [{ date: '2026-11-25', itemId: 'gift-box' }, 409, 'TOO_LATE_TO_CHANGE'],
  ]
  for (const [body, status, code] of removes) {
    const res = await account.method(sam, 'removeExtra', body)
    expect({ body, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ body, status, code })
  }
  const after = await stateOf(sam)
  expect(after.upcomingDeliveries?.find((d) => d.date.startsWith(DAY))?.extras?.map((l) => l.itemId)).toEqual(['mug'])
  expect(after.upcomingDeliveries?.find((d) => d.date.startsWith('2026-12-16'))?.extras?.map((l) => [l.itemId, l.quantity])).toEqual([
    ['extra-bag', 1], ['gift-box', 1], ['dripper', 1], ['filters', 1], ['scale', 2],
  ])
  // Nothing refused reached the state: only the four that went through are on the timeline since.
  expect((after.timeline ?? []).filter((e) => e.what === 'extra').length - (before.timeline ?? []).filter((e) => e.what === 'extra').length).toBe(4)
})

test('a cancellation takes the extras of the deliveries it takes away: starting again the same week brings none back', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  await account.ok(sam, 'addExtra', { date: DAY, itemId: 'dripper', quantity: 1 })
  await account.ok(sam, 'cancelSubscription', { reason: 'tooExpensive' })
  const again = await account.ok(sam, 'selectPlan', { planId: 'barista' })
  // The restarted Barista delivers on the same Wednesdays, 2 December among them: without the dripper.
  expect(again.upcomingDeliveries?.map((d) => d.date.slice(0, 10))).toContain(DAY)
  expect(again.upcomingDeliveries?.filter((d) => d.extras)).toEqual([])
  expect(again.extras?.[DAY]).toBeUndefined()
})

test('a plan change that takes a delivery away takes its extras: changing back brings the day back, not the extra', async () => {
  const sam = await baristaSubscriber(account, await account.signIn(fresh('sam')), HOME)
  const days = (await stateOf(sam)).upcomingDeliveries!.map((d) => d.date.slice(0, 10))
  await account.ok(sam, 'addExtra', { date: days[2]!, itemId: 'dripper', quantity: 1 })
  await account.ok(sam, 'addExtra', { date: days[3]!, itemId: 'gift-box', quantity: 1 })
  // Every two weeks from the next delivery that may change: one of the two days is no delivery any more.
  const fortnightly = await account.ok(sam, 'selectPlan', { planId: 'daily-grind' })
  const kept = fortnightly.upcomingDeliveries!.filter((d) => d.extras).map((d) => d.date.slice(0, 10))
  expect(kept).toHaveLength(1)
  expect(Object.keys(fortnightly.extras ?? {})).toEqual(kept)
  const back = await account.ok(sam, 'selectPlan', { planId: 'barista' })
  expect(back.upcomingDeliveries!.filter((d) => d.extras).map((d) => d.date.slice(0, 10))).toEqual(kept)
})
