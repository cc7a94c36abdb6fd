/**
 * A gift end to end: a customer gives three Barista deliveries on /account, paid at once; on its
 * start date the recipient is e-mailed, signs in, starts it, and sees three deliveries "Paid by your
 * gift". The backend's clock moves past the first one's final moment: it is paid by the gift with no
 * charge, on the roastery's board to roast and send, and the giver sees it delivered.
 * The giver's card and the recipient's address are set over the API with their own sessions.
 */
import { mailMatching } from '../support/backend'
import { card } from '../support/cards'
import { customerApi } from '../support/customer-api'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, signIn, test } from '../support/fixtures'
import { dayRegionName } from '../support/roastery-days'
import { advanceClock, advanceClockTo, chargesOf, clockNow, saveCard, signInAgain } from '../support/payments'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'
import { PLANS } from '../../retter/dependencies/BeanBloomSubscription/plans'

const BARISTA = PLANS.find((p) => p.id === 'barista')!
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`

test('a 3-delivery gift: paid once, told on its start date, started by the recipient, the first delivery paid by it and on the board', async ({ page, browser, errors }) => {
  const giver = freshEmail('giver')
  const recipient = freshEmail('recipient')
  const giverApi = await customerApi(giver)
  await saveCard(giverApi.call)
  await signInAgain(page, giver)
  await page.goto('/account')

  // The giver fills the form: the whole price shows before paying.
  const gifts = card(page, 'Give coffee')
  await gifts.locator('summary').click()
  const form = gifts.getByRole('form', { name: 'Give coffee' })
  await form.getByLabel('Plan').selectOption('barista')
  await form.getByLabel('Deliveries').selectOption('3')
  await form.getByLabel('Their e-mail address').fill(recipient)
  await form.getByLabel('Your message (optional)').fill('Happy birthday!')
  const today = (await clockNow()).now.slice(0, 10)
  await form.getByLabel('We tell them on').fill(today)
  await expect(form.getByText(`Total: ${euros(3 * BARISTA.amount)} (3 × ${euros(BARISTA.amount)})`)).toBeVisible()
  await form.getByRole('button', { name: `Pay ${euros(3 * BARISTA.amount)} and give` }).click()
  await expect(page.getByText(new RegExp(`^Paid\\. We e-mail ${recipient.replace(/[.+]/g, '\\$&')} on `))).toBeVisible()
  const given = gifts.getByRole('listitem').filter({ hasText: recipient })
  await expect(given).toContainText('Barista, 3 deliveries for')
  await mailMatching(giver, /^Your gift for .+ is paid$/)

  // On its start date, the recipient hears of it.
  await advanceClockTo(`${today}T08:01:00.000Z`)
  // Already past that hour: the hand-over is due now, and runs as the clock moves on.
  await advanceClock(60)
  const told = await mailMatching(recipient, /gave you coffee$/)
  expect(told.text).toContain('Happy birthday!')
  await expect(given).toContainText('not started yet')

  // The recipient signs in, gives an address (over the API) and starts the gift.
  const recipientApi = await customerApi(recipient)
  expect((await recipientApi.call('setDeliveryAddress', { name: 'Rita Gift', line1: 'Ringstraße 1', city: 'Wien', postalCode: '1010', country: 'AT' })).status).toBe(200)
  const context = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  const theirs = await context.newPage()
  await signInAgain(theirs, recipient)
  await theirs.goto('/account')
  const offer = card(theirs, 'A gift for you')
  await expect(offer).toContainText(`${giver} gave you 3 deliveries of Barista, already paid.`)
  await expect(offer).toContainText('“Happy birthday!”')
  await offer.getByRole('button', { name: 'Start my gift' }).click()
  await expect(theirs.getByText('Your gift is on: your first delivery is on its way to the roaster.')).toBeVisible()
  await expect(theirs.getByText(`Gift from ${giver}: 3 deliveries of 3 left.`)).toBeVisible()
  const rows = card(theirs, 'Upcoming deliveries').getByRole('list').getByRole('listitem')
  await expect(rows).toHaveCount(6)
  await expect(rows.filter({ hasText: 'Paid by your gift' })).toHaveCount(3)
  const first = (await rows.first().getAttribute('id'))!.replace('delivery-', '')

  // The giver's receipt: the VAT of Austria, where the coffee goes.
  const receipt = await mailMatching(giver, /^Receipt R-\d{6} for your gift to /)
  expect(receipt.text).toContain('VAT 10% (AT)')

  // Past the first delivery's final moment: paid by the gift, never charged, on the board to roast and send.
  await advanceClockTo(new Date(finalMomentMs(`${first}T00:00:00.000Z`) + 60 * 60 * 1000).toISOString())
  expect(await chargesOf(recipientApi.accountId, first)).toEqual([])
  const staffContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  const staff = await staffContext.newPage()
  await signIn(staff, E2E_STAFF_EMAIL)
  await staff.goto('/roastery')
  const board = staff.getByRole('region', { name: dayRegionName(first) })
  await expect(board.getByRole('row', { name: /Rita Gift/ })).toBeVisible()
  await staffContext.close()
  await context.close()

  // The giver sees it delivered. The session may have run out while the clock moved days on: then sign in again.
  await page.goto('/account')
  const giftsAgain = card(page, 'Give coffee')
  await expect(giftsAgain.or(page.getByLabel('Email address'))).toBeVisible()
  if (!(await giftsAgain.isVisible())) {
    await signInAgain(page, giver)
    await page.goto('/account')
  }
  await expect(card(page, 'Give coffee').getByRole('listitem').filter({ hasText: recipient })).toContainText('Started: 1 of 3 delivered')
  expect(errors.list).toEqual([])
})
