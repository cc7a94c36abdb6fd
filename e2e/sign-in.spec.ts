/**
 * Journey 2: sign-in with the code from the outbox lands on /account with both cards live.
 * Journey 3: wrong codes, the lock after five, and the resend countdown.
 */
import type { Page } from '@playwright/test'
import { waitForCode } from './support/backend'
import { card } from './support/cards'
import { expect, freshEmail, requestCode, test } from './support/fixtures'
import { capture } from './support/screens'

/** A six-digit code that is not `code`. */
function wrongCode(code: string, offset: number): string {
  return code
    .split('')
    .map((digit, i) => (i === code.length - 1 ? String((Number(digit) + offset) % 10) : digit))
    .join('')
}

/** Types a code and submits it, waiting for the backend's answer (so messages are never stale). */
async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code').fill(code)
  const verify = page.getByRole('button', { name: 'Verify' })
  // A locked code may disable Verify: the UI refusing to send is the lock too.
  if (await verify.isDisabled()) return
  const answered = page.waitForResponse((res) => res.url().includes('/verifyOtp/'))
  await verify.click()
  await answered
}

test('sign-in with the e-mailed code lands on /account, signed in, with the Account and AWS cards', async ({ page, errors }) => {
  const email = freshEmail('signin')
  await page.goto('/sign-in')
  await capture(page, 'sign-in-email')
  const before = await requestCode(page, email)
  // Step 2 says where the code went.
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible()
  await capture(page, 'sign-in-code')

  const { code } = await waitForCode(email, before)
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
  const account = card(page, 'Account')
  const aws = card(page, 'AWS')
  await expect(account).toContainText(email)
  await expect(account).toContainText(/member since/i)
  await expect(aws).toContainText(email)
  await expect(aws).toContainText(/status/i)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await capture(page, 'account')

  await page.goto('/')
  await expect(page.getByRole('button', { name: /^(Choose|Current plan)/ }).first()).toBeVisible()
  await capture(page, 'home-signed-in')
  expect(errors.list).toEqual([])
})

test('a wrong code says Invalid OTP and keeps the e-mail; five lock the code; resend waits out its countdown', async ({ page }) => {
  const email = freshEmail('wrong')
  await page.goto('/sign-in')
  const before = await requestCode(page, email)
  const first = await waitForCode(email, before)

  // The countdown is visible and the button disabled right after sending.
  const resend = page.getByRole('button', { name: /Resend code/ })
  await expect(resend).toBeDisabled()
  await expect(page.getByText(/Resend code in \d+\s?s/)).toBeVisible()

  await submitCode(page, wrongCode(first.code, 1))
  await expect(page.getByText(/Invalid OTP/).first()).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in/)
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible()
  await expect(page.getByLabel('Verification code')).toBeVisible()

  for (let attempt = 2; attempt <= 5; attempt += 1) await submitCode(page, wrongCode(first.code, attempt))
  await expect(page.getByText(/Too many attempts/).first()).toBeVisible()

  // Locked means locked: even the right code is refused now.
  await submitCode(page, first.code)
  await expect(page.getByText(/Too many attempts/).first()).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in/)

  // Resend becomes possible only when the countdown ends (30 s), and the new code works.
  await expect(resend).toBeEnabled({ timeout: 40_000 })
  await expect(resend).toHaveText(/^Resend code$/)
  await resend.click()
  const second = await waitForCode(email, first.count)
  await expect(resend).toBeDisabled()
  await page.getByLabel('Verification code').fill(second.code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/account$/)
})
