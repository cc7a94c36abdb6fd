/**
 * The backend stops mid-session. The page says so in one clear message, keeps what was typed or
 * chosen, and works again once the backend is back. A reload during the outage keeps the customer
 * signed in.
 */
import { controlBackend, fetchPlans } from './support/backend'
import { card } from './support/cards'
import { E2E_ENV, E2E_PROJECT_ID, requireEnv } from './support/env'
import { expect, fillStartDetails, freshEmail, signIn, test } from './support/fixtures'

test.afterEach(async () => {
  // Never leave the shared stack without its backend, whatever happened above.
  await controlBackend('start').catch(() => undefined)
})

test('with the backend down the app shows one clear error, keeps the input and the chosen plan, and recovers', async ({ page, browser }) => {
  const email = freshEmail('outage')
  await signIn(page, email)
  const plans = (await fetchPlans()).sort((a, b) => a.sortOrder - b.sortOrder)
  const plan = plans[0]
  if (!plan) throw new Error('The backend served no plans.')
  await page.goto('/')
  const planCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: plan.name }) })
  const start = planCard.getByRole('button', { name: `Start with ${plan.name}` })
  await expect(start).toBeVisible()

  // A visitor in another browser has typed an e-mail but not sent it yet.
  const visitorContext = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: requireEnv(E2E_ENV.baseUrl) })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/sign-in')
  const visitorEmail = freshEmail('outage-visitor')
  await visitor.getByLabel('Email address').fill(visitorEmail)

  await controlBackend('stop')

  await start.click()
  const dialog = page.getByRole('dialog', { name: `Start with ${plan.name}?` })
  await fillStartDetails(dialog)
  const confirm = dialog.getByRole('button', { name: `Start ${plan.name}` })
  await confirm.click()
  const alert = dialog.getByRole('alert').filter({ hasText: /\S/ })
  await expect(alert).toBeVisible({ timeout: 15_000 })
  const message = await alert.innerText()
  expect(message, 'the message speaks to people, not in stack traces').not.toMatch(/undefined|\[object|AxiosError|status code \d+/i)
  // The page itself survives, and the chosen plan is still there to confirm again.
  await expect(confirm).toBeEnabled()

  await visitor.getByRole('button', { name: 'Send code' }).click()
  await expect(visitor.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 15_000 })
  await expect(visitor.getByLabel('Email address')).toHaveValue(visitorEmail)

  await controlBackend('start')

  await confirm.click()
  await expect(planCard.getByText(/Current plan/).first()).toBeVisible({ timeout: 15_000 })
  await visitor.getByRole('button', { name: 'Send code' }).click()
  await expect(visitor.getByLabel('Verification code')).toBeVisible({ timeout: 15_000 })
  await visitorContext.close()
})

test('an outage never signs a customer out: /account reloaded with the backend down reconnects to the same customer', async ({ page }) => {
  const tokensKey = `RIO_TOKENS_KEY.${E2E_PROJECT_ID}`
  const customerId = async (): Promise<string | null> => {
    const raw = await page.evaluate((key) => window.localStorage.getItem(key), tokensKey)
    const claims = raw ? (JSON.parse(raw) as { accessTokenDecoded?: { userId?: string; anonymous?: boolean } }).accessTokenDecoded : undefined
    return claims && !claims.anonymous ? claims.userId ?? null : null
  }
  const email = freshEmail('outage-reload')
  await signIn(page, email)
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(card(page, 'Sign-in')).toContainText(/member since/i)
  const signedInAs = await customerId()
  expect(signedInAs).not.toBeNull()

  await controlBackend('stop')
  // Whether this reload has to refresh the 45 s e2e token first or not, every call now fails.
  await page.reload()
  await expect(page.getByText('Reconnecting…')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  expect(await customerId()).toBe(signedInAs)

  await controlBackend('start')
  // The page tries again on its own; the same customer's account comes back, nothing lost.
  await expect(card(page, 'Sign-in')).toContainText(/member since/i, { timeout: 30_000 })
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(page.getByText('Reconnecting…')).toBeHidden()
  await expect(page).toHaveURL(/\/account$/)
  expect(await customerId()).toBe(signedInAs)

  // A second tab sees the same customer too.
  const second = await page.context().newPage()
  await second.goto('/account')
  await expect(card(second, 'Sign-in')).toContainText(/member since/i, { timeout: 15_000 })
  await expect(second.getByText(`Signed in as ${email}`)).toBeVisible()
})
