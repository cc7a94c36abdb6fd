/**
 * The site header on a 390 px phone holds its content and nothing else: one row, no empty band
 * under the brand or beside it, for a visitor, a customer and staff (whose three links once
 * wrapped under the brand, leaving the rest of the brand's row empty).
 */
import type { Page } from '@playwright/test'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from './support/env'
import { expect, freshEmail, signIn, test } from './support/fixtures'

/** Staff may ask for a new code 30 s after the last one. */
const STAFF_RESEND_AFTER_MS = 31_000

interface Box {
  top: number
  bottom: number
  name: string
}

interface HeaderLayout {
  /** The header's content box height (its inner row's height without padding). */
  contentHeight: number
  /** Each visible link (the brand among them), relative to the content box's top. */
  items: Array<Box & { contentHeight: number }>
}

/** What the header holds at the current width: its inner box and each visible link with its content. */
function headerLayout(page: Page): Promise<HeaderLayout> {
  return page.locator('header').first().evaluate((header) => {
    const inner = header.firstElementChild as HTMLElement
    const style = getComputedStyle(inner)
    const innerBox = inner.getBoundingClientRect()
    const top = innerBox.top + parseFloat(style.paddingTop)
    const contentHeight = innerBox.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
    const items = Array.from(header.querySelectorAll('a'))
      .map((link) => ({ link, box: link.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .map(({ link, box }) => {
        // What the link draws: its children's boxes (the brand's mark and word mark, a link's text).
        const drawn = Array.from(link.children).map((child) => child.getBoundingClientRect()).filter((b) => b.height > 0)
        const contentHeight = drawn.length > 0 ? Math.max(...drawn.map((b) => b.bottom)) - Math.min(...drawn.map((b) => b.top)) : box.height
        return { top: box.top - top, bottom: box.bottom - top, name: link.getAttribute('aria-label') ?? link.textContent ?? '', contentHeight }
      })
    return { contentHeight, items }
  })
}

/**
 * The header is one row of content and nothing else: every link shares that row, the header is as
 * tall as its tallest link, and the brand is as tall as what it draws (no band under the mark).
 */
async function expectNoEmptyBand(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 })
  const layout = await headerLayout(page)
  const detail = `${where}: ${JSON.stringify(layout)}`
  expect(layout.items.length, detail).toBeGreaterThan(1)
  const tallest = Math.max(...layout.items.map((item) => item.bottom - item.top))
  expect(layout.contentHeight, `${detail}: the header is one row tall`).toBeLessThanOrEqual(tallest + 1)
  // One row: some horizontal line crosses every link.
  const lowestTop = Math.max(...layout.items.map((item) => item.top))
  const highestBottom = Math.min(...layout.items.map((item) => item.bottom))
  expect(lowestTop, `${detail}: every link shares one row`).toBeLessThan(highestBottom)
  for (const item of layout.items) {
    expect(item.bottom - item.top, `${detail}: ${item.name} holds no empty band`).toBeLessThanOrEqual(item.contentHeight + 1)
  }
}

test('390 px: the header has no empty band for a visitor, a customer or staff', async ({ page, browser }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expectNoEmptyBand(page, 'visitor on /')

  await signIn(page, freshEmail('header'))
  await expectNoEmptyBand(page, 'customer on /account')
  // A returning customer's first paint (all session links in the page, the stored view choosing).
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible()
  await expectNoEmptyBand(page, 'customer on /')

  const staffContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 390, height: 844 } })
  const staff = await staffContext.newPage()
  const staffCodeSentAt = Date.now()
  await signIn(staff, E2E_STAFF_EMAIL)
  await expect(staff.getByRole('link', { name: 'Roastery' })).toBeVisible()
  await expectNoEmptyBand(staff, 'staff on /roastery')
  await staffContext.close()
  // The next journey may sign staff in, and a new code is sent only 30 s after the last one.
  await page.waitForTimeout(Math.max(0, staffCodeSentAt + STAFF_RESEND_AFTER_MS - Date.now()))
})
