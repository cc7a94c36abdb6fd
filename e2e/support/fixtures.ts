/**
 * The `test` every journey uses: the stack's address as baseURL, a fresh customer e-mail, the
 * browser errors of the page collected (a journey fails on an uncaught error), and sign-in by UI.
 */
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { E2E_ENV, requireEnv } from './env'
import { outbox, waitForCode } from './backend'
import { waitForHydration } from '../../scripts/lib/hydration'

let counter = 0

/** A customer e-mail no other journey uses; `+` and `.` on purpose (they must survive URL encoding). */
export function freshEmail(tag: string): string {
  counter += 1
  return `e2e.${tag}+${Date.now().toString(36)}${counter}@example.com`
}

export interface BrowserErrors {
  /** Uncaught exceptions and console errors seen on the page so far. */
  list: string[]
}

/** Watches a page for uncaught exceptions and console errors. */
export function watchErrors(page: Page): BrowserErrors {
  const errors: BrowserErrors = { list: [] }
  page.on('pageerror', (error) => errors.list.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.list.push(`console: ${message.text()}`)
  })
  return errors
}

/** Step 1 of sign-in: the e-mail and "Send code"; resolves once step 2 shows. */
export async function requestCode(page: Page, email: string): Promise<number> {
  // Sign-in codes only: waitForCode counts those.
  const before = (await outbox(email)).filter((message) => message.code).length
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('Verification code')).toBeVisible()
  return before
}

/** The whole sign-in by UI with the code the backend sent; ends on `/account` (staff: on `/roastery`). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in')
  const before = await requestCode(page, email)
  const { code } = await waitForCode(email, before)
  // Six digits submit themselves.
  await page.getByLabel('Verification code').fill(code)
  await expect(page).toHaveURL(/\/(account|roastery)$/)
  const staff = new URL(page.url()).pathname === '/roastery'
  await expect(page.getByRole('heading', { name: staff ? 'Roastery' : 'Your account', level: 1 })).toBeVisible()
}

/**
 * A visitor picks `plan` on `/` and signs in as `email` with the code the backend sent: the plan's
 * start confirmation, which sign-in lands on.
 */
export async function pickPlanAndSignIn(page: Page, email: string, plan: string): Promise<Locator> {
  await page.goto('/')
  await page.getByRole('link', { name: `Start with ${plan}` }).click()
  const before = await requestCode(page, email)
  const { code } = await waitForCode(email, before)
  await page.getByLabel('Verification code').fill(code)
  return page.getByRole('dialog', { name: `Start with ${plan}?` })
}

/**
 * Clicks a signed-in customer's "Start with <plan>" until its confirmation opens. The button is
 * the server's HTML until the page has hydrated, and a click before that does nothing; on a busy
 * machine a journey can be that early.
 */
export async function openByClicking(button: Locator, dialog: Locator): Promise<void> {
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click()
    await expect(dialog).toBeVisible({ timeout: 2_000 })
  }).toPass()
}

/** Chromium reports each Content-Security-Policy violation (a blocked script, request, style…) on the console. */
const CSP_VIOLATION = /Content Security Policy/i
/** What React says in the console or throws when a page's HTML and its hydration differ (#418, #423, #425). */
const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|hydrat/i

/**
 * Collects what every page of `context`, open now or later, says that matches `pattern`: its
 * console messages, and its uncaught errors (message and stack) when `uncaught` is set.
 */
function collectFromEveryPage(context: BrowserContext, pattern: RegExp, { uncaught }: { uncaught: boolean }): string[] {
  const seen: string[] = []
  const watch = (page: Page): void => {
    page.on('console', (message) => {
      if (pattern.test(message.text())) seen.push(`${page.url()}: ${message.text()}`)
    })
    if (!uncaught) return
    page.on('pageerror', (error) => {
      if (pattern.test(`${error.message}\n${error.stack ?? ''}`)) seen.push(`${page.url()}: ${error.message}`)
    })
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  return seen
}

/**
 * Every `goto` and `reload` of the app's own pages that waits for `load` (Playwright's default) also
 * waits until the page has hydrated: a production page's `load` comes before its scripts have run
 * (scripts/lib/hydration.ts). A page served by a journey's own server (a stalled copy of the HTML)
 * is left as it loaded. The patch is on the pages' shared prototype, so it covers every context a
 * journey opens; once per worker.
 */
function loadsWaitForHydration(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Page & { [HYDRATION_PATCHED]?: true }
  if (proto[HYDRATION_PATCHED]) return
  proto[HYDRATION_PATCHED] = true
  const { goto, reload } = proto
  const app = new URL(requireEnv(E2E_ENV.baseUrl)).origin
  const hydrateAfter = async (tab: Page, options?: { waitUntil?: string }): Promise<void> => {
    if ((options?.waitUntil ?? 'load') === 'load' && new URL(tab.url()).origin === app) await waitForHydration(tab)
  }
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options)
    await hydrateAfter(this, options)
    return response
  }
  proto.reload = async function (this: Page, options) {
    const response = await reload.call(this, options)
    await hydrateAfter(this, options)
    return response
  }
}
const HYDRATION_PATCHED = Symbol('loads wait for hydration')

export const test = base.extend<{ errors: BrowserErrors; cspViolations: string[]; hydrationErrors: string[]; loadsHydrate: void }>({
  // The port is only known after global setup ran, so it comes from env rather than the config.
  // `provide` is Playwright's `use`, renamed so React's hook lint does not mistake it for a hook.
  baseURL: async ({}, provide) => {
    await provide(requireEnv(E2E_ENV.baseUrl))
  },
  errors: async ({ page }, provide) => {
    await provide(watchErrors(page))
  },
  // Every journey, every tab of its context: the app's own pages must never trip their own policy.
  cspViolations: [async ({ context }, provide) => {
    const violations = collectFromEveryPage(context, CSP_VIOLATION, { uncaught: false })
    await provide(violations)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  }, { auto: true }],
  loadsHydrate: [async ({ page }, provide) => {
    loadsWaitForHydration(page)
    await provide()
  }, { auto: true }],
  // Every journey, every tab, visitor or customer: no page's HTML may differ from its hydration.
  hydrationErrors: [async ({ context }, provide) => {
    const seen = collectFromEveryPage(context, HYDRATION_ERROR, { uncaught: true })
    await provide(seen)
    expect(seen, 'React hydration errors').toEqual([])
  }, { auto: true }],
})

export { expect }

// Filling the start confirmation is shared with the Lighthouse script's returning customer.
export { fillDeliveryAddress, fillStartDetails } from '../../scripts/lib/start-form'
