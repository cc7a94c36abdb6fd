/**
 * A customer's whole subscription, in one document: a visitor picks a plan, signs in, confirms it,
 * pauses for 2 weeks, resumes, skips the next delivery, changes plan, cancels and starts again.
 * Each change shows without a reload; axe checks the card and every open dialog.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { waitForCode } from './support/backend'
import { card } from './support/cards'
import { expect, freshEmail, requestCode, test } from './support/fixtures'
import { capture } from './support/screens'

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  const results = await builder.analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** The value (dd) of a term (dt) in a card's definition list. */
function valueOf(container: Locator, term: string): Locator {
  return container.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`)
}

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __e2eSameDocument: true }))
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => '__e2eSameDocument' in window)
}

test('pick → sign in → confirm → pause 2 weeks → resume → skip → change plan → cancel → start again, all without a reload', async ({ page, errors }) => {
  const email = freshEmail('journey')
  await page.goto('/')
  await page.getByRole('link', { name: 'Start with Barista' }).click()
  await expect(page).toHaveURL(/\/sign-in\?next=/)
  const before = await requestCode(page, email)
  const { code } = await waitForCode(email, before)
  await page.getByLabel('Verification code').fill(code)

  // Sign-in lands on the plan's confirmation, not at the top of the plans.
  await expect(page).toHaveURL(/\/\?plan=barista$/)
  const start = page.getByRole('dialog', { name: 'Start with Barista?' })
  await expect(start).toBeVisible()
  await expect(start).toContainText('Applies')
  await expect(start).toContainText('Next delivery')
  expect(await seriousViolations(page), 'start confirmation').toEqual([])
  await markDocument(page)
  await start.getByRole('button', { name: 'Start Barista' }).dblclick()
  const line = page.getByTestId('current-plan-line')
  await expect(line).toContainText(/You’re on Barista · next delivery \w{3}/)
  await expect(start).toBeHidden()

  await line.getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const subscription = card(page, 'Your subscription')
  const status = valueOf(subscription, 'Status')
  await expect(status).toHaveText('Active')
  await expect(subscription).toContainText('Barista')
  expect(await seriousViolations(page), '/account with the subscription card').toEqual([])
  const nextDelivery = valueOf(subscription, 'Next delivery')
  const firstDelivery = await nextDelivery.innerText()

  await subscription.getByRole('button', { name: '2 weeks' }).click()
  await expect(status).toHaveText('Paused')
  await expect(valueOf(subscription, 'Paused until')).toBeVisible()
  await capture(page, 'account-paused')

  await subscription.getByRole('button', { name: 'Resume deliveries' }).click()
  await expect(status).toHaveText('Active')
  await expect(valueOf(subscription, 'Paused until')).toHaveCount(0)
  await expect(nextDelivery).toHaveText(firstDelivery)

  await subscription.getByRole('button', { name: 'Skip next delivery' }).click()
  await expect(nextDelivery).not.toHaveText(firstDelivery)
  const afterSkip = await nextDelivery.innerText()

  // Change plan: the plans, the current one marked, the change applying from the next delivery.
  await subscription.getByRole('link', { name: 'Change plan' }).click()
  await expect(page).toHaveURL(/\/$/)
  const barista = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Barista' }) })
  await expect(barista.getByRole('button', { name: 'Current plan' })).toBeDisabled()
  await page.getByRole('button', { name: 'Switch to Daily Grind' }).click()
  const change = page.getByRole('dialog', { name: 'Switch to Daily Grind?' })
  await expect(change).toContainText(`From your next delivery on ${afterSkip}`)
  expect(await seriousViolations(page), 'change confirmation').toEqual([])
  await change.getByRole('button', { name: 'Switch to Daily Grind' }).click()
  await expect(line).toContainText(`You’re on Daily Grind · next delivery ${afterSkip}`)

  await line.getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(subscription).toContainText('Daily Grind')
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' })
  await expect(cancel).toContainText('Your Daily Grind deliveries stop now')
  expect(await seriousViolations(page), 'cancel dialog').toEqual([])
  await cancel.getByLabel('Why are you cancelling? (optional)').fill('Trying a local roaster for a while')
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(cancel).toBeHidden()
  await expect(status).toHaveText('Cancelled')
  await expect(nextDelivery).toHaveCount(0)

  await subscription.getByRole('link', { name: 'Start Daily Grind again' }).click()
  const restart = page.getByRole('dialog', { name: 'Start Daily Grind again?' })
  await expect(restart).toContainText('Today')
  await restart.getByRole('button', { name: 'Start Daily Grind again' }).click()
  await expect(line).toContainText('You’re on Daily Grind · next delivery')

  expect(await isSameDocument(page), 'no step reloaded the page').toBe(true)
  // Next's route announcer is an empty role=alert: only alerts that say something count.
  await expect(page.getByRole('alert').filter({ hasText: /error|could not|cannot/i })).toHaveCount(0)
  expect(errors.list).toEqual([])
})

test('on a phone the current plan is in view on / without scrolling past the others', async ({ page }) => {
  const email = freshEmail('phone')
  await page.goto('/')
  await page.getByRole('link', { name: 'Start with Roaster\'s Club' }).click()
  const before = await requestCode(page, email)
  const { code } = await waitForCode(email, before)
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('dialog', { name: 'Start with Roaster\'s Club?' }).getByRole('button', { name: 'Start Roaster\'s Club' }).click()
  await expect(page.getByTestId('current-plan-line')).toContainText('You’re on Roaster\'s Club')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  const current = page.getByRole('article').filter({ hasText: 'Your plan' })
  await expect(current).toContainText('Roaster\'s Club')
  await expect(current).toBeInViewport()
  await capture(page, 'home-current-plan')
})
