/** A member of staff's own browser on /roastery, as the journeys open one. */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { E2E_ENV, requireEnv } from './env'
import { expect, signIn } from './fixtures'
import { clockNow } from './payments'

/**
 * Signs `email` in, in a new browser context living at the backend's business time (the board and
 * the reports count days and months from the browser's clock, which earlier journeys moved on).
 */
export async function staffPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  await context.clock.install({ time: (await clockNow()).nowMs })
  const page = await context.newPage()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/roastery$/)
  return { context, page }
}
