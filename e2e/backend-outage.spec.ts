/**
 * The backend stops mid-session. The page says so in one clear message, keeps what was typed or
 * chosen, and works again once the backend is back.
 */
import { controlBackend, fetchPlans } from './support/backend'
import { E2E_ENV, requireEnv } from './support/env'
import { expect, freshEmail, signIn, test } from './support/fixtures'

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
