/**
 * Browser defences as a visitor's browser receives them: the headers on every page, the backend's
 * dev endpoints out of reach through the app's origin, and a policy that really blocks.
 */
import { expect, test } from './support/fixtures'

test('every page carries the browser defences', async ({ request }) => {
  for (const path of ['/', '/sign-in', '/account', '/delivery-link', '/de/delivery-link', '/no-such-page']) {
    const response = await request.get(path)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy'], path).toContain("script-src 'self'")
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], path).toContain('camera=()')
  }
})

test("the backend's dev endpoints (codes, state writes) are not reachable through the app", async ({ request }) => {
  for (const path of ['/rio/__dev/outbox?to=a@example.com', '/rio/%5F%5Fdev/outbox?to=a@example.com', '/rio/__DEV/outbox', '/rio//__dev/outbox']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
  }
  const write = await request.post('/rio/__dev/state/Account/anything', { data: { public: { plan: 'x' } } })
  expect(write.status()).toBe(404)
})

test('the policy blocks scripts from other hosts and injected inline scripts, and the journeys would see it', async ({ page, cspViolations }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const loaded = await page.evaluate(() => new Promise<boolean>((resolve) => {
    const script = document.createElement('script')
    script.src = 'https://apis.google.com/js/api.js'
    script.onload = () => resolve(true)
    script.onerror = () => resolve(false)
    document.head.append(script)
  }))
  expect(loaded).toBe(false)
  // An injected inline script (the shape of an XSS) does not run either.
  const ranInline = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'document.body.dataset.injected = "yes"'
    document.head.append(script)
    return document.body.dataset.injected === 'yes'
  })
  expect(ranInline).toBe(false)
  await expect.poll(() => cspViolations.length).toBeGreaterThan(1)
  expect(cspViolations.join('\n')).toContain('apis.google.com')
  expect(cspViolations.join('\n')).toMatch(/inline script/i)
  // Seen and asserted: the automatic no-violation check of this journey must not fail on it.
  cspViolations.length = 0
})
