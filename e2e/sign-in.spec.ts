/**
 * Sign-in with the code from the outbox (also after a reload) lands on /account with both cards live.
 * Wrong codes, the lock after five, and the resend countdown.
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

/** Types a code, which submits itself at six digits, and waits for the backend's answer. */
async function submitCode(page: Page, code: string): Promise<void> {
  const field = page.getByLabel('Verification code')
  const verify = page.getByRole('button', { name: 'Verify' })
  // The previous answer may have arrived before the page left its "verifying" state (Verify is
  // disabled and busy then): wait for it, so a disabled Verify below really means a dead code.
  await expect(verify).not.toHaveAttribute('aria-busy', 'true')
  // A dead code disables Verify and nothing can be sent any more: the UI refusing is the lock too.
  if (await verify.isDisabled()) return
  const answered = page.waitForResponse((res) => res.url().includes('/verifyOtp/'))
  await field.fill(code)
  await answered
}

test('sign-in with the e-mailed code lands on /account, signed in, with the subscription, Account and AWS cards', async ({ page, errors }) => {
  const email = freshEmail('signin')
  await page.goto('/sign-in')
  await capture(page, 'sign-in-email')
  const before = await requestCode(page, email)
  // Step 2 says where the code went.
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible()
  await capture(page, 'sign-in-code')

  const { code } = await waitForCode(email, before)
  // A reload while the customer reads their mail returns to code entry for the same address.
  await page.reload()
  await expect(page.getByLabel('Verification code')).toBeVisible()
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible()
  // Six digits submit themselves.
  await page.getByLabel('Verification code').fill(code)

  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeFocused()
  const account = card(page, 'Sign-in')
  const aws = card(page, 'Your data')
  // The e-mail heads the page, once.
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'No subscription yet' })).toBeVisible()
  await expect(account).toContainText(/member since/i)
  await expect(aws).toContainText(/Only you and our support team can see them/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await capture(page, 'account')

  await page.goto('/')
  await expect(page.getByRole('button', { name: /^(Start with|Switch to|Current plan)/ }).first()).toBeVisible()
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

  // Locked means locked: Verify is off, and even the right code is not sent.
  const verify = page.getByRole('button', { name: 'Verify' })
  await expect(verify).toBeDisabled()
  await submitCode(page, first.code)
  await expect(page.getByText(/Too many attempts/).first()).toBeVisible()
  await expect(page).toHaveURL(/\/sign-in/)
  // Typing another code sends nothing and says what to do instead.
  await page.getByLabel('Verification code').fill(first.code)
  await expect(page.getByText('This code can no longer be used. Send a new code to continue.')).toBeVisible()
  await expect(verify).toBeDisabled()

  // "Send a new code" is the main action now, with the wait still counting down (30 s from the
  // first send); the new code works.
  const sendNew = page.getByRole('button', { name: /^Send a new code/ })
  await expect(sendNew).toBeVisible()
  await expect(sendNew).toBeEnabled({ timeout: 40_000 })
  await expect(sendNew).toHaveText(/^Send a new code$/)
  await sendNew.click()
  const second = await waitForCode(email, first.count)
  await expect(resend).toBeDisabled()
  await expect(verify).toBeEnabled()
  await page.getByLabel('Verification code').fill(second.code)
  await expect(page).toHaveURL(/\/account$/)
})
