/**
 * What a visitor's first load of `/` fetches: the page with its styles inlined (no stylesheet
 * request before first paint), the first-load scripts, and nothing speculative (no other page's
 * code or data, no toast library); client-side navigation keeps every page styled.
 */
import { expect, test } from './support/fixtures'

test('/ paints from its HTML alone, styled, and navigating keeps every page styled', async ({ page, errors }) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh roasts, on your schedule' })).toBeVisible()
  const start = page.getByRole('link', { name: /^Start with / }).first()
  // Styled by the inlined stylesheets: a button look, not a bare link.
  const styledButton = async () => start.evaluate((element) => getComputedStyle(element).borderRadius)
  expect(await styledButton()).not.toBe('0px')

  const head = await page.evaluate(() => ({
    // As paths, like the requests below (an href may carry a query).
    inlined: Array.from(document.querySelectorAll('style[data-inlined-href]'))
      .map((style) => new URL(style.getAttribute('data-inlined-href') ?? '', location.href).pathname),
    applied: document.querySelectorAll('link[rel="stylesheet"]:not([disabled])').length,
  }))
  expect(head.inlined.length, 'stylesheets inlined into the HTML').toBeGreaterThan(0)
  expect(head.applied, 'stylesheets that block the first paint').toBe(0)
  // Let the page settle after hydration (effects, idle callbacks) before judging what it fetched.
  await page.waitForLoadState('networkidle')
  expect(requests.filter((path) => path.endsWith('.css')), 'stylesheet requests').toEqual([])
  expect(requests.filter((path) => path.startsWith('/_next/data/')), 'page data prefetched').toEqual([])

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  const send = page.getByRole('button', { name: 'Send code' })
  await expect(send).toBeVisible()
  expect(await send.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh roasts, on your schedule' })).toBeVisible()
  expect(await styledButton()).not.toBe('0px')
  // The stylesheets that came inlined were never fetched again.
  expect(requests.filter((path) => head.inlined.includes(path))).toEqual([])
  expect(errors.list).toEqual([])
})
