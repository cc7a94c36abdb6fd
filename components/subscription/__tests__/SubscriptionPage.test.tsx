/**
 * The subscription as a customer meets it on /account, with the real providers against the
 * in-process local backend (msw hands it every request): a plan picked before sign-in flows through
 * the address step to a started subscription; then the upcoming deliveries (skip, unskip), a pause
 * that never brings a delivery forward, coffee and address edited in place, cancellation behind a
 * dialog that keeps its reason, changes from another tab shown live, and failures that end in one
 * message and lose nothing. Every change is confirmed the same way and moves focus to what changed.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import mockRouter from 'next-router-mock'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { server } from '@/test/msw/server'
import { watchRequests } from '@/test/msw/watch-requests'
import { renderAppHook, secondTabClient } from '@/test/render'
import { renderRoute, typeCard, typeDeliveryAddress, typeEmailAndCode } from '@/test/app-harness'

const LOAD = { timeout: 8000 }
const EMAIL = 'noor@example.com'
const ADDRESS = { name: 'Noor Haddad', line1: 'Kungsgatan 4', postalCode: '111 43', city: 'Stockholm', country: 'SE' }
type User = ReturnType<typeof userEvent.setup>

/** A visitor picks a plan on `/` while signed out, signs in, and lands on that plan's confirmation. */
async function pickThenSignIn(user: User, planName: string) {
  renderRoute('/')
  await user.click(await screen.findByRole('link', { name: `Start with ${planName}` }, LOAD))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/sign-in' }), LOAD)
  await typeEmailAndCode(user, EMAIL, LOAD)
  return screen.findByRole('dialog', { name: `Start with ${planName}?` }, LOAD)
}

/** Signed in on `planName` (started through the confirmation), on /account. */
async function subscribed(user: User, planName = 'Barista') {
  const dialog = await pickThenSignIn(user, planName)
  await typeDeliveryAddress(user, dialog, ADDRESS)
  await typeCard(user, dialog)
  await user.click(within(dialog).getByRole('button', { name: `Start ${planName}` }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  await act(() => mockRouter.push('/account'))
  return screen.findByRole('region', { name: 'Your next delivery' }, LOAD)
}

const upcoming = () => screen.getByRole('region', { name: 'Upcoming deliveries' })
const rows = () => within(upcoming()).getAllByRole('listitem')
const nextDelivery = () => screen.getByTestId('next-delivery').textContent

test('a plan picked before sign-in flows through the address step to a started subscription, nothing sent before confirming', async () => {
  const user = userEvent.setup()
  const dialog = await pickThenSignIn(user, 'Barista')
  expect(mockRouter).toMatchObject({ pathname: '/', query: { plan: 'barista' } })
  expect(screen.queryByTestId('current-plan-line')).not.toBeInTheDocument()
  // An empty required field is refused here, by name, before anything is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
  expect(within(dialog).getByLabelText('Full name')).toHaveAccessibleDescription('The name is required.')
  await typeDeliveryAddress(user, dialog, ADDRESS)
  await typeCard(user, dialog)
  const sent = watchRequests(/\/CALL\/Account\/selectPlan\//)
  try {
    await user.dblClick(within(dialog).getByRole('button', { name: 'Start Barista' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  } finally {
    sent.stop()
  }
  expect(sent.urls).toHaveLength(1)
  expect(mockRouter).toMatchObject({ pathname: '/', query: {} })
  expect(await screen.findByTestId('current-plan-line', {}, LOAD)).toHaveTextContent(/You’re on Barista · next delivery/)
}, 30_000)

test('skip and unskip any upcoming delivery: each confirmed, announced, and focus stays on that delivery', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const dayOf = (row: HTMLElement) => within(row).getByRole('button', { name: /^Skip the delivery on / }).getAttribute('aria-label')!.replace('Skip the delivery on ', '')
  const first = dayOf(rows()[0]!)
  const third = dayOf(rows()[2]!)
  expect(nextDelivery()).toBe(first)
  await user.click(within(rows()[2]!).getByRole('button', { name: `Skip the delivery on ${third}` }))
  expect(await screen.findByText(`Skipped: your delivery on ${third}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(rows()[2]).toHaveTextContent('Skipped'), LOAD)
  await waitFor(() => expect(rows()[2]).toHaveFocus(), LOAD)
  expect(nextDelivery()).toBe(first)
  await user.click(within(rows()[2]!).getByRole('button', { name: `Unskip the delivery on ${third}` }))
  await waitFor(() => expect(rows()[2]).toHaveTextContent('Scheduled'), LOAD)
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`Unskipped the delivery on ${third}`)
  // Every date in one format: the day of each change as the delivery days are written.
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`${formatDeliveryDay(new Date().toISOString())}Unskipped the delivery on ${third}`)
}, 30_000)

/** Pauses the subscribed customer's deliveries for two weeks; resolves with the next delivery as the pause has it. */
async function pauseTwoWeeks(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  const pause = screen.getByRole('region', { name: 'Pause or cancel' })
  await user.selectOptions(within(pause).getByLabelText('Pause deliveries for'), '2')
  await user.click(within(pause).getByRole('button', { name: 'Pause' }))
  expect(await screen.findByText('Paused for 2 weeks.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.getByTestId('paused-line')).toHaveTextContent(/^Paused until/), LOAD)
  return nextDelivery()
}

test('a pause says until when and when the next delivery is, apart; a plain resume says the paused dates stay skipped', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const pausedNext = await pauseTwoWeeks(user)
  expect(screen.getByTestId('paused-line').textContent).not.toContain(pausedNext)
  expect(rows().filter((row) => row.textContent?.includes('Paused'))).toHaveLength(2)
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Your next delivery' })).toHaveFocus(), LOAD)
  const pause = screen.getByRole('region', { name: 'Your pause' })
  expect(pause).toHaveTextContent('Resuming ends the pause today.')
  // Bringing the paused dates back is offered, and can be declined in the same step.
  await user.click(within(pause).getByRole('checkbox', { name: /^Also bring back the 2 deliveries the pause skipped: / }))
  expect(pause).toHaveTextContent(`Your next delivery will be on ${pausedNext}. The paused dates stay skipped`)
  await user.click(within(pause).getByRole('button', { name: 'Resume deliveries' }))
  expect(await screen.findByText(`Deliveries are back on; the paused dates stay skipped. Your next delivery will be on ${pausedNext}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByTestId('paused-line')).not.toBeInTheDocument(), LOAD)
  expect(nextDelivery()).toBe(pausedNext)
  expect(rows().filter((row) => row.textContent?.includes('Skipped'))).toHaveLength(2)
}, 30_000)

test('resuming can bring the paused deliveries back in the same step, and says the next delivery first', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const before = nextDelivery()
  await pauseTwoWeeks(user)
  const pause = screen.getByRole('region', { name: 'Your pause' })
  expect(within(pause).getByRole('checkbox', { name: /^Also bring back the 2 deliveries/ })).toBeChecked()
  expect(pause).toHaveTextContent(`Your next delivery will be on ${before}.`)
  await user.click(within(pause).getByRole('button', { name: 'Resume with 2 deliveries back' }))
  expect(await screen.findByText(`Deliveries are back on, with the 2 paused deliveries. Your next delivery will be on ${before}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByTestId('paused-line')).not.toBeInTheDocument(), LOAD)
  expect(nextDelivery()).toBe(before)
  expect(rows().filter((row) => /Skipped|Paused/.test(row.textContent ?? ''))).toHaveLength(0)
}, 30_000)

test('coffee and address are edited in place; a wrong postal code from the class lands under its field, nothing typed is lost', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  const plan = screen.getByRole('region', { name: 'Plan and coffee' })
  await user.click(within(plan).getByRole('button', { name: 'Change grind or roast' }))
  await user.selectOptions(within(plan).getByLabelText('Roast'), 'dark')
  await user.click(within(plan).getByRole('button', { name: 'Save coffee preferences' }))
  expect(await screen.findByText('Your coffee is now whole bean, dark roast.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(plan).getByTestId('preferences')).toHaveTextContent('Whole bean, dark roast'), LOAD)

  const address = screen.getByRole('region', { name: 'Delivery address' })
  await user.click(within(address).getByRole('button', { name: 'Change address' }))
  // The class has the last word: its answer is shown under the field it names.
  server.use(http.post(/\/CALL\/Account\/setDeliveryAddress\//, () =>
    HttpResponse.json({ code: 'INVALID_POSTAL_CODE', field: 'postalCode', message: 'That postal code is not delivered to yet.' }, { status: 400 })))
  await user.clear(within(address).getByLabelText('Street and number'))
  await user.type(within(address).getByLabelText('Street and number'), 'Drottninggatan 9')
  await user.click(within(address).getByRole('button', { name: 'Save address' }))
  expect(await within(address).findByText('That postal code is not delivered to yet.', {}, LOAD)).toBeInTheDocument()
  expect(within(address).getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true')
  expect(within(address).getByLabelText('Street and number')).toHaveValue('Drottninggatan 9')
  server.resetHandlers()
  await user.click(within(address).getByRole('button', { name: 'Save address' }))
  expect(await screen.findByText('Your delivery address has changed.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(address).getByTestId('delivery-address')).toHaveTextContent('Drottninggatan 9'), LOAD)
  await waitFor(() => expect(within(address).getByRole('button', { name: 'Change address' })).toHaveFocus(), LOAD)
}, 30_000)

test('cancel opens on the safe choice, asks why, offers what fits the reason, keeps what was typed through a click outside, and then offers to start again', async () => {
  const user = userEvent.setup()
  await subscribed(user, 'Taster')
  await user.click(screen.getByRole('button', { name: 'Cancel subscription' }))
  const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
  expect(within(dialog).getByRole('button', { name: 'Keep my subscription' })).toHaveFocus()
  expect(document.body.style.overflow).toBe('hidden')
  expect(dialog).not.toHaveTextContent(/charge/i)
  // No reason, no cancellation: the dialog says why, and nothing is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose why you are cancelling: it helps us do better.')
  const reasons = within(dialog).getByRole('group', { name: 'Why are you cancelling?' })
  expect(within(reasons).getAllByRole('radio')).toEqual(['Too much coffee', 'Too expensive', 'Not to my taste', 'I am moving', 'Something else'].map((name) => within(reasons).getByRole('radio', { name })))
  // Each reason brings the offers that fit it.
  await user.click(within(reasons).getByRole('radio', { name: 'Too much coffee' }))
  const offers = within(dialog).getByRole('region', { name: 'Before you go, would one of these help?' })
  expect(within(offers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Skip just the next delivery', 'Pause for 4 weeks instead', 'See our smaller plans'])
  await user.click(within(reasons).getByRole('radio', { name: 'I am moving' }))
  expect(within(offers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Send to your new address', 'Pause for 4 weeks instead'])
  // "Something else" needs a few words.
  await user.click(within(reasons).getByRole('radio', { name: 'Something else' }))
  await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us in a few words why you are cancelling.')
  await user.click(within(reasons).getByRole('radio', { name: 'I am moving' }))
  await user.type(within(dialog).getByLabelText('Anything you would like to add? (optional)'), 'Moving abroad')
  // A click on the backdrop does not throw the reason away.
  await user.click(screen.getByTestId('dialog-backdrop'))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  expect(within(dialog).getByLabelText('Anything you would like to add? (optional)')).toHaveValue('Moving abroad')
  await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
  expect(await screen.findByText('Your subscription is cancelled.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  expect(document.body.style.overflow).toBe('')
  const summary = await screen.findByRole('region', { name: 'Your subscription is cancelled' }, LOAD)
  expect(within(summary).getByRole('link', { name: 'Start Taster again' })).toHaveAttribute('href', '/?plan=taster')
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Cancelled (“I am moving”)')

  // "Start again" opens the restart's confirmation on /, the plan kept in the address.
  await user.click(within(summary).getByRole('link', { name: 'Start Taster again' }))
  expect(await screen.findByRole('dialog', { name: 'Start Taster again?' }, LOAD)).toBeInTheDocument()
  expect(mockRouter).toMatchObject({ pathname: '/', query: { plan: 'taster' } })
  await user.click(screen.getByRole('button', { name: 'Not now' }))

  // The link as the first paint of /account has it (before the plan's id is known) does the same.
  await act(() => mockRouter.push('/?restart=1'))
  expect(await screen.findByRole('dialog', { name: 'Start Taster again?' }, LOAD)).toBeInTheDocument()
}, 30_000)

test('an offer instead of cancelling: too much coffee, so a 4-week pause; the subscription goes on', async () => {
  const user = userEvent.setup()
  await subscribed(user, 'Taster')
  await user.click(screen.getByRole('button', { name: 'Cancel subscription' }))
  const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
  await user.click(within(dialog).getByRole('radio', { name: 'Too much coffee' }))
  await user.click(within(dialog).getByRole('button', { name: 'Pause for 4 weeks instead' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  expect(await screen.findByRole('region', { name: 'Your pause' }, LOAD)).toHaveTextContent('Resuming ends the pause today.')
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Paused for 4 weeks')
  expect(screen.getByRole('region', { name: 'History' })).not.toHaveTextContent('Cancelled')
}, 30_000)

test('another coffee for one delivery: chosen in its row, said, on the history; the other deliveries keep the usual', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const second = rows()[1]!
  const select = within(second).getByRole('combobox', { name: /^Coffee for the delivery on / })
  const day = (select.getAttribute('aria-label') ?? '').replace('Coffee for the delivery on ', '')
  // Barista offers every roast: each coffee available now is there, and the usual one first.
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Usual coffee (the roaster’s pick)', 'Guji Highlands: peach, jasmine, black tea', 'Huila Supremo: red apple, caramel, cocoa', 'Mandheling: dark chocolate, cedar, spice',
  ])
  await user.selectOptions(select, 'guji')
  expect(await screen.findByText(`Guji Highlands for your delivery on ${day}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(rows()[1]!).getByRole('combobox', { name: /^Coffee for the delivery on / })).toHaveValue('guji'), LOAD)
  expect(within(rows()[2]!).getByRole('combobox', { name: /^Coffee for the delivery on / })).toHaveValue('')
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`Chose Guji Highlands for the delivery on ${day}`)
}, 30_000)

test('the delivery day: another weekday moves the deliveries at the same rhythm, said, on the history; a refusal stays by the form', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const day = within(upcoming()).getByRole('combobox', { name: 'Delivery day' })
  // Each row's id names its delivery's day (`delivery-YYYY-MM-DD`).
  const dayOf = (row: HTMLElement) => Date.parse(row.id.replace('delivery-', ''))
  const weekdayOf = (row: HTMLElement) => new Date(dayOf(row)).getUTCDay()
  const was = weekdayOf(rows()[5]!)
  const names = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
  expect(day).toHaveValue(names[was])
  expect(within(day).getAllByRole('option').map((o) => o.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
  const change = within(upcoming()).getByRole('button', { name: 'Change day' })
  expect(change).toBeDisabled()

  // The class's refusal shows by the form, and the choice stays.
  const target = (was + 2) % 7
  server.use(http.post(/\/CALL\/Account\/setDeliveryDay\//, () =>
    HttpResponse.json({ code: 'DAY_NOT_OFFERED', message: 'We do not deliver on that day of the week: choose one of the days offered.' }, { status: 409 })))
  await user.selectOptions(day, names[target]!)
  await user.click(change)
  expect(await within(upcoming()).findByRole('alert', {}, LOAD)).toHaveTextContent('We do not deliver on that day of the week')
  expect(day).toHaveValue(names[target])
  server.resetHandlers()

  await user.click(change)
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][target]
  expect(await screen.findByText(`Your deliveries now arrive on ${weekday}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(weekdayOf(rows()[5]!)).toBe(target), LOAD)
  // The same rhythm after the move: a week apart from the first delivery on the new day.
  const moved = rows().map(dayOf).filter((at) => new Date(at).getUTCDay() === target)
  expect(moved.slice(1).map((at, i) => at - moved[i]!)).toEqual(moved.slice(1).map(() => 7 * 24 * 3600 * 1000))
  expect(within(upcoming()).getByRole('combobox', { name: 'Delivery day' })).toHaveValue(names[target])
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`Deliveries moved to ${weekday}, from`)
}, 30_000)

test('one delivery moves to another day of its window, and the next one can be sent sooner; both said, on the history', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const dayOf = (row: HTMLElement) => row.id.replace('delivery-', '')
  const [third, fourth] = [dayOf(rows()[2]!), dayOf(rows()[3]!)]
  const move = within(rows()[2]!).getByRole('combobox', { name: `Move the delivery on ${formatDeliveryDay(`${third}T00:00:00.000Z`)}` })
  // Its window: the days after the delivery before it and before the one after it.
  const offered = within(move).getAllByRole('option').slice(1).map((o) => (o as HTMLOptionElement).value.slice(0, 10))
  expect(offered.length).toBe(12)
  expect(offered.every((d) => d > dayOf(rows()[1]!) && d < fourth && d !== third)).toBe(true)
  const to = offered[offered.length - 1]!
  // Choosing a day alone moves nothing; "Move" does.
  await user.selectOptions(move, `${to}T00:00:00.000Z`)
  expect(rows().map(dayOf)).toContain(third)
  await user.click(within(rows()[2]!).getByRole('button', { name: `Move the delivery on ${formatDeliveryDay(`${third}T00:00:00.000Z`)} to ${formatDeliveryDay(`${to}T00:00:00.000Z`)}` }))
  expect(await screen.findByText(`Your delivery of ${formatDeliveryDay(`${third}T00:00:00.000Z`)} now arrives on ${formatDeliveryDay(`${to}T00:00:00.000Z`)}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(rows().map(dayOf)).toContain(to), LOAD)
  expect(rows().map(dayOf)).toContain(fourth)
  expect(rows().map(dayOf)).not.toContain(third)

  // With the first delivery skipped, the second can go sooner: the day after the first.
  await user.click(within(rows()[0]!).getByRole('button', { name: /^Skip the delivery/ }))
  const sooner = await within(upcoming()).findByRole('button', { name: /^Send my next delivery sooner: / }, LOAD)
  const soonerDay = (sooner.textContent ?? '').replace('Send my next delivery sooner: ', '')
  await user.click(sooner)
  expect(await screen.findByText(`Your next delivery now arrives on ${soonerDay}.`, {}, LOAD)).toBeInTheDocument()
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`to ${soonerDay}`)
}, 30_000)

test('something extra for one delivery: added with its price, charged with it, said, on the history; taken off again', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  const second = () => rows()[1]!
  const date = `${second().id.replace('delivery-', '')}T00:00:00.000Z`
  const day = formatDeliveryDay(date)
  // One form for the card, folded under its title: which delivery, what, how many.
  await user.click(within(upcoming()).getByText('Something extra with a delivery'))
  const form = within(upcoming()).getByRole('form', { name: 'Something extra with a delivery' })
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Which delivery' }), date)
  const pick = within(form).getByRole('combobox', { name: `Something extra for the delivery of ${day}` })
  expect(within(pick).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Add something extra…', 'Another bag of this coffee, €9.50', 'Gift box, €4.50', 'Ceramic pour-over dripper, €24.00',
  ])
  const charged = () => within(second()).getByText(/^€[\d.]+, charged on /)
  const before = charged().textContent
  // Choosing alone adds nothing; "Add" does, with the quantity chosen.
  await user.selectOptions(pick, 'gift-box')
  expect(within(second()).queryByText(/× Gift box/)).not.toBeInTheDocument()
  await user.selectOptions(within(form).getByRole('combobox', { name: `How many, for the delivery of ${day}` }), '2')
  await user.click(within(form).getByRole('button', { name: `Add Gift box to the delivery of ${day}` }))
  expect(await screen.findByText(`2 × Gift box added to your delivery of ${day}: charged with it.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(second()).getByText('2 × Gift box: €9.00')).toBeInTheDocument(), LOAD)
  // The charge of that delivery grows by the extras; the others stay.
  expect(charged().textContent).not.toBe(before)
  expect(charged().textContent).toMatch(/^€\d+\.\d\d, charged on /)
  expect(within(rows()[2]!).queryByText(/× Gift box/)).not.toBeInTheDocument()
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent(`Added 2 × Gift box to the delivery of ${day}`)

  await user.click(within(second()).getByRole('button', { name: `Remove Gift box from the delivery of ${day}` }))
  expect(await screen.findByText(`Gift box is no longer in your delivery of ${day}.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(second()).queryByText('2 × Gift box: €9.00')).not.toBeInTheDocument(), LOAD)
  expect(charged().textContent).toBe(before)
}, 30_000)

test('a 409 from the class is one clear message where the change was made; the page stays usable', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  await waitFor(() => expect(rows()).toHaveLength(6), LOAD)
  server.use(http.post(/\/CALL\/Account\/skipDelivery\//, () =>
    HttpResponse.json({ code: 'TOO_LATE_TO_CHANGE', message: 'That delivery is already being roasted and packed, so it can no longer change.' }, { status: 409 })))
  await user.click(within(rows()[1]!).getByRole('button', { name: /^Skip the delivery/ }))
  expect(await within(upcoming()).findByRole('alert', {}, LOAD)).toHaveTextContent('That delivery is already being roasted and packed, so it can no longer change.')
  server.resetHandlers()
  await user.click(within(rows()[1]!).getByRole('button', { name: /^Skip the delivery/ }))
  await waitFor(() => expect(rows()[1]).toHaveTextContent('Skipped'), LOAD)
  expect(within(upcoming()).queryByRole('alert')).not.toBeInTheDocument()
}, 30_000)

test('a change made in a second tab shows here live, without a reload', async () => {
  const user = userEvent.setup()
  await subscribed(user)
  const { result: otherTab } = renderAppHook(() => ({ auth: useAuth(), account: useAccount() }), { route: '/account', createClient: secondTabClient })
  await waitFor(() => expect(otherTab.current.account.account?.status).toBe('active'), LOAD)
  const date = otherTab.current.account.account!.upcomingDeliveries![1]!.date
  await act(() => otherTab.current.account.changeSubscription({ kind: 'skipDate', date }))
  await waitFor(() => expect(rows()[1]).toHaveTextContent('Skipped'), LOAD)
  expect(rows()[1]).toHaveTextContent(formatDeliveryDay(date))
}, 30_000)
