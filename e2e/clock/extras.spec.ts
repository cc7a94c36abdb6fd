/**
 * Something extra with one delivery, end to end: a customer moves their delivery day to Friday on
 * /account, adds another bag of their coffee to the next delivery that may still change, sees it in
 * that delivery's row with its price; the backend's clock moves to the delivery's final moment: one
 * charge for the coffee and the bag, and the receipt (e-mail and printable page) has a line for
 * each, with its VAT. The roastery's packing list says to pack the bag with it.
 * The customer's address, card and start are set over the API with their own session.
 */
import { mailMatching } from '../support/backend'
import { card } from '../support/cards'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, signIn, test } from '../support/fixtures'
import { dayRegionName } from '../support/roastery-days'
import { advanceClockTo, baristaByApi, chargesOf, signInAgain } from '../support/payments'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'
import { SEED_EXTRAS } from '../../retter/dependencies/BeanBloomSubscription/extras'
import { PLANS } from '../../retter/dependencies/BeanBloomSubscription/plans'

const BAG = SEED_EXTRAS.find((e) => e.id === 'extra-bag')!
const BARISTA = PLANS.find((p) => p.id === 'barista')!
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`

test('Friday deliveries, another bag with the next one: one charge, and the receipt has a line for the bag with its VAT', async ({ page, browser, errors }) => {
  const email = freshEmail('extras')
  const { api } = await baristaByApi(email, { name: 'Lena Extra', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  await signInAgain(page, email)
  await page.goto('/account')

  const upcoming = card(page, 'Upcoming deliveries')
  const rows = upcoming.getByRole('list').getByRole('listitem')
  await expect(rows).toHaveCount(6)
  const first = (await rows.first().getAttribute('id'))!.replace('delivery-', '')
  const [target, name] = new Date(`${first}T00:00:00Z`).getUTCDay() === 5 ? ['thursday', 'Thursday'] : ['friday', 'Friday']
  await upcoming.getByRole('combobox', { name: 'Delivery day' }).selectOption(target)
  await upcoming.getByRole('button', { name: 'Change day' }).click()
  await expect(page.getByText(`Your deliveries now arrive on ${name}.`)).toBeVisible()

  const weekday = target === 'friday' ? 5 : 4
  const listed = () => rows.evaluateAll((items) => items.map((item) => item.id.replace('delivery-', '')))
  await expect.poll(async () => (await listed()).slice(1).map((d) => new Date(`${d}T00:00:00Z`).getUTCDay())).toEqual(Array(5).fill(weekday))
  // The first delivery on the new day that may still change: the form's first choice.
  await upcoming.getByText('Something extra with a delivery', { exact: true }).click()
  const form = upcoming.getByRole('form', { name: 'Something extra with a delivery' })
  const day = (await form.getByRole('combobox', { name: 'Which delivery' }).inputValue()).slice(0, 10)
  expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(weekday)
  const row = page.locator(`#delivery-${day}`)
  await form.getByRole('combobox', { name: /^Something extra for the delivery of / }).selectOption(BAG.id)
  await form.getByRole('button', { name: /^Add Another bag of this coffee to the delivery of / }).click()
  await expect(page.getByText(/^1 × Another bag of this coffee added to your delivery of .+: charged with it\.$/)).toBeVisible()
  await expect(row.getByText(`1 × Another bag of this coffee: ${euros(BAG.amountCents)}`)).toBeVisible()
  await expect(row.getByText(new RegExp(`^${euros(BARISTA.amount + BAG.amountCents).replace('.', '\\.')}, charged on `))).toBeVisible()

  // Its final moment: one PaymentIntent for the coffee and the bag; the receipt has a line for each.
  await advanceClockTo(new Date(finalMomentMs(`${day}T00:00:00.000Z`) + 60 * 60 * 1000).toISOString())
  await expect.poll(async () => chargesOf(api.accountId, day)).toEqual([{ status: 'succeeded', amount: BARISTA.amount + BAG.amountCents }])
  const receiptMail = await mailMatching(email, /^Your receipt R-\d{6} for your delivery of /)
  const receiptNumber = /R-\d{6}/.exec(receiptMail.subject)?.[0] as string
  expect(receiptMail.text).toContain(`Extra: 1 × Another bag of this coffee: ${euros(BAG.amountCents)}, VAT 7%`)
  expect(receiptMail.text).toContain(`Price (VAT included): ${euros(BARISTA.amount + BAG.amountCents)}`)

  // The roastery packs the bag with it.
  const staffContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  const staff = await staffContext.newPage()
  await signIn(staff, E2E_STAFF_EMAIL)
  await staff.goto('/roastery')
  const board = staff.getByRole('region', { name: dayRegionName(day) })
  await expect(board.getByRole('row', { name: /Lena Extra/ }).getByText('Pack with it: 1 × Another bag of this coffee')).toBeVisible()
  await staffContext.close()

  // The receipt's printable page, for the customer.
  await page.goto(`/account/receipts/${receiptNumber}`)
  const heading = page.getByRole('heading', { name: `Receipt ${receiptNumber}` })
  // The session may have run out while the backend's clock moved days on: then sign in again.
  await expect(heading.or(page.getByLabel('Email address'))).toBeVisible()
  if (!(await heading.isVisible())) {
    await signInAgain(page, email)
    await page.goto(`/account/receipts/${receiptNumber}`)
  }
  await expect(heading).toBeVisible()
  const valueOf = (term: string) => page.getByText(term, { exact: true }).locator('xpath=following-sibling::dd')
  await expect(valueOf('Extra')).toHaveText(`1 × Another bag of this coffee: ${euros(BAG.amountCents)}, VAT 7%`)
  await expect(valueOf('Price (VAT included)')).toHaveText(euros(BARISTA.amount + BAG.amountCents))
  expect(errors.list).toEqual([])
})
