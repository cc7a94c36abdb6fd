/**
 * The pseudo-locale (lib/i18n/pseudo.ts): a build whose every text is accented and 40 % longer, as
 * the longest real languages run. Each page a person meets, at a phone's width and a desktop's, is
 * photographed (e2e/artifacts/pseudo-*.png) and checked: nothing runs past the screen's edge and no
 * box hides part of its own text. Runs in its own stack (`npm run test:e2e` starts it after the
 * journeys, through e2e/pseudo.config.ts).
 */
import type { Page } from '@playwright/test'
import { translate } from '../../retter/dependencies/BeanBloomKit/i18n/catalogue'
import { CATALOGUE, type MessageKey } from '../../retter/dependencies/BeanBloomKit/i18n/messages'
import { pseudoText } from '../../lib/i18n/pseudo'
import { waitForCode } from '../support/backend'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, test } from '../support/fixtures'
import { baristaByApi, passResendWait } from '../support/payments'
import { capture } from '../support/screens'

/** A text as the pseudo build writes it (the messages without values). */
const pseudo = (key: MessageKey) => pseudoText(translate(CATALOGUE, 'en', key))
const WIDTHS = [390, 1280]

interface Overflow {
  what: string
  how: string
}

/**
 * What spills: the page wider than the screen, or an element that cuts off its own content
 * (overflow hidden or clipped, content larger than the box), or one that ends past the screen's
 * edge outside any box that scrolls sideways. The brand's word mark gives way on a phone by design
 * (Layout.module.css) and is not counted.
 */
async function overflowsOf(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { what: string; how: string }[] = []
    const root = document.documentElement
    if (root.scrollWidth > window.innerWidth + 1) found.push({ what: 'the page', how: `${root.scrollWidth}px wide on a ${window.innerWidth}px screen` })
    const describe = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}> "${(element.textContent ?? '').trim().slice(0, 50)}"`
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!(element instanceof HTMLElement) || element.closest('[aria-hidden="true"], .visually-hidden, [hidden]')) continue
      if (element.closest('header a[href] > span')) continue
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      const clips = (axis: string) => axis === 'hidden' || axis === 'clip'
      const rect = element.getBoundingClientRect()
      // Nothing drawn, or a box made 1 px on purpose (Next's route announcer, visually hidden text).
      if (rect.width <= 1 || rect.height <= 1) continue
      if (clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1) found.push({ what: describe(element), how: `cuts ${element.scrollWidth - element.clientWidth}px of its width` })
      if (clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1) found.push({ what: describe(element), how: `cuts ${element.scrollHeight - element.clientHeight}px of its height` })
      // Inside a box that scrolls sideways (the roastery's day strip and tables on a phone) it is reached by scrolling.
      let scroller: Element | null = element.parentElement
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement
      if (!scroller && rect.right > window.innerWidth + 1 && style.position !== 'fixed') found.push({ what: describe(element), how: `ends ${Math.round(rect.right - window.innerWidth)}px past the screen` })
    }
    return found
  })
}

/** Photographs the page at both widths and returns what spills at each. */
async function check(page: Page, name: string): Promise<string[]> {
  await capture(page, `pseudo-${name}`)
  const problems: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    for (const overflow of await overflowsOf(page)) problems.push(`${name} at ${width}px: ${overflow.what} ${overflow.how}`)
  }
  return problems
}

async function signInPseudo(page: Page, email: string, codesBefore = 0): Promise<void> {
  await page.goto('/sign-in')
  await page.getByLabel(pseudo('signIn.email.label')).fill(email)
  await page.getByRole('button', { name: pseudo('signIn.email.send') }).click()
  const { code } = await waitForCode(email, codesBefore)
  await page.getByLabel(pseudo('signIn.code.label')).fill(code)
  await expect(page).toHaveURL(/\/(account|roastery)$/)
}

test('every page a person meets holds its words 40 % longer, at 390 and 1280 px', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const problems: string[] = []

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudo('plans.hero.title'))
  problems.push(...await check(page, 'plans'))

  await page.goto('/sign-in')
  await expect(page.getByLabel(pseudo('signIn.email.label'))).toBeVisible()
  problems.push(...await check(page, 'sign-in'))

  // A customer with a plan, a card and an address: /account with every card it has.
  const email = freshEmail('pseudo')
  await baristaByApi(email, { name: 'Maximiliane Übermuth-Schwarzenberger', line1: 'Rue du Faubourg Saint-Honoré 208', city: 'Paris', postalCode: '75008', country: 'FR' })
  await passResendWait()
  await signInPseudo(page, email, 1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudo('account.title'))
  await expect(page.getByText(pseudo('subscription.upcoming.title'), { exact: true })).toBeVisible()
  problems.push(...await check(page, 'account'))

  // Staff at the roastery, in a browser of their own.
  const staffContext = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: requireEnv(E2E_ENV.baseUrl), locale: 'en-US', timezoneId: 'UTC' })
  const staff = await staffContext.newPage()
  await signInPseudo(staff, E2E_STAFF_EMAIL)
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(pseudo('roastery.title'))
  problems.push(...await check(staff, 'roastery'))
  await staffContext.close()

  expect(problems).toEqual([])
})
