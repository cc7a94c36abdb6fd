/**
 * /delivery-link, where a reminder e-mail's one-click link lands, against the in-process backend
 * with msw: the links come from the real reminder e-mail (the clock walks to it); opening one asks
 * and changes nothing; the customer's confirmation skips the delivery or gives it the coffee they
 * picked, once; a used, tampered or incomplete link says what to do instead. No one is signed in:
 * the signed token in the address's fragment is the key.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { formatDeliveryDay } from '@/lib/format/date'
import { ROUTES } from '@/lib/routes'
import { lastChangeableDay } from '@retter-shared/BeanBloomSubscription/schedule'
import { savePaymentMethod, TEST_CARDS } from '@/rio-local/test/payments'
import { renderRoute } from '@/test/app-harness'
import { backendCall, backendHandle, backendSession } from '@/test/backend'
import { movableClock, walkTo } from '@/test/clock'

jest.setTimeout(30_000)

const LOAD = { timeout: 5000 }
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Delivery = { date: string; skipped?: boolean; coffee?: { id: string; name: string; chosen: boolean } }

const APP = 'https://localhost:3000'

beforeEach(async () => {
  process.env.APP_URL = APP
  await movableClock()
})
afterEach(() => {
  delete process.env.APP_URL
  jest.useRealTimers()
  window.history.replaceState(null, '', '/')
})

/**
 * A Barista subscriber with a medium roast, reminded of their second delivery (the clock walks to
 * its reminder, the morning of the last day it can change): that delivery's day and the links of
 * the reminder e-mail, by label.
 */
async function reminded(email: string) {
  let session = await backendSession(email)
  const call = (name: string, body?: unknown) => backendCall<{ upcomingDeliveries?: Delivery[] }>(`CALL/Account/${name}/${session.accountId}`, session.token, body)
  expect((await call('setDeliveryAddress', HOME)).status).toBe(200)
  await savePaymentMethod((name, body) => call(name, body), { card: TEST_CARDS.visa })
  expect((await call('setPreferences', { grind: 'wholeBean', roast: 'medium' })).status).toBe(200)
  const started = await call('selectPlan', { planId: 'barista' })
  const day = started.body.upcomingDeliveries?.[1]?.date.slice(0, 10) ?? ''
  await walkTo(Date.parse(lastChangeableDay(day)) + 12 * 60 * 60 * 1000)
  // Days went by: the customer's session from before has expired.
  session = await backendSession(email)
  const outbox = await backendHandle({ method: 'GET', url: `/__dev/outbox?to=${encodeURIComponent(email)}`, headers: { 'x-rio-dev': '1' } })
  const reminder = (JSON.parse(outbox.body) as Array<{ subject: string; text: string }>).find((m) => m.subject.startsWith('Your coffee arrives'))
  const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(reminder?.text ?? '')?.[1] ?? ''
  const deliveryOn = async (): Promise<Delivery | undefined> => {
    const state = await backendCall<{ user: Record<string, { upcomingDeliveries?: Delivery[] }> }>(`STATE/Account/${session.accountId}`, session.token)
    return Object.values(state.body.user)[0]?.upcomingDeliveries?.find((d) => d.date.startsWith(day))
  }
  return { day, deliveryOn, skip: link('Skip this delivery'), change: link('Change its day or coffee') }
}

/** Opens the link as the e-mail's reader would: the page with the token in its fragment. */
function openLink(url: string): () => void {
  expect(url.startsWith(`${APP}${ROUTES.deliveryLink}#`)).toBe(true)
  return openPage(url.slice(url.indexOf('#')))
}

/** The page with `fragment`; answers a function that closes it. */
function openPage(fragment: string): () => void {
  window.history.replaceState(null, '', `${ROUTES.deliveryLink}${fragment}`)
  return renderRoute(ROUTES.deliveryLink).unmount
}

test('a skip link asks first, skips once confirmed, and says so when opened again', async () => {
  const { day, deliveryOn, skip } = await reminded('sam@example.com')
  const user = userEvent.setup()
  const close = openLink(skip)
  const date = formatDeliveryDay(`${day}T00:00:00.000Z`, 'en')
  expect(await screen.findByRole('heading', { name: `Skip your delivery of ${date}?` }, LOAD)).toBeInTheDocument()
  // Opening it changed nothing.
  expect((await deliveryOn())?.skipped).toBe(false)

  await user.click(screen.getByRole('button', { name: 'Skip this delivery' }))
  expect(await screen.findByText(new RegExp(`Your delivery of ${date} is skipped`), {}, LOAD)).toBeInTheDocument()
  expect((await deliveryOn())?.skipped).toBe(true)
  expect(screen.getByRole('link', { name: 'Sign in to manage all your deliveries' })).toHaveAttribute('href', ROUTES.account)

  // The same link again (a second click in the e-mail): used.
  close()
  openLink(skip)
  expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('This link has already been used. Sign in to see or change your delivery.')
})

test('a change link lists days and coffees, asks for one, and gives the delivery the coffee picked', async () => {
  const { day, deliveryOn, change } = await reminded('kim@example.com')
  const user = userEvent.setup()
  openLink(change)
  const date = formatDeliveryDay(`${day}T00:00:00.000Z`, 'en')
  expect(await screen.findByRole('heading', { name: `Change your delivery of ${date}` }, LOAD)).toBeInTheDocument()
  expect(within(screen.getByRole('group', { name: 'Another day' })).getAllByRole('radio').length).toBeGreaterThan(0)
  expect(screen.getByText('It is now set to Huila Supremo.')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Confirm this change' }))
  expect(screen.getByRole('alert')).toHaveTextContent('Choose another day or another coffee for this delivery.')
  expect((await deliveryOn())?.coffee?.chosen).toBe(false)

  const choices = within(screen.getByRole('group', { name: 'Another coffee' }))
  await user.click(choices.getByRole('radio', { name: /^Guji Highlands/ }))
  await user.click(screen.getByRole('button', { name: 'Confirm this change' }))
  expect(await screen.findByText(`Your delivery of ${date} will be Guji Highlands. We have sent you an e-mail to confirm.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(async () => expect((await deliveryOn())?.coffee).toEqual({ id: 'guji', name: 'Guji Highlands', chosen: true }))
})

test('a change link moves the delivery to the day picked', async () => {
  const { day, change } = await reminded('ada@example.com')
  const user = userEvent.setup()
  openLink(change)
  const days = within(await screen.findByRole('group', { name: 'Another day' }, LOAD)).getAllByRole('radio')
  const last = days[days.length - 1]!
  const to = (last as HTMLInputElement).value.replace('day:', '')
  await user.click(last)
  await user.click(screen.getByRole('button', { name: 'Confirm this change' }))
  const date = formatDeliveryDay(`${day}T00:00:00.000Z`, 'en')
  expect(await screen.findByText(`Your delivery of ${date} now arrives on ${formatDeliveryDay(to, 'en')}. We have sent you an e-mail to confirm.`, {}, LOAD)).toBeInTheDocument()
})

test('a link without its token, or one tampered with, says what to do instead', async () => {
  const close = openPage('')
  expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('This link is incomplete.')
  close()

  const { skip } = await reminded('lee@example.com')
  openLink(skip.replace(/.$/, (c) => (c === '0' ? '1' : '0')))
  expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('This link is not valid.')
})
