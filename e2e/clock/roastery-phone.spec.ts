/**
 * The roastery on a staff member's phone (390 × 844): the header's links all fit (no page scrolls
 * sideways), "To roast" can be reached and scrolled by keyboard, "Mark all shipped" asks in a
 * dialog that sits on the screen, and "Mark shipped" waits, undoable, before the customer's e-mail
 * goes. Axe finds nothing serious at this width, nor at a tablet's and a desktop's.
 * The customer is made over the API (e2e/support/customer-api.ts) and their delivery charged by
 * moving the backend's clock to its final moment, so it is ready to ship.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { outbox, waitForCode } from '../support/backend'
import { customerApi } from '../support/customer-api'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, requestCode, test, watchErrors } from '../support/fixtures'
import { dayRegionName } from '../support/roastery-days'
import { advanceClockTo, clockNow, passResendWait, saveCard } from '../support/payments'
import { shortDate } from '../../retter/dependencies/BeanBloomSubscription/dates'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'

const PHONE = { width: 390, height: 844 }
const DAY_MS = 24 * 60 * 60 * 1000

/** A delivery day as the page heads it, in the app's own date style (UTC): "Wed 25 Nov 2026". */
function dayLabel(date: string): string {
  return shortDate(`${date}T00:00:00.000Z`, 'UTC')
}

/** How far the page reaches sideways, and where each header link ends. */
function widths(page: Page): Promise<{ page: number; links: Array<{ name: string; right: number }> }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    links: Array.from(document.querySelectorAll('header nav a')).map((a) => ({ name: a.textContent ?? '', right: Math.round(a.getBoundingClientRect().right) })),
  }))
}

test('staff on a 390 px phone: the header fits, "To roast" is reachable by keyboard, the dialog sits on screen, "Mark shipped" can be undone; axe at 390, 768 and 1280 px', async ({ browser }) => {
  const stamp = Date.now().toString(36)
  const email = freshEmail('roastery-phone')
  const name = `Pia Phone ${stamp}`
  const date = new Date((await clockNow()).nowMs + 2 * DAY_MS).toISOString().slice(0, 10)
  const api = await customerApi(email)
  expect((await api.call('setDeliveryAddress', { name, line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' })).status).toBe(200)
  await saveCard(api.call)
  expect((await api.call('selectPlan', { planId: 'barista' })).status).toBe(200)
  await advanceClockTo(new Date(finalMomentMs(`${date}T00:00:00.000Z`) + 60_000).toISOString())

  const context = await browser.newContext({
    baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC', viewport: PHONE, hasTouch: true,
  })
  const staff = await context.newPage()
  const errors = watchErrors(staff)
  // Signed in through the page, wherever it then takes staff (/account or /roastery).
  await staff.goto('/sign-in')
  const { code } = await waitForCode(E2E_STAFF_EMAIL, await requestCode(staff, E2E_STAFF_EMAIL))
  await staff.getByLabel('Verification code').fill(code)
  await expect(staff).toHaveURL(/\/(account|roastery)$/)
  const nav = staff.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Account' })).toBeInViewport({ ratio: 1 })
  await nav.getByRole('link', { name: 'Roastery' }).tap()
  await expect(staff.getByRole('heading', { level: 1, name: 'Roastery' })).toBeVisible()
  const day = staff.getByRole('region', { name: dayRegionName(date) })
  const row = day.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Paid')

  // Nothing reaches past the screen's edge, the header's last link included.
  const measured = await widths(staff)
  expect(measured.page, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width)
  for (const link of measured.links) expect(link.right, `${link.name} is cut off`).toBeLessThanOrEqual(PHONE.width)

  // "To roast" may scroll sideways: a tab stop whose arrow keys reach its last column.
  const totals = day.getByRole('region', { name: 'To roast' })
  await totals.focus()
  await expect(totals).toBeFocused()
  for (let i = 0; i < 15; i += 1) await staff.keyboard.press('ArrowRight')
  await expect(day.getByRole('columnheader', { name: 'Deliveries' })).toBeInViewport()

  const axe = await new AxeBuilder({ page: staff }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), '/roastery at 390 px').toEqual([])

  // "Mark all shipped" asks in a dialog that sits inside the screen; "Not yet" leaves everything as it was.
  await day.getByRole('button', { name: /^Mark all shipped/ }).tap()
  const dialog = staff.getByRole('dialog', { name: `Mark ${dayLabel(date)} shipped?` })
  await expect(dialog).toBeVisible()
  const box = await dialog.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `dialog at ${JSON.stringify(box)}`).toBe(true)
  await expect(dialog.getByRole('heading', { name: `Mark ${dayLabel(date)} shipped?` })).toBeInViewport()
  await dialog.getByRole('button', { name: 'Not yet' }).tap()
  await expect(dialog).toHaveCount(0)

  // A mis-tap on "Mark shipped" is undone before anything is sent: no e-mail.
  await row.getByRole('button', { name: `Mark shipped: ${name}` }).tap()
  await expect(row).toContainText(/Shipping in \d s/)
  await row.getByRole('button', { name: `Undo mark shipped: ${name}` }).tap()
  await expect(day).toContainText(`Undone: ${name}’s delivery is not marked shipped.`)
  await expect(row).toContainText('To ship')
  // Tapped and left alone, it is sent when the wait is over, and the customer gets the e-mail.
  await row.getByRole('button', { name: `Mark shipped: ${name}` }).tap()
  await expect(row).toContainText(/Shipped \d{1,2}:\d{2}/, { timeout: 15_000 })
  await expect.poll(async () => (await outbox(email)).map((m) => m.subject)).toEqual(expect.arrayContaining(['Your coffee is on its way']))
  expect((await outbox(email)).filter((m) => m.subject === 'Your coffee is on its way')).toHaveLength(1)

  // The same page at a tablet's and a desktop's width: still nothing serious for axe, nothing sideways.
  for (const viewport of [{ width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
    await staff.setViewportSize(viewport)
    const wide = await new AxeBuilder({ page: staff }).analyze()
    expect(wide.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), `/roastery at ${viewport.width} px`).toEqual([])
    expect((await widths(staff)).page).toBeLessThanOrEqual(viewport.width)
  }

  expect(errors.list).toEqual([])
  await context.close()
  // The next journey signs staff in too.
  await passResendWait()
})
