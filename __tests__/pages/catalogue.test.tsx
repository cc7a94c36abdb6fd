/**
 * The catalogue section of /roastery, against the in-process backend with msw: an owner edits a
 * plan's description, adds a coffee and makes it a plan's coffee of the moment, raises a price (told
 * the day existing subscribers pay it), is told which field a bad price is, and retires a plan; a
 * new plan the Shop refuses names the field it refused;
 * every change is what `getSubscriptionPlans` answers next. A roaster never sees the section.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SubscriptionPlan } from '@/lib/contract'
import { signInThroughPage } from '@/test/app-harness'
import { backendCall, backendSession } from '@/test/backend'
import { addMember, ownerForEachTest } from '@/test/staff'

jest.setTimeout(40_000)

const LOAD = { timeout: 5000 }
const OWNER = 'rosa@example.com'

ownerForEachTest(OWNER)

let visitor: Promise<{ token: string }> | null = null
beforeEach(() => {
  visitor = null
})
/** What `Account.getSubscriptionPlans` answers now (asked with one session per test: codes are limited). */
async function plansOnOffer(): Promise<SubscriptionPlan[]> {
  visitor ??= backendSession('visitor@example.com')
  return (await backendCall<SubscriptionPlan[]>('CALL/Account/getSubscriptionPlans/any', (await visitor).token)).body
}

test('an owner edits a plan, adds a coffee, changes a price with notice and retires a plan', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, OWNER, { next: '/roastery', landing: '/roastery' })
  const section = await screen.findByRole('region', { name: 'Catalogue' }, LOAD)
  const plans = within(section).getByRole('table', { name: 'The plans, on offer first' })
  expect(within(plans).getByRole('row', { name: /Barista \(barista\) €20\.00 every week On offer/ })).toBeInTheDocument()

  // Edit Barista's description.
  await user.click(within(section).getByRole('button', { name: 'Edit Barista' }))
  const form = within(section).getByRole('form', { name: 'Edit Barista' })
  const description = within(form).getAllByLabelText('Description')[0] as HTMLTextAreaElement
  await user.clear(description)
  await user.type(description, 'Two bags a week for the serious home brewer.')
  await user.click(within(form).getByRole('button', { name: 'Save the plan' }))
  expect(await within(section).findByText('Barista is saved: the plans page shows the change within a minute.', {}, LOAD)).toBeInTheDocument()
  expect((await plansOnOffer()).find((p) => p.id === 'barista')?.description).toBe('Two bags a week for the serious home brewer.')

  // A new coffee, then the coffee of the moment of the Taster.
  await user.click(within(section).getByRole('button', { name: 'New coffee' }))
  const coffee = within(section).getByRole('form', { name: 'A new coffee' })
  await user.type(within(coffee).getByLabelText(/^Id/), 'kiambu')
  await user.type(within(coffee).getByLabelText('Name'), 'Kiambu AA')
  await user.type(within(coffee).getByLabelText('Origin'), 'Kiambu, Kenya')
  await user.click(within(coffee).getByRole('button', { name: 'Save the coffee' }))
  expect(await within(section).findByText('Kiambu AA is saved.', {}, LOAD)).toBeInTheDocument()
  await user.click(within(section).getByRole('button', { name: 'Edit Taster' }))
  const taster = within(section).getByRole('form', { name: 'Edit Taster' })
  await user.selectOptions(within(taster).getByLabelText('Coffee of the moment (roaster’s choice)'), 'Kiambu AA')
  await user.click(within(taster).getByRole('button', { name: 'Save the plan' }))
  expect(await within(section).findByText(/Taster is saved/, {}, LOAD)).toBeInTheDocument()
  expect((await plansOnOffer()).find((p) => p.id === 'taster')?.coffee).toMatchObject({ name: 'Kiambu AA', origin: 'Kiambu, Kenya' })

  // A bad price names its field and changes nothing; a good one says from when subscribers pay it.
  await user.click(within(section).getByRole('button', { name: 'Change the price of Barista' }))
  const price = within(section).getByRole('form', { name: 'A new price for Barista' })
  const amount = within(price).getByLabelText('New price per delivery (EUR)')
  await user.clear(amount)
  await user.type(amount, '0')
  await user.click(within(price).getByRole('button', { name: 'Change price' }))
  expect(await within(price).findByRole('alert', {}, LOAD)).toHaveTextContent('New price per delivery (EUR): Type a price in euros above 0 and at most €500.00, such as 22.50.')
  await user.clear(amount)
  await user.type(amount, '22,00')
  await user.click(within(price).getByRole('button', { name: 'Change price' }))
  expect(await within(section).findByText(/^Barista now costs €22\.00 for new subscribers; existing subscribers pay it from their first delivery on or after \w+ \d+ \w+ \d{4}/, {}, LOAD)).toBeInTheDocument()
  expect((await plansOnOffer()).find((p) => p.id === 'barista')?.amount).toBe(2200)

  // A new plan whose id is taken: the Shop's refusal, led by the field's label.
  await user.click(within(section).getByRole('button', { name: 'New plan' }))
  const fresh = within(section).getByRole('form', { name: 'A new plan' })
  await user.type(within(fresh).getByLabelText(/^Id/), 'barista')
  await user.type(within(fresh).getAllByLabelText('Name')[0] as HTMLElement, 'Barista again')
  await user.type(within(fresh).getAllByLabelText('Description')[0] as HTMLElement, 'The same id twice.')
  await user.type(within(fresh).getByLabelText('Price per delivery (EUR)'), '19')
  await user.click(within(fresh).getByRole('button', { name: 'Add the plan' }))
  expect(await within(fresh).findByRole('alert', {}, LOAD)).toHaveTextContent(/^Id \(lower-case letters, digits, dashes; cannot change later\): A plan with the id "barista" exists already/)
  await user.click(within(fresh).getByRole('button', { name: 'Cancel' }))

  // Retire the Taster: off the plans page, shown as retired here.
  await user.click(within(section).getByRole('button', { name: 'Retire Taster' }))
  expect(within(section).getByText('Nobody new can choose it from now on. Its subscribers keep it, at their price, until they change.')).toBeInTheDocument()
  await user.click(within(section).getByRole('button', { name: 'Yes, retire Taster' }))
  expect(await within(section).findByText('Taster is retired: nobody new can choose it.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(plans).getByRole('row', { name: /Taster \(taster\).*Retired/ })).toBeInTheDocument(), LOAD)
  expect((await plansOnOffer()).map((p) => p.id)).not.toContain('taster')
})

test('an owner adds an extra in two languages and takes one off offer; customers are offered what is on offer', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, OWNER, { next: '/roastery', landing: '/roastery' })
  const section = await screen.findByRole('region', { name: 'Catalogue' }, LOAD)
  const extras = within(section).getByRole('region', { name: 'What customers may add to one delivery' })
  expect(within(extras).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
    expect.stringContaining('Another bag of this coffee (extra-bag)€9.50Roasted coffee’s rateOn offer'),
    expect.stringContaining('Gift box (gift-box)€4.50Standard rateOn offer'),
    expect.stringContaining('Ceramic pour-over dripper (dripper)€24.00Standard rateOn offer'),
  ])
  await user.click(within(section).getByRole('button', { name: 'New extra' }))
  const form = within(section).getByRole('form', { name: 'A new extra' })
  await user.type(within(form).getByLabelText(/^Id/), 'mug')
  await user.type(within(form).getAllByLabelText('Name')[0] as HTMLElement, 'Enamel mug')
  await user.type(within(form).getAllByLabelText('Description')[0] as HTMLElement, 'A blue enamel mug, 350 ml.')
  // A price above the bounds is said in euros, by its field, before anything is sent.
  await user.type(within(form).getByLabelText('Price (EUR, VAT included)'), '250')
  await user.click(within(form).getByRole('button', { name: 'Save the extra' }))
  expect(await within(form).findByRole('alert', {}, LOAD)).toHaveTextContent('Price (EUR, VAT included): Type a price in euros above 0 and at most €200.00, such as 22.50.')
  await user.clear(within(form).getByLabelText('Price (EUR, VAT included)'))
  await user.type(within(form).getByLabelText('Price (EUR, VAT included)'), '12,00')
  await user.click(within(form).getByText('Words in German'))
  await user.type(within(form).getAllByLabelText('Name')[1] as HTMLElement, 'Emaillebecher')
  await user.click(within(form).getByRole('button', { name: 'Save the extra' }))
  expect(await within(section).findByText('Enamel mug is saved. Customers who added it keep the price they saw.', {}, LOAD)).toBeInTheDocument()
  const open = async () => ((await backendCall<{ extras: Array<{ id: string; amountCents: number; vat: string; translations: Record<string, { name?: string }> }> }>('CALL/Shop/getCatalogue/main', (await (visitor ??= backendSession('visitor@example.com'))).token, {})).body.extras)
  expect((await open()).find((e) => e.id === 'mug')).toMatchObject({ amountCents: 1200, vat: 'standard', translations: { de: { name: 'Emaillebecher' } } })

  // The gift box off offer: customers are no longer offered it.
  await user.click(within(section).getByRole('button', { name: 'Edit Gift box' }))
  const box = within(section).getByRole('form', { name: 'Edit Gift box' })
  await user.click(within(box).getByLabelText('Offered now'))
  await user.click(within(box).getByRole('button', { name: 'Save the extra' }))
  await waitFor(() => expect(within(extras).getByRole('row', { name: /Gift box \(gift-box\).*Not available/ })).toBeInTheDocument(), LOAD)
  expect((await open()).map((e) => e.id)).toEqual(['extra-bag', 'dripper', 'mug'])
})

test('a roaster does not see the catalogue, and the Shop refuses them', async () => {
  await addMember(OWNER, 'rui@example.com', ['roaster'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'rui@example.com', { next: '/roastery', landing: '/roastery' })
  expect(await screen.findByRole('heading', { level: 1, name: 'Roastery' }, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.queryAllByRole('region', { name: /Tomorrow|Today/ })).not.toHaveLength(0), LOAD)
  expect(screen.queryByRole('region', { name: 'Catalogue' })).toBeNull()
  // The customer's session of a roaster's address is refused too (a page that hid less would not help).
  const customer = await backendSession('cy@example.com')
  expect((await backendCall('CALL/Shop/changePrice/main', customer.token, { planId: 'barista', amountCents: 2500 })).status).toBe(403)
})
