/**
 * The confirmation step's words are not in the HTML of `/`: they load from the app's
 * `/api/messages` once a customer is signed in, and the step opens only with them.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { http, HttpResponse } from 'msw'
import { expectConfirmationUnavailable, plansAsCustomer, signInThroughPage } from '@/test/app-harness'
import { server } from '@/test/msw/server'
import { APP_MESSAGES } from '@/test/msw/handlers'

const LOAD = { timeout: 5000 }
const EMAIL = 'lea@example.com'

const asked: string[] = []
const noteAsked = ({ request }: { request: Request }) => { if (APP_MESSAGES.test(request.url)) asked.push(new URL(request.url).search) }
beforeEach(() => { asked.length = 0; server.events.on('request:start', noteAsked) })
afterEach(() => { server.events.removeListener('request:start', noteAsked) })

test('the confirmation opens in full words once they have loaded, and its words were asked for once', async () => {
  const user = userEvent.setup()
  const barista = await plansAsCustomer(user, EMAIL)
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  const dialog = await screen.findByRole('dialog', { name: 'Start with Barista?' }, LOAD)
  // The start's forms read in words, not keys.
  expect(within(dialog).getByRole('group', { name: 'Delivery address' })).toBeInTheDocument()
  expect(dialog.textContent).not.toMatch(/\b(plans|delivery|payments)\.[a-z]+\.[a-zA-Z]+/)
  expect(asked).toEqual(['?bundle=confirmPlan&locale=en'])
})

test('when the words cannot load, choosing says so and leaves the plans usable; the next choice loads them', async () => {
  let failing = true
  server.use(http.get(APP_MESSAGES, () => (failing ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)))
  const user = userEvent.setup()
  const barista = await plansAsCustomer(user, EMAIL)
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  await expectConfirmationUnavailable(barista)

  failing = false
  await user.click(within(barista).getByRole('button', { name: 'Start with Barista' }))
  expect(await screen.findByRole('dialog', { name: 'Start with Barista?' }, LOAD)).toBeInTheDocument()
  // Asked on sign-in, on the first choice, and on the second, which had them.
  expect(asked.length).toBeGreaterThanOrEqual(2)
})

test('a plan asked for in the address waits for the words, then opens in them, never in keys', async () => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => { release = resolve })
  // Answered as usual, but only once the test lets it through.
  server.use(http.get(APP_MESSAGES, async () => { await held; return undefined }))
  const user = userEvent.setup()
  await signInThroughPage(user, EMAIL, { next: '/', landing: '/' })
  await act(() => mockRouter.push('/?plan=barista'))
  await within(await screen.findByRole('article', { name: 'Barista' }, LOAD)).findByRole('button', { name: 'Start with Barista' }, LOAD)
  await waitFor(() => expect(asked.length).toBeGreaterThan(0), LOAD)
  // The customer's view and the confirmation's code are there; only the words are not.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(document.body.textContent).not.toMatch(/plans\.confirm\./)

  release()
  const dialog = await screen.findByRole('dialog', { name: 'Start with Barista?' }, LOAD)
  expect(dialog.textContent).not.toMatch(/\b(plans|delivery|payments)\.[a-z]+\.[a-zA-Z]+/)
})
