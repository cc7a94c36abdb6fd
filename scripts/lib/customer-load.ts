/**
 * A returning customer's page loads, measured in Chromium the way Lighthouse throttles a phone
 * (4× CPU slowdown, optionally its slow-4G network): how long after navigation the customer's own
 * plan (`/`) or subscription (`/account`) is on screen, the load's layout shifts, and whether any
 * frame showed what a customer must never see (the header's "Sign in", the e-mail field of
 * `/sign-in`, its step 1 while a code step was pending), and when the page had hydrated (its
 * scripts load after its first frame: a click counts from then on). A visitor's loads (no stored
 * session) are measured the same way, for when their first frame and hydration came.
 *
 * The customer is made once through the UI (sign-in with the code from the backend's outbox, a
 * plan started), and each run opens a fresh browser context with that customer's stored session, so
 * every load is a returning customer's load with a cold HTTP cache. What a page shows is read from
 * the first moment of the document on (an init script checks every animation frame and every DOM
 * change), not only at the end.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { waitForCode } from './outbox'
import { fillStartDetails } from './start-form'
import { withPageText, type PageText } from './page-text'
import { NEXT_HYDRATION_MEASURE, waitForHydration } from './hydration'

/** Lighthouse's mobile throttling, applied with DevTools' own emulation (Lighthouse's `devtools` mode). */
const SLOW_4G = {
  /** Added to every request, as DevTools does (Lighthouse: 150 ms RTT × 3.75). */
  latencyMs: 562.5,
  downloadBytesPerSecond: (1474.56 * 1024) / 8,
  uploadBytesPerSecond: (675 * 1024) / 8,
}
const CPU_SLOWDOWN = 4

export interface Profile {
  name: string
  slow4g: boolean
}

export const PROFILES: Profile[] = [
  { name: '4× CPU', slow4g: false },
  { name: '4× CPU + slow 4G', slow4g: true },
]

/** What one page of a returning customer must show, and how it is recognised. */
export type Target = 'plan' | 'subscription'

export const CUSTOMER_PAGES: Array<{ path: string; target: Target }> = [
  { path: '/', target: 'plan' },
  { path: '/account', target: 'subscription' },
  // A customer opening the sign-in page is sent to their account: measured until it shows.
  { path: '/sign-in', target: 'subscription' },
]

/** A visitor's pages: measured until they have hydrated. */
export const VISITOR_PAGES: Array<{ path: string; target: 'hydrated' }> = [
  { path: '/', target: 'hydrated' },
  { path: '/sign-in', target: 'hydrated' },
]

export interface LoadFigures {
  /** Ms from navigation until the target was first on screen; NaN when it never was. */
  visibleMs: number
  /** Ms from navigation until the first frame with content (the last document's); NaN when none came. */
  paintMs: number
  /** Ms from navigation until Next recorded its hydration (the last document's); NaN when it never did. */
  hydratedMs: number
  /** Sum of the layout shifts of the load (every document of it), no input involved. */
  cls: number
  /** Some frame or DOM state showed "Sign in" in the header. */
  signInSeen: boolean
  /** Some frame or DOM state showed the e-mail field of /sign-in. */
  emailFieldSeen: boolean
}

interface Report {
  kind: 'origin' | 'visible' | 'sign-in' | 'email-field' | 'shift' | 'painted' | 'hydrated'
  /** Epoch ms (the document's timeOrigin + its performance.now()). */
  at: number
  value?: number
}

/** The recorder, run at the start of every document of a measured load (sent as text with the page-text readers). */
function recorder({ visible, seen: seenText }: PageText, options: { target: Target | 'hydrated'; planName: string; hydratedMeasure: string }): void {
  const report = (window as unknown as { __customerLoad(report: Report): void }).__customerLoad
  const now = () => performance.timeOrigin + performance.now()
  report({ kind: 'origin', at: performance.timeOrigin })
  const seen = new Set<string>()
  const once = (kind: Report['kind']) => {
    if (seen.has(kind)) return
    seen.add(kind)
    report({ kind, at: now() })
  }
  const check = (painted: boolean) => {
    if (!document.body) return
    for (const link of Array.from(document.querySelectorAll('header a'))) {
      if (visible(link) && seenText(link).trim() === 'Sign in') once('sign-in')
    }
    if (visible(document.getElementById('sign-in-email'))) once('email-field')
    if (!painted || seen.has('visible') || options.target === 'hydrated') return
    if (options.target === 'plan') {
      const line = document.querySelector('[data-testid="current-plan-line"]')
      if (visible(line) && seenText(line).includes(`You’re on ${options.planName}`)) once('visible')
    } else {
      const next = document.querySelector('[data-testid="next-delivery"]')
      if (visible(next) && seenText(next).trim() !== '') once('visible')
    }
  }
  let lastMutation = now()
  ;(window as unknown as { __lastMutation(): number }).__lastMutation = () => lastMutation
  new MutationObserver(() => {
    lastMutation = now()
    check(false)
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  const frame = () => {
    check(true)
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) report({ kind: 'shift', at: now(), value: entry.value })
    }
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') report({ kind: 'painted', at: performance.timeOrigin + entry.startTime })
    }
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === options.hydratedMeasure) report({ kind: 'hydrated', at: performance.timeOrigin + entry.startTime + entry.duration })
    }
  }).observe({ type: 'measure', buffered: true })
}

async function throttle(context: BrowserContext, page: Page, profile: Profile): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  if (profile.slow4g) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      downloadThroughput: SLOW_4G.downloadBytesPerSecond,
      uploadThroughput: SLOW_4G.uploadBytesPerSecond,
    })
  }
}

/** A phone like Lighthouse's mobile preset (Moto G Power: 412×823 CSS px at 1.75×). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

export interface Customer {
  email: string
  planName: string
  /** The browser storage of the signed-in customer (tokens, the app's own entries). */
  state: StorageState
}

/** Signs a new customer in through the UI and starts `planName` for them; returns their stored session. */
export async function makeCustomer(browser: Browser, appUrl: string, backendUrl: string, planName: string): Promise<Customer> {
  const email = `lighthouse+${Date.now().toString(36)}@example.com`
  const context = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true })
  try {
    const page = await context.newPage()
    await page.goto('/sign-in')
    await waitForHydration(page)
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('Verification code').waitFor()
    await page.getByLabel('Verification code').fill((await waitForCode(backendUrl, email, 0, { timeoutMs: 15_000 })).code)
    await page.waitForURL(/\/account$/)
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: `Start with ${planName}` }).click({ timeout: 30_000 })
    const dialog = page.getByRole('dialog', { name: `Start with ${planName}?` })
    // A plan starts with an address and a card, as a new customer gives them.
    await fillStartDetails(dialog)
    await dialog.getByRole('button', { name: `Start ${planName}` }).click()
    await page.getByTestId('current-plan-line').filter({ hasText: `You’re on ${planName}` }).waitFor({ timeout: 30_000 })
    // The app keeps what it shows a returning customer once it has fresh data: let it settle.
    await page.goto('/account')
    await page.getByTestId('next-delivery').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1500)
    return { email, planName, state: await context.storageState({ indexedDB: true }) }
  } finally {
    await context.close()
  }
}

/** How long a load may take to show the target, and how long the page must stay still after it. */
const VISIBLE_TIMEOUT_MS = 45_000
const QUIET_MS = 2500
const SETTLE_CAP_MS = 25_000

/**
 * One returning customer's load of `path` (a visitor's, with `customer` null): a fresh context with
 * the customer's storage, throttled as `profile` says. Returns the figures and the storage
 * afterwards (a refreshed token is kept for the next run).
 */
export async function measureLoad(browser: Browser, appUrl: string, customer: Customer | null, page: { path: string; target: Target | 'hydrated' }, profile: Profile): Promise<{ figures: LoadFigures; state: StorageState }> {
  const context = await browser.newContext({ ...PHONE, baseURL: appUrl, ignoreHTTPSErrors: true, ...(customer ? { storageState: customer.state } : {}) })
  try {
    const tab = await context.newPage()
    const reports: Report[] = []
    await tab.exposeFunction('__customerLoad', (report: Report) => { reports.push(report) })
    await tab.addInitScript(withPageText(recorder, { target: page.target, planName: customer?.planName ?? '', hydratedMeasure: NEXT_HYDRATION_MEASURE }))
    await throttle(context, tab, profile)
    await tab.goto(page.path, { waitUntil: 'commit' })
    const deadline = Date.now() + VISIBLE_TIMEOUT_MS
    const awaited = page.target === 'hydrated' ? 'hydrated' : 'visible'
    while (!reports.some((report) => report.kind === awaited) && Date.now() < deadline) await tab.waitForTimeout(100)
    // Then until the page has stopped changing (fresh data from the backend swapped in), so its shifts count.
    const settleBy = Date.now() + SETTLE_CAP_MS
    while (Date.now() < settleBy) {
      await tab.waitForTimeout(500)
      const quietFor = await tab.evaluate(() => performance.timeOrigin + performance.now() - (window as unknown as { __lastMutation(): number }).__lastMutation())
        .catch(() => 0)
      if (quietFor >= QUIET_MS) break
    }
    const origin = reports.find((report) => report.kind === 'origin')?.at ?? Number.NaN
    const visible = reports.find((report) => report.kind === 'visible')
    // The last document's: a customer's /sign-in replaces itself with /account.
    const last = (kind: Report['kind']) => reports.filter((report) => report.kind === kind).at(-1)
    const since = (report: Report | undefined) => (report ? report.at - origin : Number.NaN)
    const figures: LoadFigures = {
      visibleMs: since(visible),
      paintMs: since(last('painted')),
      hydratedMs: since(last('hydrated')),
      cls: reports.filter((report) => report.kind === 'shift').reduce((sum, report) => sum + (report.value ?? 0), 0),
      signInSeen: reports.some((report) => report.kind === 'sign-in'),
      emailFieldSeen: reports.some((report) => report.kind === 'email-field'),
    }
    return { figures, state: await context.storageState({ indexedDB: true }) }
  } finally {
    await context.close()
  }
}

/** Starts the Chromium the benchmark uses (never a downloaded one). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}
