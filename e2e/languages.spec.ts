/**
 * The shop in its visitors' languages: a first visit follows the browser's language, the plans are
 * in the HTML in that language, the switcher's choice is kept, and nothing redirects a crawler.
 */
import { expect, test } from './support/fixtures'

test.describe('a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' })

  test('gets /de with the plans in German at first paint; a language chosen in the footer or header is kept', async ({ page, context, errors }) => {
    const response = await page.goto('/')
    await expect(page).toHaveURL(/\/de$/)
    // First paint: the HTML as the server sent it, before any script.
    const html = await response!.text()
    expect(html).toContain('<html lang="de"')
    expect(html).toContain('Frisch geröstet, ganz nach deinem Rhythmus')
    expect(html).toContain('Mit Daily Grind starten')
    expect(html).toMatch(/12,00\s€/)
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr" href="[^"]*\/fr"/i)
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/de"/i)

    const daily = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Daily Grind' }) })
    await expect(daily.getByRole('link', { name: 'Mit Daily Grind starten' })).toBeVisible()
    await expect(daily).toContainText('Empfohlen')
    await expect(daily).toContainText('pro Lieferung')
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Anmelden' })).toBeVisible()

    // The footer's list: French, remembered, so the root now leads to French.
    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'Français' }).click()
    await expect(page).toHaveURL(/\/fr$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du café fraîchement torréfié, à votre rythme')
    expect((await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE')?.value).toBe('fr')
    await page.goto('/')
    await expect(page).toHaveURL(/\/fr$/)

    // The header's link leads to the list; English, kept over the browser's German.
    await page.getByRole('banner').getByRole('link', { name: 'Langue\u202f: Français' }).click()
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh roasts, on your schedule')
    await page.goto('/')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    // Within the language, links keep it: the sign-in page in Dutch.
    await page.goto('/nl')
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Inloggen' }).click()
    await expect(page).toHaveURL(/\/nl\/sign-in$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    expect(errors.list).toEqual([])
  })
})

test('a crawler (no Accept-Language) gets English at the root, every prefixed page as it is, and the root varies by language', async ({ request }) => {
  const root = await request.get('/', { headers: { 'accept-language': '' }, maxRedirects: 0 })
  expect(root.status()).toBe(200)
  expect(root.headers().vary).toMatch(/Accept-Language/i)
  expect(await root.text()).toContain('<html lang="en"')
  const german = await request.get('/de', { headers: { 'accept-language': 'fr-FR' }, maxRedirects: 0 })
  expect(german.status()).toBe(200)
  expect(await german.text()).toContain('<html lang="de"')
  const unknown = await request.get('/it/no-such-page', { maxRedirects: 0 })
  expect(unknown.status()).toBe(404)
  expect(await unknown.text()).toContain('Questa tazza è vuota')
})

test('a page in another language is not fetched again after it hydrates (one render, as English)', async ({ page, hydrationErrors }) => {
  const dataRequests: string[] = []
  page.on('request', (request) => { if (request.url().includes('/_next/data/')) dataRequests.push(request.url()) })
  for (const path of ['/de', '/fr/sign-in', '/']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(dataRequests).toEqual([])
  expect(hydrationErrors).toEqual([])
})
