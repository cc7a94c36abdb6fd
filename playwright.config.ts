/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the whole local product,
 * which `e2e/global-setup.ts` starts on ports of its own: the Firestore emulator, the local backend
 * and a production build of the app served over HTTPS.
 */
import { defineConfig, devices } from '@playwright/test'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const BROWSER = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // The journeys share one stack and the outage journey stops its backend: one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On CI a failed journey is run once more and reported as flaky in the summary, not hidden
  // (docs/testing.md).
  retries: process.env.CI ? 1 : 0,
  // The token-refresh journey waits past a 45 s token lifetime; the wrong-code journey waits out
  // the 30 s resend countdown.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // The real address is set by global setup (ephemeral port) and read by the fixtures.
    baseURL: process.env.E2E_BASE_URL,
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // The pseudo-locale journey needs a build of its own: e2e/pseudo.config.ts runs it.
      testIgnore: ['clock/**', 'clock-far/**', 'shop/**', 'pseudo/**'],
      use: BROWSER,
    },
    {
      // Journeys that move the backend's test clock forward (a delivery is charged a day before it
      // ships): business time never goes back, so they run after every journey that reads today's date.
      name: 'clock',
      testMatch: 'clock/**/*.spec.ts',
      dependencies: ['chromium'],
      use: BROWSER,
    },
    {
      // Journeys that move the test clock weeks ahead: after the others, since business time never
      // goes back (the pages follow the backend's clock: docs/payments.md, "Locally: localstripe and the test clock").
      name: 'clock-far',
      testMatch: 'clock-far/**/*.spec.ts',
      dependencies: ['clock'],
      use: BROWSER,
    },
    {
      // The journey that changes the catalogue and prices every other journey reads, and moves the
      // test clock five weeks on: last of all.
      name: 'shop',
      testMatch: 'shop/**/*.spec.ts',
      dependencies: ['clock-far'],
      use: BROWSER,
    },
  ],
})
