/**
 * The roastery journey in two browsers: a customer changes plan, grind and address and skips a
 * delivery, and the staff board on a tablet shows each change live, on hold until it is paid; the
 * backend's clock reaches the delivery's final moment, it is charged and moves to the packing list;
 * staff mark it shipped (sent after its undo time); the customer's open /account shows it live and the "on its way" e-mail is
 * in the outbox.
 * The customer's address and start are set over the API with their own session
 * (e2e/support/customer-api.ts), so the board's day is known before the pages open; every later
 * change goes through the /account page.
 */
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { outbox } from '../support/backend'
import { card } from '../support/cards'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, signIn, test, watchErrors } from '../support/fixtures'
import { advanceClockTo, baristaByApi, clockNow, signInAgain } from '../support/payments'
import { capture } from '../support/screens'
import { shortDate } from '../../retter/dependencies/BeanBloomSubscription/dates'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'

const LIVE_WITHIN_MS = 2000
const DAY_MS = 24 * 60 * 60 * 1000

/** A delivery day as the page heads it, in the app's own date style (UTC): "Wed 25 Nov 2026". */
function dayLabel(date: string): string {
  return shortDate(`${date}T00:00:00.000Z`, 'UTC')
}

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __e2eSameDocument: true }))
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => '__e2eSameDocument' in window)
}

/** Content-Security-Policy violations of every page of a context the fixture does not watch. */
function watchCsp(context: BrowserContext): string[] {
  const violations: string[] = []
  context.on('page', (page) => page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  }))
  return violations
}

test('customer changes reach the staff board live; staff ship the delivery; the customer sees it live and gets the e-mail', async ({ page, browser, errors }) => {
  const stamp = Date.now().toString(36)
  const email = freshEmail('roastery')
  const name = `Ada Roastery ${stamp}`
  // Business time: earlier journeys may have moved the backend's clock on.
  const date = new Date((await clockNow()).nowMs + 2 * DAY_MS).toISOString().slice(0, 10)

  // The customer has an address and starts Barista: the first delivery is two days from today.
  await baristaByApi(email, { name, line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' })

  // Staff, on a tablet at the bench.
  const staffContext = await browser.newContext({
    baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC',
    viewport: { width: 768, height: 1024 }, hasTouch: true,
  })
  // The board shows the seven days from the browser's today: the staff's browser lives at the
  // backend's business time, which earlier journeys moved on (its clock flows on from there).
  await staffContext.clock.install({ time: (await clockNow()).nowMs })
  const staffCsp = watchCsp(staffContext)
  const staff = await staffContext.newPage()
  const staffErrors = watchErrors(staff)
  await signIn(staff, E2E_STAFF_EMAIL)
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roastery' }).click()
  await expect(staff).toHaveURL(/\/roastery$/)
  await expect(staff.getByRole('heading', { level: 1, name: 'Roastery' })).toBeVisible()
  const day = staff.getByRole('region', { name: dayLabel(date), exact: true })
  const row = day.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Barista')
  await expect(row).toContainText('Whole bean')
  await expect(row).toContainText('Keizersgracht 1')
  // Not final yet, so not charged: on hold, without a button to ship it.
  await expect(row).toContainText('Not charged yet')
  await expect(row.getByRole('button', { name: `Mark shipped: ${name}` })).toHaveCount(0)
  await markDocument(staff)

  // The customer signs in in their own browser (a new code only 30 s after the last one).
  await signInAgain(page, email)
  await markDocument(page)
  // Plan: compared and switched on the plans page.
  await card(page, 'Plan and coffee').getByRole('link', { name: 'Compare and change plan' }).click()
  await page.getByRole('button', { name: 'Switch to Roaster\'s Club' }).click()
  const changed = page.waitForResponse((res) => res.url().includes('/selectPlan/') && res.ok())
  await page.getByRole('dialog', { name: 'Switch to Roaster\'s Club?' }).getByRole('button', { name: 'Switch to Roaster\'s Club' }).click()
  await changed
  await expect(row).toContainText('Roaster\'s Club', { timeout: LIVE_WITHIN_MS })

  // Grind and address, edited in place on /account.
  await page.getByTestId('current-plan-line').getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const coffee = card(page, 'Plan and coffee')
  await coffee.getByRole('button', { name: 'Change grind or roast' }).click()
  await coffee.getByLabel('Grind').selectOption('filter')
  await coffee.getByRole('button', { name: 'Save coffee preferences' }).click()
  await expect(row).toContainText('Ground for filter', { timeout: LIVE_WITHIN_MS })
  const address = card(page, 'Delivery address')
  await address.getByRole('button', { name: 'Change address' }).click()
  await address.getByLabel('Street and number').fill('Prinsengracht 263')
  await address.getByLabel('Postal code').fill('1016 GV')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(row).toContainText('Prinsengracht 263', { timeout: LIVE_WITHIN_MS })

  // Skip the delivery on /account: it leaves the board; unskip it: it is back.
  const delivery = card(page, 'Upcoming deliveries').getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}T00:00:00.000Z"]`) })
  await delivery.getByRole('button', { name: /^Skip the delivery on / }).click()
  await expect(delivery).toContainText('Skipped')
  await expect(row).toHaveCount(0, { timeout: LIVE_WITHIN_MS })
  await delivery.getByRole('button', { name: /^Unskip the delivery on / }).click()
  await expect(row).toContainText('Prinsengracht 263', { timeout: LIVE_WITHIN_MS })
  await expect(row).toContainText('Not charged yet')

  // The packing list leaves as CSV with the delivery on it.
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    day.getByRole('button', { name: `Download CSV of the packing list for ${dayLabel(date)}` }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`packing-list-${date}.csv`)
  const csv = readFileSync(await download.path(), 'utf8')
  expect(csv).toContain(`,${name},Prinsengracht 263,,1016 GV,Amsterdam,NL,Roaster's Club,Ground for filter,Roaster’s choice,Huila Supremo,1,,On hold: awaiting payment,Not charged yet,`)

  const axe = await new AxeBuilder({ page: staff }).include('main').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), '/roastery').toEqual([])
  await capture(staff, 'roastery')

  // Its final moment: charged (Roaster's Club's price), paid, on the packing list, live.
  await advanceClockTo(new Date(finalMomentMs(`${date}T00:00:00.000Z`) + 60_000).toISOString())
  await expect(row).toContainText('Paid', { timeout: LIVE_WITHIN_MS })
  await expect(delivery).toContainText('Paid · €11', { timeout: LIVE_WITHIN_MS })

  // Staff ship it with a tap; the customer's open /account shows it, and the e-mail is there.
  const deliveries = card(page, 'Your deliveries')
  await expect(deliveries).toContainText('Nothing has been shipped to you yet.')
  await row.getByRole('button', { name: `Mark shipped: ${name}` }).tap()
  // Sent once its undo time (8 s) is over.
  await expect(row).toContainText(/Shipping in \d s/)
  await expect(row).toContainText(/Shipped \d{1,2}:\d{2}/, { timeout: 15_000 })
  await expect(day).toContainText(`${name}’s delivery is marked shipped.`)
  await expect(deliveries.getByRole('list', { name: 'Shipped deliveries, newest first' }).getByRole('listitem')).toContainText(dayLabel(date), { timeout: LIVE_WITHIN_MS })
  await expect(deliveries.getByRole('list', { name: 'Shipped deliveries, newest first' }).getByRole('listitem')).toContainText('Roaster\'s Club · 1 bag, ground for filter, roaster’s choice')
  await expect.poll(async () => (await outbox(email)).map((m) => m.subject)).toContain('Your coffee is on its way')
  const shippedMail = (await outbox(email)).find((m) => m.subject === 'Your coffee is on its way')
  expect(shippedMail?.text).toContain('Prinsengracht 263')

  expect(await isSameDocument(page), 'the customer’s page was not reloaded').toBe(true)
  expect(await isSameDocument(staff), 'the staff page was not reloaded').toBe(true)
  expect(errors.list).toEqual([])
  expect(staffErrors.list).toEqual([])
  expect(staffCsp).toEqual([])
  await staffContext.close()
})
