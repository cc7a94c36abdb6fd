/**
 * State changes reach the open /account page without a reload. How fast (the 2 s promise) is
 * measured by `npm run bench:live` over many runs, not asserted by a journey on a loaded machine.
 */
import type { Page } from '@playwright/test'
import { awsInstanceId, fetchPlans, setDevState } from './support/backend'
import { card } from './support/cards'
import { expect, fillStartDetails, freshEmail, openByClicking, signIn, test } from './support/fixtures'

/** How long a journey waits for a change to show (expect's own default, said here so it is seen). */
const SHOWS_WITHIN_MS = 10_000

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __e2eSameDocument: true }))
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => '__e2eSameDocument' in window)
}

test('a dev state change of AWS and starting a plan in another tab both update the open /account page within 2 s', async ({ page, context }) => {
  const email = freshEmail('live')
  await signIn(page, email)
  const aws = card(page, 'Your data')
  await expect(aws).toContainText('Everything is in place')
  await expect(page.getByRole('heading', { name: 'No subscription yet' })).toBeVisible()
  await markDocument(page)

  // Something outside the app changes the AWS object: the card says it in words.
  await setDevState('AWS', awsInstanceId(email), { status: 'suspended' })
  await expect(aws).toContainText('Your stored data is on hold for now', { timeout: SHOWS_WITHIN_MS })

  // The customer chooses a plan in another tab.
  const plans = (await fetchPlans()).sort((a, b) => a.sortOrder - b.sortOrder)
  const plan = plans[plans.length - 1]
  if (!plan) throw new Error('The backend served no plans.')
  const other = await context.newPage()
  await other.goto('/')
  const planCard = other.getByRole('article').filter({ has: other.getByRole('heading', { name: plan.name }) })
  const chosen = other.waitForResponse((res) => res.url().includes('/selectPlan/') && res.ok())
  await openByClicking(planCard.getByRole('button', { name: `Start with ${plan.name}` }), other.getByRole('dialog'))
  await fillStartDetails(other.getByRole('dialog'))
  await other.getByRole('dialog').getByRole('button', { name: `Start ${plan.name}` }).click()
  await chosen
  await expect(card(page, 'Your next delivery')).toContainText(plan.name, { timeout: SHOWS_WITHIN_MS })
  await expect(planCard.getByText(/Current plan/).first()).toBeVisible()

  expect(await isSameDocument(page), 'the /account page was not reloaded').toBe(true)
})
