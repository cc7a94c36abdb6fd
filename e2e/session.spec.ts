/**
 * Sign-out in one tab signs out the other, whose /account says so; a fresh /account then sends
 * visitors to /sign-in.
 * Sign-in propagates to another open tab as well.
 * With 45 s access tokens the session survives the SDK's refresh and the expiry itself.
 */
import type { Page } from '@playwright/test'
import { fetchPlans } from './support/backend'
import { card } from './support/cards'
import { E2E_ACCESS_TOKEN_TTL_SECONDS, E2E_PROJECT_ID } from './support/env'
import { expect, fillStartDetails, freshEmail, signIn, test } from './support/fixtures'
import { waitForFreshData } from './support/first-paint'

/** The SDK keeps its tokens in localStorage under this key. */
const TOKENS_KEY = `RIO_TOKENS_KEY.${E2E_PROJECT_ID}`
/** The SDK refreshes when the access token is this close to expiry. */
const REFRESH_MARGIN_SECONDS = 30

interface StoredTokens {
  accessToken: string
}

async function storedAccessToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), TOKENS_KEY)
  if (!raw) throw new Error(`No ${TOKENS_KEY} in localStorage.`)
  return (JSON.parse(raw) as StoredTokens).accessToken
}

function expiryOf(jwt: string): number {
  const payload = jwt.split('.')[1] ?? ''
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }).exp
}

test('signing out in one tab signs out the other, whose /account says so; /account then redirects to /sign-in', async ({ page, context }) => {
  await signIn(page, freshEmail('tabs'))
  const second = await context.newPage()
  await second.goto('/account')
  // Signed in for real, not only painted from this browser's last view (the first paint shows "Sign
  // out" before the SDK has started): the customer's data has replaced every first-paint part.
  await waitForFreshData(second)
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  // The other tab stays where its customer left it and tells them why the account is gone.
  await expect(second.getByText('You signed out in another tab.')).toBeVisible({ timeout: 5000 })
  await expect(second).toHaveURL(/\/account$/)
  await second.getByRole('link', { name: 'Sign in again' }).click()
  await expect(second).toHaveURL(/\/sign-in/)
  await expect(second.getByLabel('Email address')).toBeVisible()

  await page.goto('/account')
  await expect(page).toHaveURL(/\/sign-in/)
  await expect(page.getByLabel('Email address')).toBeVisible()
})

test('signing in in one tab signs in the other open tab, without a reload', async ({ page, context }) => {
  const other = await context.newPage()
  await other.goto('/')
  await expect(other.getByRole('link', { name: /^Start with / }).first()).toBeVisible()

  await signIn(page, freshEmail('tabs-in'))
  // The other tab adopts the session: its plans offer buttons and visitors' sign-in links are gone.
  await expect(other.getByRole('button', { name: /^Start with / }).first()).toBeVisible({ timeout: 5000 })
  await expect(other.getByRole('link', { name: /^Start with / })).toHaveCount(0)
  await other.goto('/account')
  await expect(other.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
})

test('with 45 s access tokens a session refreshes, outlives the expiry and keeps working', async ({ page }) => {
  test.slow()
  const email = freshEmail('ttl')
  await signIn(page, email)
  const firstToken = await storedAccessToken(page)
  const firstExp = expiryOf(firstToken)

  // Past the refresh margin (but before expiry) the next action makes the SDK refresh first.
  const plans = (await fetchPlans()).sort((a, b) => a.sortOrder - b.sortOrder)
  const [planA, planB] = plans
  if (!planA || !planB) throw new Error('The backend served fewer than two plans.')
  await page.waitForTimeout((E2E_ACCESS_TOKEN_TTL_SECONDS - REFRESH_MARGIN_SECONDS + 3) * 1000)
  await page.goto('/')
  const choose = async (name: string): Promise<void> => {
    const planCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })
    const answered = page.waitForResponse((res) => res.url().includes('/selectPlan/'))
    await planCard.getByRole('button', { name: new RegExp(`^(Start with|Switch to) ${name}$`) }).click()
    const dialog = page.getByRole('dialog')
    // The confirmation loads in its own chunk: wait for it before asking whether it wants an address.
    await expect(dialog.getByRole('button', { name: new RegExp(`^(Start|Switch to) ${name}$`) })).toBeVisible()
    if (await dialog.getByLabel('Full name').count()) await fillStartDetails(dialog)
    await dialog.getByRole('button', { name: new RegExp(`^(Start|Switch to) ${name}$`) }).click()
    expect((await answered).ok(), `selectPlan for ${name} succeeded`).toBe(true)
    await expect(planCard.getByText(/Current plan/).first()).toBeVisible()
  }
  await choose(planA.name)
  const refreshed = await storedAccessToken(page)
  expect(refreshed, 'the SDK fetched a new access token').not.toBe(firstToken)
  expect(expiryOf(refreshed)).toBeGreaterThan(firstExp)

  // Now let the first token expire for good, and reload: still signed in, still working.
  const waitMs = (firstExp + 2) * 1000 - Date.now()
  if (waitMs > 0) await page.waitForTimeout(waitMs)
  await page.goto('/account')
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(card(page, 'Sign-in')).toContainText(/member since/i)
  await page.goto('/')
  await choose(planB.name)
})
