/**
 * A production page fetches its scripts only once its first frame is painted, and until it has
 * hydrated a form does not leave natively: an early Enter on /sign-in keeps the address out of the
 * URL, and once the page has hydrated the same form sends the code.
 */
import { expect, freshEmail, test } from './support/fixtures'
import { waitForHydration } from '../scripts/lib/hydration'

const SCRIPTS = /\/_next\/static\/.*\.js$/

test('/, /de and /sign-in fetch no script before their first frame, and every one after it, in order', async ({ page }) => {
  // When the page's first frame began: its animation-frame callbacks run first, then its paint.
  await page.addInitScript(() => {
    requestAnimationFrame(() => { (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now() })
  })
  for (const path of ['/', '/de', '/sign-in']) {
    await page.goto(path)
    const timing = await page.evaluate(() => {
      const frame = (window as unknown as { firstFrameAt?: number }).firstFrameAt ?? Number.NaN
      const listed = Array.from(document.querySelectorAll('script[data-after-first-frame]'))
        .map((block) => new URL(block.getAttribute('data-after-first-frame') ?? '', location.href).href)
      const added = Array.from(document.querySelectorAll('script[src]')).map((script) => (script as HTMLScriptElement).src)
      const fetched = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' && listed.includes(entry.name))
        .map((entry) => entry.fetchStart)
      return { frame, listed, added, fetched }
    })
    expect(timing.listed.length, `${path}: scripts the document lists`).toBeGreaterThan(3)
    expect(timing.listed.every((url) => SCRIPTS.test(new URL(url).pathname)), `${path}: the listed addresses`).toBe(true)
    // Every listed script was added, once, in the document's order; none before the first frame.
    expect(timing.added.filter((src) => timing.listed.includes(src)), `${path}: the scripts added`).toEqual(timing.listed)
    expect(timing.fetched, `${path}: fetches of the listed scripts`).toHaveLength(timing.listed.length)
    expect(Math.min(...timing.fetched), `${path}: the first script fetch against the first frame (ms)`).toBeGreaterThanOrEqual(timing.frame)
  }
})

test('an Enter on /sign-in before the page has hydrated keeps the address out of the URL; once hydrated, the form sends the code', async ({ page }) => {
  const email = freshEmail('early-enter')
  // The page's scripts are held until the e-mail has been typed and sent once.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => { release = resolve })
  await page.route(SCRIPTS, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/sign-in', { waitUntil: 'domcontentloaded' })
  const field = page.getByLabel('Email address')
  await field.fill(email)
  await field.press('Enter')
  // What a native submission would have done: load /sign-in?email=… (the address in the URL and the log).
  await page.waitForTimeout(500)
  expect(new URL(page.url()).search, 'the query after an early Enter').toBe('')
  await expect(field).toHaveValue(email)

  release()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('Verification code')).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
})
