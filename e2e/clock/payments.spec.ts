/**
 * Paying for deliveries, as three customers meet it: each picks Barista as a visitor, signs in, and
 * gives the delivery address and a card in the start confirmation; the backend's test clock then
 * reaches the first delivery's final moment, when it is charged.
 * - A good card: paid, shown on /account and on the staff board, shipped, on its way; one charge.
 * - A card the bank declines: the failed-payment e-mail, another card saved on /account pays it.
 * - A card that needs 3-D Secure: the bank's check when it is saved, and again for the charge,
 *   completed in the browser from /account.
 */
import type { Page } from '@playwright/test'
import { accountIdFor } from '../../rio-local/test/ids'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'
import { outbox } from '../support/backend'
import { card } from '../support/cards'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, fillDeliveryAddress, freshEmail, pickPlanAndSignIn, signIn, test, watchErrors } from '../support/fixtures'
import { advanceClockTo, answerBankCheck, chargesOf, fillCard, TEST_CARDS } from '../support/payments'

const LIVE_WITHIN_MS = 5000

/** A visitor picks Barista, signs in and starts it with an address and `cardNumber`; answers the first delivery's day. */
async function startBarista(page: Page, email: string, name: string, cardNumber: string, bankCheck = false): Promise<string> {
  const start = await pickPlanAndSignIn(page, email, 'Barista')
  await fillDeliveryAddress(start, { name, line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' })
  await expect(start.getByRole('group', { name: 'Payment method' })).toBeVisible()
  await fillCard(start, cardNumber)
  await start.getByRole('button', { name: 'Start Barista' }).click()
  if (bankCheck) await answerBankCheck(page)
  await expect(start).toBeHidden({ timeout: 15_000 })
  await expect(page.getByTestId('current-plan-line')).toContainText('You’re on Barista')
  await page.getByTestId('current-plan-line').getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const first = card(page, 'Upcoming deliveries').getByRole('listitem').first()
  await expect(first).toContainText('€20.00, charged on')
  const datetime = await first.locator('time').getAttribute('datetime')
  if (!datetime) throw new Error('The first upcoming delivery carries no datetime.')
  return datetime
}

/** The delivery on `datetime` in the upcoming list. */
function deliveryRow(page: Page, datetime: string) {
  return card(page, 'Upcoming deliveries').getByRole('listitem').filter({ has: page.locator(`time[datetime="${datetime}"]`) })
}

/** Moves the backend's clock just past the delivery's final moment: it is charged then. */
async function reachFinalMoment(datetime: string): Promise<void> {
  await advanceClockTo(new Date(finalMomentMs(datetime) + 60_000).toISOString())
}

async function subjects(email: string): Promise<string[]> {
  return (await outbox(email)).filter((mail) => !mail.code).map((mail) => mail.subject)
}

test('a good card: charged once at the final moment, paid on /account and on the board, shipped, on its way', async ({ page, browser, errors }) => {
  const email = freshEmail('pay')
  const name = `Paula Paid ${Date.now().toString(36)}`
  const datetime = await startBarista(page, email, name, TEST_CARDS.visa)
  const day = datetime.slice(0, 10)
  await expect(card(page, 'Payment method')).toContainText('Visa •••• 4242')
  const delivery = deliveryRow(page, datetime)
  expect(await chargesOf(accountIdFor(email), day), 'nothing is charged before the final moment').toEqual([])

  await reachFinalMoment(datetime)
  await expect(delivery).toContainText('Paid · €20', { timeout: LIVE_WITHIN_MS })
  expect(await chargesOf(accountIdFor(email), day)).toEqual([{ status: 'succeeded', amount: 2000 }])

  // Staff see it paid and ship it.
  const staffContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  const staff = await staffContext.newPage()
  const staffErrors = watchErrors(staff)
  await signIn(staff, E2E_STAFF_EMAIL)
  await staff.goto('/roastery')
  const row = staff.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Paid')
  await row.getByRole('button', { name: `Mark shipped: ${name}` }).click()
  await expect(row).toContainText(/Shipped \d{1,2}:\d{2}/)

  // The customer's page: on its way, live; the e-mail; still one charge.
  await expect(card(page, 'Your deliveries').getByRole('listitem').first()).toBeVisible({ timeout: LIVE_WITHIN_MS })
  await expect(deliveryRow(page, datetime).getByRole('button', { name: /^Skip/ })).toHaveCount(0)
  await expect.poll(() => subjects(email)).toContain('Your coffee is on its way')
  expect(await chargesOf(accountIdFor(email), day)).toEqual([{ status: 'succeeded', amount: 2000 }])
  expect(errors.list).toEqual([])
  expect(staffErrors.list).toEqual([])
  await staffContext.close()
})

test('a declined card: the failed-payment e-mail, then another card saved on /account pays the delivery', async ({ page, errors }) => {
  const email = freshEmail('declined')
  const datetime = await startBarista(page, email, 'Dana Declined', TEST_CARDS.declined)
  const delivery = deliveryRow(page, datetime)

  await reachFinalMoment(datetime)
  await expect(delivery).toContainText('Payment failed · €20', { timeout: LIVE_WITHIN_MS })
  await expect.poll(() => subjects(email)).toContainEqual(expect.stringMatching(/^Payment failed for your delivery of /))
  const failedMail = (await outbox(email)).find((mail) => mail.subject.startsWith('Payment failed'))
  expect(failedMail?.text).toContain('/account')

  await delivery.getByRole('button', { name: /^Use another card for the delivery on / }).click()
  const method = card(page, 'Payment method')
  await fillCard(method, TEST_CARDS.visa)
  await method.getByRole('button', { name: 'Save payment method' }).click()
  await expect(method).toContainText('Visa •••• 4242')
  await expect(delivery).toContainText('Paid · €20', { timeout: LIVE_WITHIN_MS })
  const charges = await chargesOf(accountIdFor(email), datetime.slice(0, 10))
  expect(charges.filter((charge) => charge.status === 'succeeded')).toEqual([{ status: 'succeeded', amount: 2000 }])
  expect(errors.list).toEqual([])
})

test('a card that needs 3-D Secure: the bank’s check when saving, and again for the charge, completed from /account', async ({ page, errors }) => {
  const email = freshEmail('sca')
  const datetime = await startBarista(page, email, 'Sam Secure', TEST_CARDS.authentication, true)
  const delivery = deliveryRow(page, datetime)

  await reachFinalMoment(datetime)
  await expect(delivery).toContainText('Your bank needs you to confirm · €20', { timeout: LIVE_WITHIN_MS })
  await expect.poll(() => subjects(email)).toContainEqual(expect.stringMatching(/^Your bank needs you to confirm the payment for /))

  await delivery.getByRole('button', { name: /^Confirm with your bank the payment for the delivery on / }).click()
  await answerBankCheck(page)
  await expect(delivery).toContainText('Paid · €20', { timeout: LIVE_WITHIN_MS })
  expect(await chargesOf(accountIdFor(email), datetime.slice(0, 10))).toEqual([{ status: 'succeeded', amount: 2000 }])
  expect(errors.list).toEqual([])
})
