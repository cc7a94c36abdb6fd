/**
 * Customer service, end to end: a customer starts Barista and skips a delivery on /account; their
 * first delivery is charged and shipped, and "never arrives". Support, a member the owner added,
 * finds them by postal code on /roastery, changes their address with a reason and sends a free
 * replacement, which the board shows as its own free line. The customer's /account timeline shows
 * both as the shop's, with the reasons, and both e-mails are in their inbox. Finance, another
 * member, opens the month's report and downloads its CSV.
 */
import { readFileSync } from 'node:fs'
import { outbox } from '../support/backend'
import { card } from '../support/cards'
import { E2E_STAFF_EMAIL } from '../support/env'
import { expect, freshEmail, test } from '../support/fixtures'
import { advanceClockTo, baristaByApi, clockNow, signInAgain } from '../support/payments'
import { dayRegionName } from '../support/roastery-days'
import { staffPage } from '../support/staff'
import { finalMomentMs } from '../../retter/dependencies/BeanBloomSubscription/payments'

const DAY_MS = 24 * 60 * 60 * 1000
const LIVE_WITHIN_MS = 5000
const BY_SHOP = 'Our customer service made this change for you, at your request.'

test('support finds a customer by postal code, changes their address and sends a replacement; the customer sees both; finance downloads the report', async ({ page, browser, errors }) => {
  // Four sign-ins, the code's resend wait, and a delivery shipped with its undo time.
  test.setTimeout(300_000)
  const stamp = Date.now().toString(36)
  const email = freshEmail('service')
  const name = `Sam Service ${stamp}`
  // A German postal code no other journey gives.
  const postalCode = String(10_000 + (Date.now() % 89_999)).padStart(5, '0')
  const date = new Date((await clockNow()).nowMs + 2 * DAY_MS).toISOString().slice(0, 10)
  await baristaByApi(email, { name, line1: 'Torstraße 1', city: 'Berlin', postalCode, country: 'DE' })

  // The owner adds a support member and a finance member.
  const owner = await staffPage(browser, E2E_STAFF_EMAIL)
  const support = freshEmail('support')
  const finance = freshEmail('finance')
  const staff = owner.page.getByRole('region', { name: 'Staff' })
  const adding = staff.getByRole('form', { name: 'Add a member' })
  for (const [member, role] of [[support, 'Support'], [finance, 'Finance']] as const) {
    await adding.getByLabel('E-mail address').fill(member)
    // The form keeps the last member's roles: each member gets exactly one.
    for (const other of ['Roaster', 'Support', 'Finance']) await adding.getByLabel(other, { exact: true }).uncheck()
    await adding.getByLabel(role, { exact: true }).check()
    await adding.getByRole('button', { name: 'Add member' }).click()
    await expect(staff.getByText(`${member} is on the staff now.`)).toBeVisible()
  }

  // The customer skips their second delivery on /account.
  await signInAgain(page, email)
  const upcoming = card(page, 'Upcoming deliveries').getByRole('listitem')
  const second = upcoming.filter({ hasNot: page.locator(`time[datetime="${date}T00:00:00.000Z"]`) }).first()
  await second.getByRole('button', { name: /^Skip the delivery on / }).click()
  await expect(second).toContainText('Skipped')

  // The first delivery is charged at its final moment and shipped from the board.
  await advanceClockTo(new Date(finalMomentMs(`${date}T00:00:00.000Z`) + 60_000).toISOString())
  const row = owner.page.getByRole('region', { name: dayRegionName(date) }).getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Paid', { timeout: LIVE_WITHIN_MS })
  await row.getByRole('button', { name: `Mark shipped: ${name}` }).click()
  await expect(row).toContainText(/Shipped \d{1,2}:\d{2}/, { timeout: 15_000 })

  // Support finds the customer by postal code, as they type.
  const sue = await staffPage(browser, support)
  const customers = sue.page.getByRole('region', { name: 'Customers' })
  await customers.getByRole('searchbox', { name: 'Find a customer' }).fill(postalCode)
  await customers.getByRole('button', { name: `Open ${email}` }).click()
  const panel = customers.getByRole('region', { name })
  await expect(panel).toContainText('Visa •••• 4242')
  const reason = panel.getByRole('textbox', { name: /Reason/ })

  // The new address, with the customer's reason.
  await reason.fill('Moved to Kastanienallee, told us by phone')
  await panel.getByText('Change address', { exact: true }).click()
  await panel.getByLabel('Street and number').fill('Kastanienallee 7')
  await panel.getByRole('button', { name: 'Save address' }).click()
  await expect(panel.getByText('Done. The customer gets an e-mail about it.')).toBeVisible()
  await expect(panel).toContainText(`${name}, Kastanienallee 7, ${postalCode} Berlin, DE`)

  // A free replacement for the delivery that never came.
  await reason.fill('Parcel lost by the carrier')
  await panel.getByRole('button', { name: /^Send a free replacement for the delivery of / }).click()
  await expect(panel).toContainText(/replacement leaves on /)
  // On the board as its own free line, to the new address.
  const replacement = owner.page.getByRole('row', { name: new RegExp(name) }).filter({ hasText: 'Free replacement' })
  await expect(replacement).toContainText('Replacement for the delivery of', { timeout: LIVE_WITHIN_MS })
  await expect(replacement).toContainText('Kastanienallee 7')

  // The customer's timeline says what the shop did and why; the e-mails say it too.
  await page.reload()
  const history = page.getByRole('region', { name: 'History' })
  await expect(history).toContainText('Free replacement for the delivery of')
  await expect(history).toContainText('By our customer service, at your request: Parcel lost by the carrier')
  await expect(history).toContainText('Changed the delivery address')
  await expect(history).toContainText('By our customer service, at your request: Moved to Kastanienallee, told us by phone')
  await expect.poll(async () => (await outbox(email)).filter((m) => m.text.includes(BY_SHOP)).map((m) => m.subject)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^A replacement for your delivery of /), expect.stringMatching(/address/i)]),
  )

  // Finance opens the month's report and downloads it.
  const fin = await staffPage(browser, finance)
  const reports = fin.page.getByRole('region', { name: 'Reports' })
  await expect(reports.getByText('Monthly recurring revenue')).toBeVisible()
  const [download] = await Promise.all([
    fin.page.waitForEvent('download'),
    reports.getByRole('button', { name: 'Download figures (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}\.csv$/)
  expect(readFileSync(await download.path(), 'utf8')).toContain('MRR (cents)')
  // Finance finds no customer search (support's and owners').
  await expect(fin.page.getByRole('searchbox', { name: 'Find a customer' })).toHaveCount(0)

  expect(errors.list).toEqual([])
  await Promise.all([owner.context.close(), sue.context.close(), fin.context.close()])
})
