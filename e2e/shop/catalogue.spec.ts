/**
 * The chain runs its shop without a developer. The bootstrap owner adds a roaster and a support
 * member on `/roastery`; adds a coffee and gives the Taster a new description with that coffee as
 * its coffee of the moment, and `/`'s prerendered HTML shows both within a minute (no deploy, no
 * rebuild); raises Barista's price. An existing Barista subscriber is e-mailed the old and new price
 * and the day, reads both on `/account`, and is charged the old price until that day and the new
 * one from it (its receipt says so); a new subscriber pays the new price at once. The roaster sees neither the staff nor
 * the catalogue; the support member, removed, is told at their next load, with the session they
 * still hold, that the roastery is closed to them.
 *
 * It changes the shop every other journey reads and moves the test clock five weeks on, so it runs
 * last (the `shop` project).
 */
import { customerDate, shortDate } from '../../retter/dependencies/BeanBloomSubscription/dates'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'
import { mailMatching, outbox } from '../support/backend'
import { E2E_ENV, E2E_STAFF_EMAIL, requireEnv } from '../support/env'
import { expect, freshEmail, test } from '../support/fixtures'
import { advanceClockTo, baristaByApi, chargesOf, clockNow, signInAgain } from '../support/payments'
import { card } from '../support/cards'
import { staffPage } from '../support/staff'

const DAY_MS = 86_400_000
const HOME = { name: 'Sam Pricewatch', line1: 'Keizersgracht 12', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' }
/** How long `/` may show the catalogue as it was: it is rebuilt at most once a minute, in the background. */
const PLANS_PAGE_WAIT_MS = 90_000

/** The ISO day (midnight UTC) among the next `days` from `fromMs` that `customerDate` writes as `written`. */
function dayWritten(written: string, fromMs: number, days = 90): string {
  for (let i = 0; i < days; i++) {
    const iso = new Date(Math.floor(fromMs / DAY_MS) * DAY_MS + i * DAY_MS).toISOString()
    if (customerDate(iso) === written) return iso.slice(0, 10)
  }
  throw new Error(`No day in the next ${days} reads "${written}".`)
}

test('an owner adds staff, edits the catalogue and raises a price; subscribers are told and charged as announced', async ({ page, browser, errors }) => {
  // Four sign-ins, a minute of waiting for `/`, and five weeks of deliveries charged on the test clock.
  test.setTimeout(480_000)
  const tag = Date.now().toString(36)
  const roaster = freshEmail('roaster')
  const support = freshEmail('support')

  const owner = await staffPage(browser, E2E_STAFF_EMAIL)
  const staff = owner.page.getByRole('region', { name: 'Staff' })
  const adding = staff.getByRole('form', { name: 'Add a member' })
  await adding.getByLabel('E-mail address').fill(roaster)
  await adding.getByRole('button', { name: 'Add member' }).click()
  await expect(staff.getByText(`${roaster} is on the staff now.`)).toBeVisible()
  await adding.getByLabel('E-mail address').fill(support)
  await adding.getByLabel('Roaster', { exact: true }).uncheck()
  await adding.getByLabel('Support', { exact: true }).check()
  await adding.getByRole('button', { name: 'Add member' }).click()
  await expect(staff.getByText(`${support} is on the staff now.`)).toBeVisible()
  await expect(staff.getByRole('checkbox', { name: `Support for ${support}` })).toBeChecked()
  await expect(staff.getByRole('checkbox', { name: `Roaster for ${support}` })).not.toBeChecked()

  // A coffee, and the Taster's new words with that coffee of the moment.
  const catalogue = owner.page.getByRole('region', { name: 'Catalogue' })
  const coffeeName = `Kiambu AA ${tag}`
  const description = `Single origins our roasters pick each month, lighter and brighter (${tag}).`
  await catalogue.getByRole('button', { name: 'New coffee' }).click()
  const coffee = catalogue.getByRole('form', { name: 'A new coffee' })
  await coffee.getByLabel(/^Id/).fill(`kiambu-${tag}`)
  await coffee.getByLabel('Name', { exact: true }).fill(coffeeName)
  await coffee.getByLabel('Origin', { exact: true }).fill('Kiambu, Kenya')
  await coffee.getByRole('button', { name: 'Save the coffee' }).click()
  await expect(catalogue.getByText(`${coffeeName} is saved.`)).toBeVisible()
  await catalogue.getByRole('button', { name: 'Edit Taster' }).click()
  const taster = catalogue.getByRole('form', { name: 'Edit Taster' })
  await taster.getByLabel('Description', { exact: true }).first().fill(description)
  await taster.getByLabel('Coffee of the moment (roaster’s choice)').selectOption({ label: coffeeName })
  await taster.getByRole('button', { name: 'Save the plan' }).click()
  await expect(catalogue.getByText('Taster is saved: the plans page shows the change within a minute.')).toBeVisible()
  const savedAt = Date.now()

  // An existing Barista subscriber, before the price changes.
  const sam = freshEmail('price-existing')
  const { api: samApi } = await baristaByApi(sam, HOME)

  // Barista from €20.00 to €22.00.
  await catalogue.getByRole('button', { name: 'Change the price of Barista' }).click()
  const price = catalogue.getByRole('form', { name: 'A new price for Barista' })
  await price.getByLabel('New price per delivery (EUR)').fill('22.00')
  await price.getByRole('button', { name: 'Change price' }).click()
  await expect(catalogue.getByText(/^Barista now costs €22\.00 for new subscribers; existing subscribers pay it from their first delivery on or after /)).toBeVisible()
  const changedAt = (await clockNow()).nowMs

  // Sam is told, once, in the e-mail the notice sends: old and new price, and his first delivery at the new one.
  const notice = await mailMatching(sam, /^The price of Barista changes from /)
  const newPriceDay = dayWritten(notice.subject.replace('The price of Barista changes from ', ''), changedAt)
  expect(notice.text).toContain(`From your delivery of ${customerDate(newPriceDay)}, Barista costs €22.00 a delivery instead of €20.00.`)
  expect(notice.text).toMatch(/switch to another plan, pause or cancel on your account page/)
  // At least the notice period (30 days) after the change, and no more than a week beyond it.
  expect(finalMomentMs(`${newPriceDay}T00:00:00.000Z`) - changedAt).toBeGreaterThanOrEqual(30 * DAY_MS)
  expect(finalMomentMs(`${newPriceDay}T00:00:00.000Z`) - changedAt).toBeLessThan(37 * DAY_MS)

  // A new subscriber chooses Barista after the change: no notice, the new price.
  const ana = freshEmail('price-new')
  const anaApi = (await baristaByApi(ana, { ...HOME, name: 'Ana Newcomer' })).api
  expect((await outbox(ana)).some((m) => m.subject.startsWith('The price of'))).toBe(false)

  // `/` (prerendered, its HTML) shows the Taster's new words and coffee within a minute of the save.
  await expect.poll(async () => {
    const html = await (await page.request.get('/')).text()
    return html.includes(description) && html.includes(coffeeName)
  }, { timeout: PLANS_PAGE_WAIT_MS, intervals: [2_000] }).toBe(true)
  const shownAfterMs = Date.now() - savedAt
  await test.info().attach('plans-page-shows-the-change-after.txt', { body: `${shownAfterMs} ms`, contentType: 'text/plain' })
  await page.goto('/')
  const tasterCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Taster' }) })
  await expect(tasterCard).toContainText(description)
  await expect(tasterCard).toContainText(coffeeName)

  // Sam's /account: the price he pays now, and the new one from the day the e-mail named.
  const samContext = await browser.newContext({ baseURL: requireEnv(E2E_ENV.baseUrl), ignoreHTTPSErrors: true, locale: 'en-US', timezoneId: 'UTC' })
  await samContext.clock.install({ time: (await clockNow()).nowMs })
  const samPage = await samContext.newPage()
  // A new code only once the one his API sign-in was sent is 30 s old.
  await signInAgain(samPage, sam)
  const samPlan = card(samPage, 'Plan and coffee')
  await expect(samPlan).toContainText('Barista · 2 bags (250 g) every week · €20.00 per delivery (€10.00 a bag)')
  await expect(samPlan.getByTestId('next-price')).toHaveText(`From your delivery of ${shortDate(`${newPriceDay}T00:00:00.000Z`, 'UTC')}: €22.00 per delivery (€11.00 a bag).`)
  await samContext.close()

  // The roaster sees the days, neither the staff nor the catalogue.
  const roasterPage = await staffPage(browser, roaster)
  await expect(roasterPage.page.getByRole('region', { name: /^(Today |Tomorrow )?\w{3} \d+ \w{3} \d{4}$/ }).first()).toBeVisible()
  await expect(roasterPage.page.getByRole('region', { name: 'Staff' })).toHaveCount(0)
  await expect(roasterPage.page.getByRole('region', { name: 'Catalogue' })).toHaveCount(0)
  await roasterPage.context.close()

  // The support member signs in and sees their desk; removed, they are refused with the session they hold.
  const supportPage = await staffPage(browser, support)
  await expect(supportPage.page.getByRole('region', { name: 'E-mails that could not be sent' })).toBeVisible()
  await staff.getByRole('button', { name: `Remove ${support} from the staff` }).click()
  await expect(staff.getByText(new RegExp(`${support.replace(/[.+]/g, '\\$&')} is no longer on the staff`))).toBeVisible()
  await supportPage.page.reload()
  await expect(supportPage.page.getByRole('region', { name: 'E-mails that could not be sent' })).toHaveCount(0)
  // At her next load the Shop gives her no role: the page says the roastery is closed to her and
  // opens no board (the classes would refuse her held session anyway: the class tests).
  await expect(supportPage.page.getByRole('alert').filter({ hasText: 'Your address is no longer on the shop’s staff, so the roastery is closed to you.' })).toBeVisible({ timeout: 30_000 })
  await expect(supportPage.page.getByRole('region', { name: /^(Today |Tomorrow )?\w{3} \d+ \w{3} \d{4}$/ })).toHaveCount(0)
  await supportPage.context.close()
  await owner.context.close()

  // The week before the new price: both at their price. From the day: Sam at the new one too.
  const weekBefore = new Date(Date.parse(`${newPriceDay}T00:00:00.000Z`) - 7 * DAY_MS).toISOString().slice(0, 10)
  await advanceClockTo(new Date(finalMomentMs(`${weekBefore}T00:00:00.000Z`) + 60 * 60 * 1000).toISOString())
  expect(await chargesOf(samApi.accountId, weekBefore)).toEqual([{ status: 'succeeded', amount: 2000 }])
  expect(await chargesOf(anaApi.accountId, weekBefore)).toEqual([{ status: 'succeeded', amount: 2200 }])
  await advanceClockTo(new Date(finalMomentMs(`${newPriceDay}T00:00:00.000Z`) + 60 * 60 * 1000).toISOString())
  expect(await chargesOf(samApi.accountId, newPriceDay)).toEqual([{ status: 'succeeded', amount: 2200 }])
  const receipt = await mailMatching(sam, new RegExp(`^Your receipt R-\\d{6} for your delivery of ${customerDate(newPriceDay)}$`))
  expect(receipt.text).toContain('Price (VAT included): €22.00')
  // Told once, however often the notice task ran over five weeks.
  expect((await outbox(sam)).filter((m) => m.subject.startsWith('The price of')).length).toBe(1)
  expect(errors.list).toEqual([])
})
