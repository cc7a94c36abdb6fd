/** No serious or critical axe violation on the main pages, and sign-in by keyboard alone. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { waitForCode } from './support/backend'
import { expect, freshEmail, requestCode, test } from './support/fixtures'

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('axe finds no serious or critical violation on /, both sign-in steps and /account', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('article').first()).toBeVisible()
  expect(await seriousViolations(page), '/').toEqual([])

  await page.goto('/sign-in')
  await expect(page.getByLabel('Email address')).toBeVisible()
  expect(await seriousViolations(page), '/sign-in, e-mail step').toEqual([])

  const email = freshEmail('axe')
  const before = await requestCode(page, email)
  expect(await seriousViolations(page), '/sign-in, code step').toEqual([])

  const { code } = await waitForCode(email, before)
  // Six digits submit themselves.
  await page.getByLabel('Verification code').fill(code)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your data', exact: true })).toBeVisible()
  expect(await seriousViolations(page), '/account').toEqual([])
})

test('keyboard only: the e-mail field has focus, Enter sends, the typed code verifies itself, focus lands on the heading', async ({ page }) => {
  const email = freshEmail('keys')
  await page.goto('/sign-in')
  const emailInput = page.getByLabel('Email address')
  // The page focuses the field as it opens.
  await expect(emailInput).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')

  // Focus moves to the code step by itself.
  const codeInput = page.getByLabel('Verification code')
  await expect(codeInput).toBeFocused()
  const { code } = await waitForCode(email, 0)
  await page.keyboard.type(code)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeFocused()
})
