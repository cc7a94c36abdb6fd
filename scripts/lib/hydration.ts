/**
 * Waiting, from Playwright, until a page of the app has hydrated. A production page loads its
 * scripts after its first frame (lib/document/after-first-frame.ts), so its `load` event comes
 * before hydration, and a click or a keystroke before then is not yet the app's.
 */
import type { Page } from '@playwright/test'

/** The measure Next's pages router records once the page has hydrated (one of its custom metrics). */
export const NEXT_HYDRATION_MEASURE = 'Next.js-hydration'

/** How often the page is asked. */
const POLL_MS = 50

/**
 * Resolves once the page shown in `page` has hydrated, or at once when it is not a Next page (no
 * `__NEXT_DATA__`). Hydrated: Next has recorded its hydration measure; where the page's
 * `performance` is a fake that records nothing (Playwright's clock installs one, without even a
 * navigation entry), React's root is on `#__next`, from when React hears every event. Asked again
 * and again rather than waited for in one evaluation: a page may replace itself meanwhile (a
 * signed-in customer's `/sign-in` goes to `/account`).
 */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const hydrated = await page.evaluate((measure) => {
      if (document.getElementById('__NEXT_DATA__') === null) return true
      if (performance.getEntriesByType('navigation').length > 0) return performance.getEntriesByName(measure, 'measure').length > 0
      return Object.keys(document.getElementById('__next') ?? {}).some((key) => key.startsWith('__reactContainer$'))
    }, NEXT_HYDRATION_MEASURE).catch(() => false)
    if (hydrated) return
    if (Date.now() >= deadline) throw new Error(`${page.url()} had not hydrated ${timeoutMs} ms after it loaded.`)
    await page.waitForTimeout(POLL_MS)
  }
}
