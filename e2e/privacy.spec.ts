/**
 * Privacy as a visitor meets it. The journeys' own stack is built without analytics (global setup
 * pins NEXT_PUBLIC_GA_ID to ''), so the analytics journeys build a second, small stack of their
 * own: the same production build with a GA id configured, served by `next start` on loopback (no
 * backend: these pages render for visitors without one). Google's hosts are intercepted in the
 * browser, so every request that would leave for them is seen and none reaches the network.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page, Request } from '@playwright/test'
import Stripe from 'stripe'
import { findFreePort } from '../scripts/lib/ports'
import { LOCAL_STRIPE_SECRET_KEY } from '../scripts/lib/localstripe'
import { startChild, type RunningChild } from '../scripts/lib/processes'
import { waitForHttp } from '../scripts/lib/wait'
import { outbox, waitForCode } from './support/backend'
import { card } from './support/cards'
import { E2E_ENV, requireEnv } from './support/env'
import { expect, fillDeliveryAddress, freshEmail, pickPlanAndSignIn, requestCode, signIn, test } from './support/fixtures'
import { fillCard, TEST_CARDS } from './support/payments'

const root = path.resolve(__dirname, '..')
const GA_ID = 'G-E2ECONSENT'
const ANALYTICS_HOST = /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net)$/

test('every page links the privacy notice, the imprint and the terms; a production build shows no placeholder for an operator detail it lacks', async ({ page }) => {
  await page.goto('/')
  const legal = page.getByRole('navigation', { name: 'Legal' })
  for (const [link, heading] of [['Privacy', 'Privacy notice'], ['Imprint', 'Imprint'], ['Terms', 'Terms of the subscription']] as const) {
    await legal.getByRole('link', { name: link }).click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // The journeys' build sets no operator details: the pages leave them out rather than say "PLACEHOLDER".
    await expect(page.getByRole('main')).not.toContainText('PLACEHOLDER')
    await expect(page.getByRole('note')).toHaveCount(0)
  }
  await page.goto('/privacy')
  await expect(page.getByRole('cell', { name: /10 years from the end of the year/ })).toBeVisible()
  // Without analytics configured there is nothing to consent to: no banner, no settings.
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Cookies and analytics' })).toHaveCount(0)
})

/** A visitor picks Barista, signs in as `email` and starts it with `address` and the card that pays; ends on /account. */
async function startBaristaWithCard(page: Page, email: string, address: Parameters<typeof fillDeliveryAddress>[1]): Promise<void> {
  const start = await pickPlanAndSignIn(page, email, 'Barista')
  await fillDeliveryAddress(start, address)
  await fillCard(start, TEST_CARDS.visa)
  await start.getByRole('button', { name: 'Start Barista' }).click()
  await expect(start).toBeHidden({ timeout: 15_000 })
  await page.goto('/account')
}

/** The deletion code the backend e-mailed to `email` (the latest one). */
async function deletionCode(email: string): Promise<string> {
  await expect.poll(async () => (await outbox(email)).some((m) => /code to delete/.test(m.subject))).toBe(true)
  const mail = (await outbox(email)).find((m) => /code to delete/.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('No deletion code was e-mailed.')
  return code
}

test('a customer downloads everything we hold, then deletes the account: Stripe forgets them, their other browser is signed out, the address starts afresh', async ({ page, browser }) => {
  const email = freshEmail('rights')
  await startBaristaWithCard(page, email, { name: 'Rita Rights', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' })
  const yourData = card(page, 'Your data rights')

  // Download: one JSON file with the account, the subscription, the payment method and the browser's cookie choice.
  const downloading = page.waitForEvent('download')
  await yourData.getByRole('button', { name: 'Download my data' }).click()
  const file = await (await downloading).path()
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    account: { email: string }; deliveryAddress: { name: string }; subscription: { plan: string; status: string }
    paymentMethod: { last4: string }; paymentProvider: { customerId: string }; browser: { cookieChoice: unknown }
  }
  expect(exported.account.email).toBe(email)
  expect(exported.deliveryAddress.name).toBe('Rita Rights')
  expect(exported.subscription).toMatchObject({ plan: 'barista', status: 'active' })
  expect(exported.paymentMethod.last4).toBe('4242')
  expect(exported.browser.cookieChoice).toBe('not chosen in this browser')
  const stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: new URL(requireEnv(E2E_ENV.stripeUrl)).hostname, port: new URL(requireEnv(E2E_ENV.stripeUrl)).port, protocol: 'http' })
  expect((await stripe.customers.retrieve(exported.paymentProvider.customerId)).id).toBe(exported.paymentProvider.customerId)

  // Another browser of theirs, signed in on its own (a new code: 30 s after the first).
  await page.waitForTimeout(31_000)
  const elsewhere = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: requireEnv(E2E_ENV.baseUrl) })
  const other = await elsewhere.newPage()
  await signIn(other, email)

  // Delete: a code to the address; a wrong one deletes nothing and says so.
  await yourData.getByRole('button', { name: 'Delete my account…' }).click()
  await yourData.getByRole('button', { name: 'E-mail me a code' }).click()
  const code = await deletionCode(email)
  await yourData.getByLabel('Code from the e-mail').fill(code === '000000' ? '000001' : '000000')
  await yourData.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(yourData.getByRole('alert')).toContainText('Nothing has been deleted')
  await expect(card(page, 'Upcoming deliveries')).toBeVisible()
  await yourData.getByLabel('Code from the e-mail').fill(code)
  await yourData.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible()

  // Stripe no longer knows them; the last e-mail says what is kept and links the privacy notice.
  const atStripe = await stripe.customers.retrieve(exported.paymentProvider.customerId).then((c) => ('deleted' in c && c.deleted ? 'deleted' : 'present'), (err: { statusCode?: number }) => (err.statusCode === 404 ? 'deleted' : 'error'))
  expect(atStripe).toBe('deleted')
  const last = (await outbox(email)).find((m) => m.subject === 'Your Bean & Bloom account is deleted')
  expect(last?.text).toContain('If you sign in with this address again, you start a new, empty account.')
  expect(last?.text).toContain('Privacy notice')

  // The other browser, open on /account, is signed out as the deletion reaches it, and told why.
  await expect(other.getByRole('alert').filter({ hasText: 'This account was deleted' })).toContainText('This account was deleted or moved to another e-mail address, so you are signed out here.', { timeout: 15_000 })
  await expect(other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(other.getByText('Rita Rights')).toHaveCount(0)
  await elsewhere.close()

  // Signing in again: a new, empty account, nothing of Rita.
  await page.goto('/sign-in')
  await page.waitForTimeout(31_000) // the sign-in code's resend wait from the first sign-in
  const again = await requestCode(page, email)
  await page.getByLabel('Verification code').fill((await waitForCode(email, again)).code)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Rita Rights')).toHaveCount(0)
  await expect(page.getByText('4242')).toHaveCount(0)
})

/**
 * The latest code of an e-mail change sent to `email`: by default the new address's ("code to use
 * this address"); `/code to move your/` for the current address's.
 */
async function emailChangeCode(email: string, subject: RegExp = /code to use this address/): Promise<string> {
  await expect.poll(async () => (await outbox(email)).some((m) => subject.test(m.subject))).toBe(true)
  const mail = (await outbox(email)).find((m) => subject.test(m.subject))
  const code = mail?.text.match(/Your code is (\d{6})\./)?.[1]
  if (!code) throw new Error('No e-mail change code was e-mailed.')
  return code
}

test('a customer moves the account to a new address: the subscription follows, the old address starts afresh', async ({ page }) => {
  const email = freshEmail('mover')
  const newEmail = freshEmail('moved')
  await startBaristaWithCard(page, email, { name: 'Mo Mover', line1: 'Via Roma 1', postalCode: '00184', city: 'Roma', country: 'IT' })
  const yourData = card(page, 'Your data rights')

  await yourData.getByRole('button', { name: 'Change e-mail address…' }).click()
  await yourData.getByLabel('New e-mail address').fill(newEmail)
  await yourData.getByRole('button', { name: 'E-mail a code to this address' }).click()
  await expect(yourData.getByText(`We e-mailed two codes: one to ${newEmail} and one to ${email}`)).toBeVisible()
  await yourData.getByLabel(`Code sent to ${newEmail} (new address)`).fill(await emailChangeCode(newEmail))
  await yourData.getByLabel(`Code sent to ${email} (current address)`).fill(await emailChangeCode(email, /code to move your/))
  await yourData.getByRole('button', { name: 'Use the new address' }).click()

  // Still signed in, now as the new address, with the same subscription.
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Mo Mover').first()).toBeVisible()
  await expect(card(page, 'Upcoming deliveries')).toBeVisible()
  expect((await outbox(email)).some((m) => m.subject === 'Your Bean & Bloom account has a new e-mail address')).toBe(true)
  expect((await outbox(newEmail)).some((m) => m.subject === 'Your Bean & Bloom account has a new e-mail address')).toBe(true)
})

test.describe('a production build with analytics configured', () => {
  test.describe.configure({ mode: 'serial' })
  let server: RunningChild | undefined
  let origin = ''

  test.beforeAll(async () => {
    // One production build of the app (a few minutes on a small machine), then `next start`.
    test.setTimeout(900_000)
    const distDir = '.next-e2e-ga'
    const log = fs.createWriteStream(path.join(root, 'e2e', 'artifacts', 'analytics-stack.log'))
    const env = { ...process.env, NEXT_PUBLIC_GA_ID: GA_ID, NEXT_DIST_DIR: distDir, NODE_ENV: 'production' as const }
    const build = startChild({ name: 'build-ga', command: path.join(root, 'node_modules', '.bin', 'next'), args: ['build'], cwd: root, env, stdout: log, stderr: log })
    const code = await build.exited
    if (code !== 0) throw new Error(`next build with NEXT_PUBLIC_GA_ID failed (exit ${String(code)}); see e2e/artifacts/analytics-stack.log`)
    const port = await findFreePort()
    origin = `http://127.0.0.1:${port}`
    server = startChild({
      name: 'next-ga', command: path.join(root, 'node_modules', '.bin', 'next'), args: ['start', '--hostname', '127.0.0.1', '--port', String(port)],
      cwd: root, env, stdout: log, stderr: log,
    })
    await waitForHttp(`${origin}/privacy`, { what: 'next start (analytics build)', timeoutMs: 60_000, child: server })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  /** Every request the context's pages make to an analytics host; each is answered here, never sent. */
  async function watchAnalytics(context: BrowserContext): Promise<Request[]> {
    const seen: Request[] = []
    await context.route((url) => ANALYTICS_HOST.test(url.hostname), async (route) => {
      seen.push(route.request())
      // An empty tag: it runs (the policy allows its origin) and sends nothing of its own.
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in for gtag.js */' })
    })
    return seen
  }

  const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and analytics' })

  test('every page hydrates under one script policy that allows exactly its own inline scripts', async ({ page, context }) => {
    const analytics = await watchAnalytics(context)
    for (const route of ['/', '/sign-in', '/privacy', '/imprint', '/terms']) {
      const response = await page.goto(`${origin}${route}`)
      const header = response?.headers()['content-security-policy'] ?? ''
      const headerScripts = header.split('; ').find((directive) => directive.startsWith('script-src ')) ?? ''
      // A hash in the header would switch its 'unsafe-inline' off and block the page's own scripts.
      expect(headerScripts, route).not.toMatch(/'(sha\d+|nonce)-/)
      expect(headerScripts, route).toContain('https://www.googletagmanager.com')
      const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
      const inlineCount = await page.locator('script:not([src]):not([type="application/json"])').evaluateAll((scripts) => scripts.filter((s) => s.textContent?.trim()).length)
      const hashCount = (meta?.match(/'sha256-/g) ?? []).length
      expect(hashCount, `${route}: one hash per inline script`).toBe(inlineCount)
      // The banner is rendered only after hydration, from a chunk loaded after it: seeing it proves the page runs.
      await expect(banner(page), route).toBeVisible()
    }
    // A client-side navigation works too (the router is alive), still without a single analytics request.
    await page.goto(`${origin}/terms`)
    await banner(page).getByRole('link', { name: 'Privacy notice' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined()
    expect(analytics.map((request) => request.url())).toEqual([])
  })

  test('Reject is as easy as Accept, is kept, and nothing ever leaves for an analytics host', async ({ page, context }) => {
    const analytics = await watchAnalytics(context)
    await page.goto(`${origin}/`)
    const accept = banner(page).getByRole('button', { name: 'Accept analytics' })
    const reject = banner(page).getByRole('button', { name: 'Reject analytics' })
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()]
    expect(acceptBox?.height).toBe(rejectBox?.height)
    expect(await accept.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(await reject.evaluate((el) => getComputedStyle(el).backgroundColor))
    await reject.click()
    await expect(banner(page)).toHaveCount(0)
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of the subscription' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    expect(analytics.map((request) => request.url())).toEqual([])
  })

  test('Accept starts the tag; withdrawing from Cookie settings stops it at once and it never loads again', async ({ page, context }) => {
    const analytics = await watchAnalytics(context)
    await page.goto(`${origin}/privacy`)
    expect(analytics).toHaveLength(0)
    await banner(page).getByRole('button', { name: 'Accept analytics' }).click()
    await expect.poll(() => analytics.map((request) => new URL(request.url()).pathname)).toEqual(['/gtag/js'])
    const queued = await page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)))
    expect(queued[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })])

    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await banner(page).getByRole('button', { name: 'Reject analytics' }).click()
    expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`], GA_ID)).toBe(true)
    const last = await page.evaluate(() => Array.from(((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).at(-1) as ArrayLike<unknown>))
    expect(last).toEqual(['consent', 'update', { analytics_storage: 'denied' }])

    const before = analytics.length
    await page.reload()
    await page.goto(`${origin}/terms`)
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of the subscription' })).toBeVisible()
    expect(analytics).toHaveLength(before)
  })
})
