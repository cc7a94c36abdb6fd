/**
 * A customer's whole subscription, in one document: a visitor picks a plan, signs in, gives the
 * delivery address in the confirmation, sets grind and roast, skips three deliveries, pauses a week,
 * resumes and unskips one; the dates obey the schedule's rules all along, every change has its
 * e-mail, and the upcoming-delivery reminder arrives once the delayed calls run; its skip link, opened
 * signed out on another device, asks and then skips the delivery once. Then a plan change
 * (compared side by side), a cancellation and a restart with the address prefilled. axe checks the
 * page and every dialog; no step reloads the page.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { outbox, waitForCode } from '../support/backend'
import { advanceClockTo } from '../support/payments'
import { card } from '../support/cards'
import { expect, fillStartDetails, freshEmail, pickPlanAndSignIn, requestCode, test, watchErrors } from '../support/fixtures'
import { capture } from '../support/screens'
import { E2E_ENV, requireEnv } from '../support/env'

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  const results = await builder.analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __e2eSameDocument: true }))
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => '__e2eSameDocument' in window)
}

/** The upcoming deliveries as shown: [ISO day, state] in order. */
async function schedule(list: Locator): Promise<Array<[string, string]>> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => [
    item.querySelector('time')?.getAttribute('datetime') ?? '',
    item.children[2]?.textContent ?? '',
  ] as [string, string]))
}

/** Subjects of the customer's e-mails other than sign-in codes, oldest first. */
async function subjects(email: string): Promise<string[]> {
  return (await outbox(email)).filter((mail) => !mail.code).map((mail) => mail.subject).reverse()
}

test('pick → sign in → address in the confirmation → coffee → skip 3, pause, resume, unskip → an e-mail for each → the reminder and its skip link', async ({ browser, page, errors }) => {
  const email = freshEmail('journey')
  await page.goto('/')
  await page.getByRole('link', { name: 'Start with Barista' }).click()
  await expect(page).toHaveURL(/\/sign-in\?next=/)
  const before = await requestCode(page, email)
  const { code } = await waitForCode(email, before)
  await page.getByLabel('Verification code').fill(code)

  // Sign-in lands on the plan's confirmation, which asks where the coffee goes.
  await expect(page).toHaveURL(/\/\?plan=barista$/)
  const start = page.getByRole('dialog', { name: 'Start with Barista?' })
  await expect(start).toContainText('2 bags (250 g) every week')
  await expect(start.getByLabel('Full name')).toBeFocused()
  expect(await seriousViolations(page), 'start confirmation').toEqual([])
  await markDocument(page)
  await fillStartDetails(start, { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016', city: 'Amsterdam', country: 'NL' })
  await start.getByRole('button', { name: 'Start Barista' }).click()
  // A postal code of the wrong shape is refused in place, with the shape it should have.
  await expect(start.getByLabel('Postal code')).toHaveAttribute('aria-invalid', 'true')
  await expect(start).toContainText('like 1012 AB')
  await start.getByLabel('Postal code').fill('1016 GV')
  await start.getByRole('button', { name: 'Start Barista' }).dblclick()
  const line = page.getByTestId('current-plan-line')
  await expect(line).toContainText(/You’re on Barista · next delivery \w{3}/)
  await expect(start).toBeHidden()

  await line.getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const next = card(page, 'Your next delivery')
  await expect(next).toContainText('Mina Roast, Prinsengracht 263, 1016 GV Amsterdam, The Netherlands')
  expect(await seriousViolations(page), '/account').toEqual([])

  // Coffee: only what Barista offers can be chosen.
  const coffee = card(page, 'Plan and coffee')
  await coffee.getByRole('button', { name: 'Change grind or roast' }).click()
  await expect(coffee.getByLabel('Grind').locator('option')).toHaveText(['Whole bean', 'Ground for espresso'])
  await coffee.getByLabel('Grind').selectOption('espresso')
  await coffee.getByLabel('Roast').selectOption('dark')
  await coffee.getByRole('button', { name: 'Save coffee preferences' }).click()
  await expect(coffee.getByTestId('preferences')).toHaveText('Ground for espresso, dark roast')

  const list = card(page, 'Upcoming deliveries').getByRole('list')
  const initial = await schedule(list)
  expect(initial).toHaveLength(6)
  const weekday = new Date(initial[0]![0]).getUTCDay()
  // Skip the 2nd, 3rd and 4th deliveries.
  for (const [date] of initial.slice(1, 4)) {
    await list.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) }).getByRole('button', { name: /^Skip the delivery/ }).click()
    await expect(list.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) })).toContainText('Skipped')
  }
  const skipped = initial.slice(1, 4).map(([date]) => date)
  const nextBefore = await page.getByTestId('next-delivery').getAttribute('datetime')

  // Pause a week, then resume keeping the pause's deliveries skipped (the offer to bring them back
  // is unticked): no delivery comes earlier and no skipped one comes back.
  const pause = card(page, 'Pause or cancel')
  await pause.getByLabel('Pause deliveries for').selectOption('1')
  await pause.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByTestId('paused-line')).toContainText('Paused until')
  const nextPaused = await page.getByTestId('next-delivery').getAttribute('datetime')
  expect(nextPaused! >= nextBefore!).toBe(true)
  await capture(page, 'account-paused')
  const pauseCard = card(page, 'Your pause')
  const bringBack = pauseCard.getByRole('checkbox', { name: /^Also bring back/ })
  if (await bringBack.count() > 0) await bringBack.uncheck()
  await pauseCard.getByRole('button', { name: 'Resume deliveries' }).click()
  await expect(page.getByTestId('paused-line')).toHaveCount(0)
  const nextResumed = await page.getByTestId('next-delivery').getAttribute('datetime')
  expect(nextResumed! >= nextPaused!).toBe(true)
  for (const [date, state] of await schedule(list)) {
    expect(new Date(date).getUTCDay(), `${date} falls on the first delivery's weekday`).toBe(weekday)
    if (skipped.includes(date)) expect(state, `${date} stays skipped`).toBe('Skipped')
  }

  // Unskip one: it is back, on the customer's word only.
  const back = skipped[1]!
  await list.getByRole('listitem').filter({ has: page.locator(`time[datetime="${back}"]`) }).getByRole('button', { name: /^Unskip the delivery/ }).click()
  await expect(list.getByRole('listitem').filter({ has: page.locator(`time[datetime="${back}"]`) })).toContainText('Scheduled')

  // Every change has its e-mail.
  // The start is one e-mail: the card and the address confirmed with it are named in the welcome.
  await expect.poll(() => subjects(email)).toEqual([
    'Welcome to Bean & Bloom: your Barista subscription has started',
    'Your coffee preferences have changed',
    expect.stringMatching(/^Skipped: your delivery on /),
    expect.stringMatching(/^Skipped: your delivery on /),
    expect.stringMatching(/^Skipped: your delivery on /),
    'Your deliveries are paused',
    'Your deliveries are back on',
    expect.stringMatching(/^Back on: your delivery on /),
  ])

  // The reminder of the next delivery it can still precede (the one just unskipped) arrives at its
  // time, 06:00 UTC two days before it, when the backend's test clock gets there; not before.
  const remindAt = Date.parse(back) - 2 * 24 * 3600 * 1000 + 6 * 3600 * 1000
  await advanceClockTo(new Date(remindAt - 60_000).toISOString())
  expect((await subjects(email)).filter((subject) => subject.startsWith('Your coffee arrives '))).toEqual([])
  await advanceClockTo(new Date(remindAt + 60_000).toISOString())
  await expect.poll(async () => (await subjects(email)).filter((subject) => subject.startsWith('Your coffee arrives '))).toHaveLength(1)

  // Its "Skip this delivery" link works on another device, signed out: it asks, then skips once.
  const reminder = (await outbox(email)).find((mail) => mail.subject.startsWith('Your coffee arrives '))
  const skipLink = new URL(/Skip this delivery: (\S+)/.exec(reminder?.text ?? '')?.[1] ?? 'https://missing.invalid/')
  expect(skipLink.pathname).toBe('/delivery-link')
  const phone = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: requireEnv(E2E_ENV.baseUrl) })
  const mail = await phone.newPage()
  const mailErrors = watchErrors(mail)
  await mail.goto(skipLink.pathname + skipLink.hash)
  await expect(mail.getByRole('heading', { name: /^Skip your delivery of / })).toBeVisible()
  expect(await seriousViolations(mail), 'link page').toEqual([])
  await mail.getByRole('button', { name: 'Skip this delivery' }).click()
  await expect(mail.getByRole('status').filter({ hasText: 'is skipped' })).toBeVisible()
  await mail.reload()
  await expect(mail.getByRole('alert').filter({ hasText: 'This link has already been used.' })).toBeVisible()
  expect(mailErrors.list.filter((line) => !/409/.test(line))).toEqual([])
  await phone.close()
  // The account page still open on the first device shows it skipped, live.
  await expect(list.getByRole('listitem').filter({ has: page.locator(`time[datetime="${back}"]`) })).toContainText('Skipped')

  // A plan change compares the two plans; cancelling keeps the plan to start again, address prefilled.
  await coffee.getByRole('link', { name: 'Compare and change plan' }).click()
  await page.getByRole('button', { name: 'Switch to Daily Grind' }).click()
  const change = page.getByRole('dialog', { name: 'Switch to Daily Grind?' })
  await expect(change.getByRole('row', { name: /Price per bag/ })).toContainText('€10')
  await expect(change.getByRole('button', { name: 'Not now' })).toBeFocused()
  expect(await seriousViolations(page), 'change confirmation').toEqual([])
  await change.getByRole('button', { name: 'Switch to Daily Grind' }).click()
  await expect(line).toContainText('You’re on Daily Grind')
  await line.getByRole('link', { name: 'Manage your subscription' }).click()
  await card(page, 'Pause or cancel').getByRole('button', { name: 'Cancel subscription' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' })
  await expect(cancel.getByRole('button', { name: 'Keep my subscription' })).toBeFocused()
  expect(await seriousViolations(page), 'cancel dialog').toEqual([])
  // It asks why, and offers a pause first.
  await cancel.getByRole('radio', { name: 'Something else' }).check()
  await expect(cancel.getByRole('region', { name: 'Before you go, would one of these help?' }).getByRole('button', { name: 'Pause for 4 weeks instead' })).toBeVisible()
  expect(await seriousViolations(page), 'cancel dialog with offers').toEqual([])
  await cancel.getByLabel('Tell us in a few words').fill('Trying a local roaster for a while')
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(cancel).toBeHidden()
  const cancelled = card(page, 'Your subscription is cancelled')
  await cancelled.getByRole('link', { name: 'Start Daily Grind again' }).click()
  const restart = page.getByRole('dialog', { name: 'Start Daily Grind again?' })
  await expect(restart.getByLabel('Street and number')).toHaveValue('Prinsengracht 263')
  await restart.getByRole('button', { name: 'Start Daily Grind again' }).click()
  await expect(line).toContainText('You’re on Daily Grind · next delivery')

  expect(await isSameDocument(page), 'no step reloaded the page').toBe(true)
  // Next's route announcer is an empty role=alert: only alerts that say something count.
  await expect(page.getByRole('alert').filter({ hasText: /error|could not|cannot/i })).toHaveCount(0)
  expect(errors.list).toEqual([])
})

test('on a phone the current plan is in view on / without scrolling past the others', async ({ page }) => {
  const email = freshEmail('phone')
  const dialog = await pickPlanAndSignIn(page, email, 'Roaster\'s Club')
  await fillStartDetails(dialog)
  await dialog.getByRole('button', { name: 'Start Roaster\'s Club' }).click()
  await expect(page.getByTestId('current-plan-line')).toContainText('You’re on Roaster\'s Club')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  const current = page.getByRole('article').filter({ hasText: 'Your plan' })
  await expect(current).toContainText('Roaster\'s Club')
  await expect(current).toBeInViewport()
  await capture(page, 'home-current-plan')
})
