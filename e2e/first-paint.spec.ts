/**
 * A returning customer's loads, watched from their first moment at 4× CPU slowdown
 * (support/first-paint.ts records every frame and DOM change): their own plan on `/` and their
 * subscription on `/account` are in the first frame that shows the page; the header never offers
 * "Sign in"; `/sign-in` sends them to `/account` without the e-mail field ever showing; a reload
 * during the code step never shows step 1. No load, a visitor's or a customer's, logs a React
 * hydration error, and no load of a returning customer shifts its layout.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, fillStartDetails, freshEmail, openByClicking, requestCode, signIn, test } from './support/fixtures'
import { clearRecord, recordLoads, slowCpu, waitForFreshData, type LoadRecord, type ShownState } from './support/first-paint'

const PLAN = 'Barista'

/** The states a person could have seen: those painted at a frame, once the page had a body. */
const painted = (record: LoadRecord, path?: string): ShownState[] =>
  record.states.filter((state) => !state.fromMutation && (path === undefined || state.path === path))

/** The first painted state that shows the page's main heading. */
function firstWithHeading(record: LoadRecord, path: string): ShownState {
  const state = painted(record, path).find((candidate) => candidate.h1 !== null)
  if (!state) throw new Error(`No frame of ${path} showed a main heading; states: ${JSON.stringify(record.states.slice(0, 5))}`)
  return state
}

const totalShift = (record: LoadRecord) => record.shifts.reduce((sum, value) => sum + value, 0)
/** The assertion message of a CLS check: what moved, should anything have. */
const shiftMessage = (what: string, record: LoadRecord) => `${what}; shifts: ${record.shiftSources.join(' | ') || 'none'}`

/** A customer with a plan, signed in in this page's browser context; their view is stored once their data has shown. */
async function returningCustomer(page: Page): Promise<void> {
  await signIn(page, freshEmail('first-paint'))
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: `Start with ${PLAN}?` })
  await openByClicking(page.getByRole('button', { name: `Start with ${PLAN}` }), dialog)
  await fillStartDetails(dialog)
  await dialog.getByRole('button', { name: `Start ${PLAN}` }).click()
  await expect(page.getByTestId('current-plan-line')).toContainText(`You’re on ${PLAN}`)
  await page.goto('/account')
  await expect(page.getByTestId('next-delivery')).toHaveText(/\S/)
  await waitForFreshData(page)
}

test('a visitor’s pages hydrate without a hydration error and offer "Sign in" from the first frame', async ({ page, errors, hydrationErrors }) => {
  const record = await recordLoads(page)
  await slowCpu(page)
  for (const path of ['/', '/sign-in']) {
    clearRecord(record)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const first = firstWithHeading(record, path)
    expect(first.headerLinks, `${path}: the header of the first frame`).toEqual(['Plans', 'Sign in'])
    expect(painted(record, path).every((state) => !state.headerLinks.includes('Account')), `${path}: never "Account"`).toBe(true)
    expect(hydrationErrors, `${path}: hydration errors`).toEqual([])
  }
  expect(firstWithHeading(record, '/sign-in').stepLabel).toBe('Step 1 of 2')
  // A visitor's /account sends them to sign in, also without a hydration error.
  clearRecord(record)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/sign-in\?next=(%2F|\/)account$/, { timeout: 15_000 })
  await expect(page.getByLabel('Email address')).toBeVisible()
  expect(hydrationErrors).toEqual([])
  expect(errors.list).toEqual([])
})

/**
 * Serves `html` from a loopback server of the test's own, in two parts with a pause between them
 * where `cut` says: the way a slow network stalls a page mid-way, which the app's own server never
 * does on this machine. Only the document: the page's scripts are not served, so what is seen is
 * the parser's and the first paint's work alone.
 */
async function stallingServer(html: string, cut: number, pauseMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    const bytes = Buffer.from(html)
    const at = Buffer.byteLength(html.slice(0, cut))
    response.write(bytes.subarray(0, at))
    setTimeout(() => response.end(bytes.subarray(at)), pauseMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

const STALL_MS = 1_500
/** The HTML of `path` as the app serves it. */
const htmlOf = async (request: APIRequestContext, path: string) => (await request.get(path)).text()
/** Index of the `n`th (1-based) occurrence of `text` in `html` at or after `from`; fails the test when there is none. */
function nth(html: string, text: string, n: number, from = 0): number {
  expect(from, `where to look for ${text}`).toBeGreaterThanOrEqual(0)
  let at = from - 1
  for (let i = 0; i < n; i += 1) {
    at = html.indexOf(text, at + 1)
    expect(at, `occurrence ${i + 1} of ${text}`).toBeGreaterThanOrEqual(0)
  }
  return at
}

/** Where `/`'s HTML is cut: inside its main region, after its first plan card. */
const afterFirstPlanCard = (html: string) => nth(html, '</article>', 1, nth(html, '<main', 1)) + '</article>'.length
/** Where `/account`'s HTML is cut: after the first of its two skeleton cards. */
const betweenSkeletonCards = (html: string) => html.lastIndexOf('<div', nth(html, 'data-testid="account-skeleton"', 2))

/** Loads `html` from a server that stalls at `cut`, into `record` (cleared first): what was painted, and when from the navigation's start. */
async function loadStalled(page: Page, record: LoadRecord, html: string, cut: number): Promise<void> {
  expect(cut, 'where the HTML is cut').toBeGreaterThan(0)
  const { url, server } = await stallingServer(html, cut, STALL_MS)
  try {
    clearRecord(record)
    await page.goto(url)
    await page.waitForFunction(() => document.readyState === 'complete')
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(painted(record).length, 'frames painted').toBeGreaterThan(0)
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

test('a page whose HTML stalls half-way paints nothing until its main region is whole, and nothing moves', async ({ page, request }) => {
  const record = await recordLoads(page)
  // Inside the header, after its first link: its other links and the language link are still to come.
  const home = await htmlOf(request, '/')
  await loadStalled(page, record, home, nth(home, '</li>', 1, nth(home, '<header', 1)))
  const frames = painted(record)
  expect(frames.map((state) => state.headerLinks), '/: the header links, frame by frame').toEqual(frames.map(() => ['Plans', 'Sign in']))
  expect(frames[0]?.at, '/ stalled in its header: when its first frame was painted (ms)').toBeGreaterThanOrEqual(STALL_MS)
  expect(totalShift(record), shiftMessage('CLS of /', record)).toBe(0)

  // Inside the main region of `/`, after its first card.
  await loadStalled(page, record, home, afterFirstPlanCard(home))
  expect(painted(record)[0]?.at, '/ stalled in its main region: when its first frame was painted (ms)').toBeGreaterThanOrEqual(STALL_MS)
  expect(totalShift(record), shiftMessage('CLS of /', record)).toBe(0)

  // Inside the main region, after the first of the account's two skeleton cards: no frame until the rest came.
  const account = await htmlOf(request, '/account')
  await loadStalled(page, record, account, betweenSkeletonCards(account))
  expect(painted(record)[0]?.at, '/account: when its first frame was painted (ms)').toBeGreaterThanOrEqual(STALL_MS)
  expect(totalShift(record), shiftMessage('CLS of /account', record)).toBe(0)
})

// A browser that paints half a page (no `rel=expect`: Firefox, Safari): the cards that arrive later
// move none that came before.
test('without the document’s render hold, a half-arrived grid of cards moves nothing when the rest arrive', async ({ page, request }) => {
  const record = await recordLoads(page)
  const withoutHold = (html: string) => html.replace(/<link rel="expect"[^>]*>/, '')
  const home = withoutHold(await htmlOf(request, '/'))
  const account = withoutHold(await htmlOf(request, '/account'))
  for (const [path, html, cut] of [
    ['/', home, afterFirstPlanCard(home)],
    ['/account', account, betweenSkeletonCards(account)],
  ] as const) {
    await loadStalled(page, record, html, cut)
    expect(painted(record)[0]?.at, `${path}: a frame painted during the stall (ms)`).toBeLessThan(STALL_MS)
    expect(totalShift(record), shiftMessage(`CLS of ${path}`, record)).toBe(0)
  }
})

test.describe('a visitor whose browser’s locale is not the server’s', () => {
  test.use({ locale: 'de-DE' })

  test('/ hydrates without a hydration error: the prices stay as the server wrote them', async ({ page, errors, hydrationErrors }) => {
    await page.goto('/')
    const price = page.getByRole('article').first().locator('p').nth(0)
    const written = await price.innerText()
    await page.waitForLoadState('networkidle')
    expect(hydrationErrors).toEqual([])
    await expect(price).toHaveText(written)
    expect(errors.list).toEqual([])
  })
})

/** A desktop window and a phone (Lighthouse's mobile size): the boxes differ, a shift in either counts. */
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 412, height: 823 }]

test('a returning customer’s / and /account show their own plan and subscription in the first frame, never "Sign in", with no hydration error and no layout shift', async ({ page, errors, hydrationErrors }) => {
  await returningCustomer(page)
  const record = await recordLoads(page)
  await slowCpu(page)

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}×${viewport.height}`
    await page.setViewportSize(viewport)
    clearRecord(record)
    await page.goto('/')
    await waitForFreshData(page)
    const home = firstWithHeading(record, '/')
    expect(home.planLine, `${size}: the plan line in the first frame that shows /`).toContain(`You’re on ${PLAN}`)
    // Every frame that shows the customer's card shows it marked, and only it.
    const withPlans = painted(record, '/').filter((state) => state.planCards.includes(PLAN))
    expect(withPlans.length, `${size}: frames of / that showed the ${PLAN} card`).toBeGreaterThan(0)
    expect(withPlans.map((state) => state.yourPlan), `${size}: the cards marked "Your plan", frame by frame`).toEqual(withPlans.map(() => [PLAN]))
    expect(home.headerLinks).toEqual(['Plans', 'Account'])
    expect(record.states.filter((state) => state.headerLinks.includes('Sign in')), `${size}: states of / whose header showed "Sign in"`).toEqual([])
    expect(hydrationErrors).toEqual([])
    expect(totalShift(record), shiftMessage(`${size}: CLS of /`, record)).toBe(0)
    // What the first frame said is what the backend says.
    await expect(page.getByTestId('current-plan-line')).toHaveText(home.planLine ?? '')

    clearRecord(record)
    await page.goto('/account')
    await waitForFreshData(page)
    const account = firstWithHeading(record, '/account')
    expect(account.nextDelivery, `${size}: the next delivery in the first frame that shows /account`).toMatch(/\S/)
    expect(account.headerLinks).toEqual(['Plans', 'Account'])
    expect(record.states.filter((state) => state.headerLinks.includes('Sign in')), `${size}: states of /account whose header showed "Sign in"`).toEqual([])
    expect(hydrationErrors).toEqual([])
    expect(totalShift(record), shiftMessage(`${size}: CLS of /account`, record)).toBe(0)
    await expect(page.getByTestId('next-delivery')).toHaveText(account.nextDelivery ?? '')
  }
  expect(errors.list).toEqual([])
})

test('a signed-in customer opening /sign-in lands on /account without the e-mail field ever showing', async ({ page, errors, hydrationErrors }) => {
  await returningCustomer(page)
  const record = await recordLoads(page)
  await slowCpu(page)
  clearRecord(record)
  // The page itself moves on while it loads: wait for the first navigation only to start.
  await page.goto('/sign-in?next=%2Faccount', { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/account$/)
  await waitForFreshData(page)
  expect(record.states.filter((state) => state.emailField), 'states with the e-mail field').toEqual([])
  expect(record.states.filter((state) => state.stepLabel !== null), 'states with a sign-in step').toEqual([])
  expect(firstWithHeading(record, '/account').nextDelivery).toMatch(/\S/)
  expect(hydrationErrors).toEqual([])
  expect(totalShift(record), shiftMessage('CLS of the load', record)).toBe(0)
  expect(errors.list).toEqual([])
})

test('reloading /sign-in during the code step shows the code step from the first frame, never step 1', async ({ page, errors, hydrationErrors }) => {
  const email = freshEmail('code-reload')
  await page.goto('/sign-in')
  await requestCode(page, email)
  const record = await recordLoads(page)
  await slowCpu(page)
  clearRecord(record)
  await page.reload()
  await expect(page.getByLabel('Verification code')).toBeFocused()
  await page.waitForLoadState('networkidle')
  const shown = record.states.filter((state) => state.h1 !== null)
  expect(shown.length, 'states showing the page').toBeGreaterThan(0)
  expect(shown.filter((state) => state.stepLabel !== 'Step 2 of 2' || state.emailField), 'states showing anything but the code step').toEqual([])
  expect(firstWithHeading(record, '/sign-in')).toMatchObject({ h1: 'Check your e-mail', codeField: true })
  expect(hydrationErrors).toEqual([])
  expect(totalShift(record), shiftMessage('CLS of the reload', record)).toBe(0)
  expect(errors.list).toEqual([])
})
