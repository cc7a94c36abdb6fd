/**
 * What a customer met at the widths they use: a plan change's confirmation opens at its top with
 * the spend every four weeks, and on a phone shows the new plan's column whole; toasts keep off the
 * Skip buttons at desktop width; the cards of /account do not touch; "Start … again" after
 * cancelling opens the restart's confirmation. Axe stays clean with the dialog open.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { card } from './support/cards'
import { expect, fillStartDetails, freshEmail, signIn, test } from './support/fixtures'

type Box = { x: number; y: number; width: number; height: number }

/** A customer signs in and starts Daily Grind through its confirmation, as on the page. */
async function subscriber(page: Page): Promise<void> {
  await signIn(page, freshEmail('polish'))
  await page.goto('/?plan=daily-grind')
  const start = page.getByRole('dialog', { name: 'Start with Daily Grind?' })
  await fillStartDetails(start)
  await start.getByRole('button', { name: 'Start Daily Grind' }).click()
  await expect(start).toBeHidden({ timeout: 20_000 })
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return box
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Opens the switch to Roaster's Club from `/`. */
async function openSwitch(page: Page): Promise<Locator> {
  await page.goto('/')
  const club = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Roaster\'s Club' }) })
  await club.getByRole('button', { name: 'Switch to Roaster\'s Club' }).click()
  const dialog = page.getByRole('dialog', { name: 'Switch to Roaster\'s Club?' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('desktop: the switch opens at its top with the spend every four weeks; toasts keep off Skip; cards are apart; start again opens the restart', async ({ page, errors }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await subscriber(page)

  const dialog = await openSwitch(page)
  expect(await dialog.evaluate((panel) => panel.scrollTop), 'the dialog is not scrolled down').toBe(0)
  await expect(dialog.getByRole('heading', { name: 'Switch to Roaster\'s Club?' })).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByText(/^The switch applies from your delivery on/)).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('row', { name: /Every four weeks/ })).toContainText('€24.00 (2 deliveries)')
  await expect(dialog.getByRole('row', { name: /Every four weeks/ })).toContainText('€44.00 (4 deliveries)')
  await expect(dialog).toContainText('You would spend €20.00 more every four weeks.')
  expect(await seriousViolations(page), 'the switch dialog').toEqual([])
  await dialog.getByRole('button', { name: 'Not now' }).click()

  // Within the app, as a customer goes: no reload between / and /account and back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const upcoming = card(page, 'Upcoming deliveries')
  await upcoming.getByRole('button', { name: /^Skip the delivery/ }).last().click()
  const toast = page.locator('.Toastify__toast').first()
  await expect(toast).toBeVisible()
  const toastBox = await boxOf(toast)
  // Every button of the card as it stands, read at once: the card's buttons change as the skip's
  // live update arrives ("Send my next delivery sooner" comes and goes), so a list of locators
  // read one by one may point past its end.
  const buttons = await upcoming.getByRole('button').evaluateAll((elements) => elements.map((element) => {
    const rect = element.getBoundingClientRect()
    return { name: element.getAttribute('aria-label') ?? element.textContent ?? '', box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } }
  }))
  expect(buttons.length).toBeGreaterThan(0)
  for (const button of buttons) expect(overlaps(toastBox, button.box), `the toast covers "${button.name}"`).toBe(false)

  // Each card of the page stands apart from the next.
  const history = await boxOf(card(page, 'History'))
  const below = await page.locator('section.card').evaluateAll((sections, historyTop) => sections
    .map((section) => section.getBoundingClientRect())
    .filter((rect) => rect.top > (historyTop as number))
    .map((rect) => rect.top), history.y)
  const nextTop = Math.min(...below)
  expect(nextTop - (history.y + history.height), 'space under the History card').toBeGreaterThanOrEqual(16)
  const deliveries = await boxOf(card(page, 'Your deliveries'))
  expect(deliveries.y - (history.y + history.height)).toBeGreaterThanOrEqual(16)

  // Cancelled in the page, "Start … again" opens the restart's confirmation.
  await page.getByRole('button', { name: 'Cancel subscription' }).click()
  const cancelling = page.getByRole('dialog', { name: 'Cancel your subscription?' })
  await cancelling.getByRole('radio', { name: 'Too much coffee' }).check()
  await cancelling.getByRole('button', { name: 'Cancel subscription' }).click()
  const again = card(page, 'Your subscription is cancelled').getByRole('link', { name: 'Start Daily Grind again' })
  await again.click()
  await expect(page.getByRole('dialog', { name: 'Start Daily Grind again?' })).toBeVisible()
  await expect(page).toHaveURL(/\/\?plan=daily-grind$/)
  await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click()

  // The same from the first paint of a reloaded /account, clicked before the account's data is in.
  let release = () => {}
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route(/\/rio\//, async (route) => { await held; await route.continue() })
  await page.goto('/account')
  await card(page, 'Your subscription is cancelled').getByRole('link', { name: 'Start Daily Grind again' }).click()
  release()
  // 'wait' lets the held handlers continue their requests before interception stops;
  // a plain unroute lets the browser continue them first, and the handler's continue then throws.
  await page.unrouteAll({ behavior: 'wait' })
  await expect(page.getByRole('dialog', { name: 'Start Daily Grind again?' })).toBeVisible({ timeout: 20_000 })
  expect(errors.list).toEqual([])
})

test('phone: the switch shows the new plan\'s column whole, at its top', async ({ page, errors }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await subscriber(page)
  const dialog = await openSwitch(page)
  expect(await dialog.evaluate((panel) => panel.scrollTop)).toBe(0)
  await expect(dialog.getByRole('heading', { name: 'Switch to Roaster\'s Club?' })).toBeInViewport({ ratio: 1 })
  const table = dialog.getByRole('table')
  const panel = await boxOf(dialog)
  const newPlan = await boxOf(table.getByRole('columnheader', { name: /Roaster's Club$/ }))
  expect(newPlan.x + newPlan.width, 'the new plan\'s column ends inside the dialog').toBeLessThanOrEqual(panel.x + panel.width)
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth), 'nothing of the table scrolls out of view').toBeLessThanOrEqual(0)
  for (const cell of await table.getByRole('cell').all()) {
    const box = await boxOf(cell)
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page does not scroll sideways').toBeLessThanOrEqual(390)
  expect(await seriousViolations(page), 'the switch dialog on a phone').toEqual([])
  expect(errors.list).toEqual([])
})
