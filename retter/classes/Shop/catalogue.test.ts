/**
 * The catalogue in the app, with the Shop and Account classes run by the local runtime in-process:
 * anyone reads what is on offer; owners create, edit and retire plans and save coffees, and the
 * Account's `getSubscriptionPlans` answers the change at the next request (no deploy); a retired
 * plan takes no new subscriber; bad input names its field and changes nothing; every change is on
 * the audit log. Price changes and their notice are Account/payments/price-change.test.ts's.
 */
import type { SubscriptionPlan } from '@retter-shared/BeanBloomSubscription/plans'
import type { Catalogue, CataloguePlan } from '@retter-shared/BeanBloomSubscription/catalogue'
import type { Customer as Who } from '../../../rio-local/test/account-client'
import { call } from '../../../rio-local/test/in-process'
import { OWNER, shopTestBackend } from './__tests__/shop-backend'

const P = 'catalogue-tests'

const { backend, account, newEmail, shop, owner } = shopTestBackend(P)

async function plansOnOffer(): Promise<SubscriptionPlan[]> {
  const res = await call<SubscriptionPlan[]>(backend(), 'GET', `/${P}/CALL/Account/getSubscriptionPlans`)
  expect(res.status).toBe(200)
  return res.body
}
async function everything(olga: Who): Promise<Catalogue & { sortOrderClashes: string[]; missingTranslations: Record<string, string[]> }> {
  const res = await shop('getCatalogue', olga, { all: true })
  expect(res.status).toBe(200)
  return res.body as unknown as Catalogue & { sortOrderClashes: string[]; missingTranslations: Record<string, string[]> }
}
function planOf(catalogue: Catalogue, id: string): CataloguePlan {
  const plan = catalogue.plans.find((p) => p.id === id)
  if (!plan) throw new Error(`no plan ${id}`)
  return plan
}

/** A new plan as an owner would fill in the form. */
const MORNING = {
  id: 'morning-ritual', name: 'Morning Ritual', description: 'Two bags every two weeks for a household that brews daily.',
  amount: 2300, delivery: 'fortnightly', bags: 2, bagGrams: 250, grinds: ['wholeBean', 'filter'], roasts: ['medium', 'roastersChoice'],
  features: ['Free delivery'], sortOrder: 5, recommended: false, coffeeId: 'huila',
  translations: { de: { name: 'Morgenritual', description: 'Zwei Beutel alle zwei Wochen für einen Haushalt, der täglich brüht.', features: ['Kostenlose Lieferung'] } },
}

test('anyone reads the plans on offer and the coffees available; a fresh shop offers the seed', async () => {
  // Before anyone opened the Shop, the Accounts offer the seed; an owner's first visit to the staff pages opens it.
  expect((await plansOnOffer()).map((p) => p.id).sort()).toEqual(['barista', 'daily-grind', 'roasters-club', 'taster'])
  await owner()
  const res = await shop('getCatalogue', undefined, {})
  expect(res.status).toBe(200)
  const { plans, coffees } = res.body as { plans: SubscriptionPlan[]; coffees: Array<{ id: string; available: boolean }> }
  expect(plans.map((p) => p.id).sort()).toEqual(['barista', 'daily-grind', 'roasters-club', 'taster'])
  expect(plans.every((p) => !('prices' in p) && !('retiredAt' in p))).toBe(true)
  expect(coffees.length).toBeGreaterThan(0)
  expect(coffees.every((c) => c.available)).toBe(true)
  // A roaster's-choice plan names its coffee of the moment.
  expect(plans.find((p) => p.id === 'taster')?.coffee).toMatchObject({ name: 'Guji Highlands', origin: 'Guji, Ethiopia' })
  // Everything (retired plans, price history) is the owners' and the platform's only.
  expect((await shop('getCatalogue', undefined, { all: true })).status).toBe(403)
})

test('an owner adds a plan and edits one; getSubscriptionPlans answers the change at the next request', async () => {
  const olga = await owner()
  const created = await shop('savePlan', olga, { plan: MORNING, create: true })
  expect(created.status).toBe(200)
  expect(created.body).toMatchObject({ plan: { id: 'morning-ritual', amount: 2300, prices: [{ amount: 2300 }] }, sortOrderClashes: [] })
  // Four languages have no words for it yet: it reads in English there, and the owner is told.
  expect((created.body as { missingTranslations: string[] }).missingTranslations).toEqual(['fr', 'nl', 'it', 'es'])
  const barista = planOf(await everything(olga), 'barista')
  const edited = { ...barista, description: 'Two bags every week for the serious home brewer.' }
  expect((await shop('savePlan', olga, { plan: edited })).status).toBe(200)

  const offered = await plansOnOffer()
  expect(offered.find((p) => p.id === 'barista')?.description).toBe('Two bags every week for the serious home brewer.')
  expect(offered.find((p) => p.id === 'morning-ritual')).toMatchObject({ name: 'Morning Ritual', amount: 2300, translations: { de: { name: 'Morgenritual' } }, coffee: { name: 'Huila Supremo' } })
  // Its German words stay its own (the owner edits them with the plan).
  expect(offered.find((p) => p.id === 'barista')?.translations?.de?.name).toBe('Barista')
})

test('a customer may start a new plan at once, and not a retired one; its subscribers keep it', async () => {
  const olga = await owner()
  await shop('savePlan', olga, { plan: MORNING, create: true })
  const sam = await account.signIn(newEmail('sam'))
  await account.ok(sam, 'setDeliveryAddress', { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  const { savePaymentMethod } = await import('../../../rio-local/test/payments')
  await savePaymentMethod((name, body) => account.method(sam, name, body), { card: '4242424242424242' })
  expect((await account.method(sam, 'selectPlan', { planId: 'morning-ritual' })).status).toBe(200)

  expect((await shop('retirePlan', olga, { planId: 'morning-ritual' })).body).toMatchObject({ planId: 'morning-ritual', retiredAt: expect.any(String) })
  expect((await plansOnOffer()).map((p) => p.id)).not.toContain('morning-ritual')
  const ana = await account.signIn(newEmail('ana'))
  expect((await account.method(ana, 'selectPlan', { planId: 'morning-ritual' })).body).toMatchObject({ code: 'UNKNOWN_PLAN' })
  // Sam keeps it: his subscription still names it, with its words.
  const state = (await account.userState(sam)) as { status: string; plan: string }
  expect(state).toMatchObject({ status: 'active', plan: 'morning-ritual' })
  expect((await shop('retirePlan', olga, { planId: 'morning-ritual' })).body).toMatchObject({ code: 'PLAN_RETIRED', field: 'planId' })
})

test('coffees: an owner adds one and makes it the coffee of the moment; an unavailable coffee is not offered', async () => {
  const olga = await owner()
  const coffee = { id: 'kenya-aa', name: 'Kiambu AA', origin: 'Kiambu, Kenya', process: 'washed', notes: 'blackcurrant, grapefruit', roast: 'light', available: true }
  expect((await shop('saveCoffee', olga, { coffee })).body).toEqual({ coffee })
  const taster = planOf(await everything(olga), 'taster')
  expect((await shop('savePlan', olga, { plan: { ...taster, coffeeId: 'kenya-aa' } })).status).toBe(200)
  expect((await plansOnOffer()).find((p) => p.id === 'taster')?.coffee).toEqual({ name: 'Kiambu AA', origin: 'Kiambu, Kenya', process: 'washed', notes: 'blackcurrant, grapefruit' })
  await shop('saveCoffee', olga, { coffee: { ...coffee, available: false } })
  expect((await plansOnOffer()).find((p) => p.id === 'taster')?.coffee).toBeUndefined()
  const open = (await shop('getCatalogue', undefined, {})).body as { coffees: Array<{ id: string }> }
  expect(open.coffees.map((c) => c.id)).not.toContain('kenya-aa')
})

test('bad input is refused naming its field, and nothing is saved', async () => {
  const olga = await owner()
  const before = await everything(olga)
  const barista = planOf(before, 'barista')
  const refusals: Array<[unknown, string, string]> = [
    [{ plan: { ...MORNING, amount: 0 }, create: true }, 'INVALID_PRICE', 'plan.amount'],
    [{ plan: { ...MORNING, amount: 50001 }, create: true }, 'INVALID_PRICE', 'plan.amount'],
    [{ plan: { ...MORNING, amount: 12.5 }, create: true }, 'INVALID_PRICE', 'plan.amount'],
    [{ plan: { ...MORNING, id: 'barista' }, create: true }, 'PLAN_EXISTS', 'plan.id'],
    [{ plan: { ...MORNING, id: 'Morning Ritual' }, create: true }, 'INVALID_PLAN_ID', 'plan.id'],
    [{ plan: { ...MORNING, delivery: 'daily' }, create: true }, 'UNKNOWN_CADENCE', 'plan.delivery'],
    [{ plan: { ...MORNING, grinds: ['wholeBean', 'wholeBean'] }, create: true }, 'INVALID_CHOICES', 'plan.grinds'],
    [{ plan: { ...MORNING, name: ' ' }, create: true }, 'INVALID_TEXT', 'plan.name'],
    [{ plan: { ...MORNING, coffeeId: 'nope' }, create: true }, 'UNKNOWN_COFFEE', 'plan.coffeeId'],
    [{ plan: { ...MORNING, translations: { pt: { name: 'Ritual' } } }, create: true }, 'UNKNOWN_LANGUAGE', 'plan.translations.pt'],
    [{ plan: { ...MORNING, translations: { de: { features: ['a', 'b'] } } }, create: true }, 'INVALID_FEATURES', 'plan.translations.de.features'],
    [{ plan: { ...barista, amount: 2100 } }, 'PRICE_NEEDS_NOTICE', 'plan.amount'],
  ]
  for (const [body, code, field] of refusals) {
    const res = await shop('savePlan', olga, body)
    expect({ status: res.status, body: res.body }).toEqual({ status: expect.any(Number), body: expect.objectContaining({ code, field }) })
    expect(res.status).toBeGreaterThanOrEqual(400)
  }
  expect((await shop('saveCoffee', olga, { coffee: { id: 'x', name: 'X', origin: 'Y', roast: 'burnt', available: true } })).body).toMatchObject({ code: 'INVALID_ROAST', field: 'coffee.roast' })
  expect((await shop('changePrice', olga, { planId: 'barista', amountCents: 0 })).body).toMatchObject({ code: 'INVALID_PRICE', field: 'amountCents' })
  expect((await shop('changePrice', olga, { planId: 'barista', amountCents: 2000 })).body).toMatchObject({ code: 'SAME_PRICE', field: 'amountCents' })
  expect((await shop('changePrice', olga, { planId: 'espresso', amountCents: 2000 })).body).toMatchObject({ code: 'UNKNOWN_PLAN', field: 'planId' })
  const after = await everything(olga)
  expect({ plans: after.plans, coffees: after.coffees }).toEqual({ plans: before.plans, coffees: before.coffees })
  expect((await shop('getAuditLog', olga)).body).toEqual({ entries: [] })
})

test('a sortOrder clash is allowed and shown; recommending a plan takes it from the other', async () => {
  const olga = await owner()
  const res = await shop('savePlan', olga, { plan: { ...MORNING, sortOrder: 2, recommended: true }, create: true })
  expect(res.status).toBe(200)
  expect((res.body as { sortOrderClashes: string[] }).sortOrderClashes.sort()).toEqual(['daily-grind', 'morning-ritual'])
  expect((await everything(olga)).sortOrderClashes.sort()).toEqual(['daily-grind', 'morning-ritual'])
  expect((await plansOnOffer()).filter((p) => p.recommended).map((p) => p.id)).toEqual(['morning-ritual'])
})

test('every catalogue change is on the audit log: who, what, before and after', async () => {
  const olga = await owner()
  await shop('savePlan', olga, { plan: MORNING, create: true })
  await shop('saveCoffee', olga, { coffee: { id: 'kenya-aa', name: 'Kiambu AA', origin: 'Kiambu, Kenya', process: 'washed', notes: '', roast: 'light', available: true } })
  await shop('changePrice', olga, { planId: 'morning-ritual', amountCents: 2400 })
  await shop('retirePlan', olga, { planId: 'morning-ritual' })
  const { entries } = (await shop('getAuditLog', olga)).body as { entries: Array<Record<string, string>> }
  expect(entries.map((e) => [e.by, e.action, e.target])).toEqual([
    [OWNER, 'plan.retired', 'morning-ritual'],
    [OWNER, 'price.changed', 'morning-ritual'],
    [OWNER, 'coffee.added', 'kenya-aa'],
    [OWNER, 'plan.created', 'morning-ritual'],
  ])
  expect(entries[1]).toMatchObject({ before: '23.00 EUR', after: expect.stringMatching(/^24\.00 EUR \(existing subscribers from \d{4}-\d{2}-\d{2}\)$/) })
})

test('a customer, or a member without the owner role, may not change the catalogue (403)', async () => {
  const olga = await owner()
  const rui = newEmail('rui')
  await shop('setMember', olga, { email: rui, roles: ['roaster', 'support', 'finance'] })
  const member = await account.signIn(rui)
  const customer = await account.signIn(newEmail('cy'))
  for (const who of [member, customer]) {
    expect((await shop('savePlan', who, { plan: MORNING, create: true })).status).toBe(403)
    expect((await shop('changePrice', who, { planId: 'barista', amountCents: 2500 })).status).toBe(403)
    expect((await shop('retirePlan', who, { planId: 'barista' })).status).toBe(403)
    expect((await shop('saveCoffee', who, { coffee: {} })).status).toBe(403)
  }
  expect((await plansOnOffer()).map((p) => p.id)).toContain('barista')
})

test('the board names the coffee each delivery gets: the plan’s coffee of the moment, or the first available of the roast chosen', async () => {
  const olga = await owner()
  const { savePaymentMethod } = await import('../../../rio-local/test/payments')
  const subscribe = async (name: string, planId: string, preferences?: { grind: string; roast: string }) => {
    const who = await account.signIn(newEmail(name))
    await account.ok(who, 'setDeliveryAddress', { name, line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
    await savePaymentMethod((method, body) => account.method(who, method, body), { card: '4242424242424242' })
    await account.ok(who, 'selectPlan', { planId, ...(preferences ? { preferences } : {}) })
    return (await account.userState(who)) as { nextDeliveryAt: string }
  }
  const tia = await subscribe('Tia', 'taster')
  const dan = await subscribe('Dan', 'daily-grind', { grind: 'filter', roast: 'medium' })
  const coffeeOn = async (day: string, name: string) => {
    await call(backend(), 'POST', `/${P}/INSTANCE/Roastery/${day}?_token=${olga.token}`)
    const board = (await call<{ role: { staff: { deliveries: Array<{ name: string; coffee?: string }> } } }>(backend(), 'POST', `/${P}/STATE/Roastery/${day}?_token=${olga.token}`)).body
    return board.role.staff.deliveries.find((d) => d.name === name)?.coffee
  }
  expect(await coffeeOn(tia.nextDeliveryAt.slice(0, 10), 'Tia')).toBe('Guji Highlands')
  expect(await coffeeOn(dan.nextDeliveryAt.slice(0, 10), 'Dan')).toBe('Huila Supremo')
})

test('extras: anyone reads those on offer; an owner adds and changes one, refused field by field, on the audit log; support may not', async () => {
  const olga = await owner()
  const open = async () => ((await shop('getCatalogue', undefined, {})).body as { extras: Array<{ id: string; amountCents: number; vat: string }> }).extras
  expect((await open()).map((e) => [e.id, e.vat])).toEqual([['extra-bag', 'coffee'], ['gift-box', 'standard'], ['dripper', 'standard']])
  const mug = { id: 'mug', name: 'Enamel mug', description: 'A blue enamel mug, 350 ml.', amountCents: 1200, vat: 'standard', available: true, translations: { de: { name: 'Emaillebecher' } } }
  expect((await shop('saveExtra', olga, { extra: mug })).body).toEqual({ extra: { ...mug, translations: { de: { name: 'Emaillebecher' } } } })
  expect((await open()).map((e) => e.id)).toContain('mug')
  await shop('saveExtra', olga, { extra: { ...mug, available: false } })
  expect((await open()).map((e) => e.id)).not.toContain('mug')
  // Owners still see it, to offer it again.
  expect(((await everything(olga)) as Catalogue).extras?.find((e) => e.id === 'mug')?.available).toBe(false)

  const before = (await everything(olga)).extras
  const refusals: Array<[unknown, string, string]> = [
    [{ ...mug, amountCents: 0 }, 'INVALID_EXTRA_PRICE', 'extra.amountCents'],
    [{ ...mug, amountCents: 20001 }, 'INVALID_EXTRA_PRICE', 'extra.amountCents'],
    [{ ...mug, vat: 'reduced' }, 'INVALID_VAT_KIND', 'extra.vat'],
    [{ ...mug, id: 'Enamel Mug' }, 'INVALID_EXTRA_ID', 'extra.id'],
    [{ ...mug, name: '' }, 'INVALID_TEXT', 'extra.name'],
    [{ ...mug, available: 'yes' }, 'INVALID_FLAG', 'extra.available'],
    [{ ...mug, translations: { pt: { name: 'Caneca' } } }, 'UNKNOWN_LANGUAGE', 'extra.translations.pt'],
    [{ ...mug, translations: { de: 'Becher' } }, 'INVALID_TRANSLATIONS', 'extra.translations.de'],
  ]
  for (const [extra, code, field] of refusals) {
    const res = await shop('saveExtra', olga, { extra })
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: expect.objectContaining({ code, field }) })
  }
  // A new extra may not take an id in use: the form creates, it never overwrites.
  const taken = await shop('saveExtra', olga, { extra: { ...mug, name: 'Another mug' }, create: true })
  expect({ status: taken.status, body: taken.body }).toEqual({ status: 409, body: expect.objectContaining({ code: 'EXTRA_EXISTS', field: 'extra.id' }) })
  expect((await everything(olga)).extras).toEqual(before)
  const { entries } = (await shop('getAuditLog', olga)).body as { entries: Array<Record<string, string>> }
  expect(entries.slice(0, 2).map((e) => [e.by, e.action, e.target, e.after])).toEqual([
    [OWNER, 'extra.changed', 'mug', 'Enamel mug | 12.00 EUR | standard VAT | not available'],
    [OWNER, 'extra.added', 'mug', 'Enamel mug | 12.00 EUR | standard VAT | available'],
  ])
  // A customer is no owner.
  const sam = await account.signIn(newEmail('sam'))
  expect((await shop('saveExtra', sam, { extra: mug })).status).toBe(403)
})
