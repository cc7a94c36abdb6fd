/**
 * A customer shapes their deliveries on /account: they move their delivery day to Friday (the
 * delivery being packed keeps its day, the rest follow at the same rhythm, an e-mail says so), then
 * move one delivery to another day of its window while the ones after it keep theirs. axe checks the
 * controls; nothing reloads the page.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator } from '@playwright/test'
import { outbox } from './support/backend'
import { card } from './support/cards'
import { expect, fillStartDetails, freshEmail, pickPlanAndSignIn, test } from './support/fixtures'

/** The days of the upcoming deliveries as listed (ISO days), in order. */
async function listedDays(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.id.replace('delivery-', '')))
}

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()

test('delivery day to Friday, then one delivery moved inside its window', async ({ page, errors }) => {
  const email = freshEmail('day')
  const start = await pickPlanAndSignIn(page, email, 'Barista')
  await fillStartDetails(start)
  await start.getByRole('button', { name: 'Start Barista' }).click()
  await expect(page.getByTestId('current-plan-line')).toContainText('You’re on Barista')
  await page.getByTestId('current-plan-line').getByRole('link', { name: 'Manage your subscription' }).click()
  await expect(page).toHaveURL(/\/account$/)

  const upcoming = card(page, 'Upcoming deliveries')
  const list = upcoming.getByRole('list')
  await expect(list.getByRole('listitem')).toHaveCount(6)
  const before = await listedDays(list)
  // Friday, or Thursday for a subscription that already delivers on Fridays.
  const [target, name] = weekdayOf(before[0]!) === 5 ? ['thursday', 'Thursday'] : ['friday', 'Friday']
  await upcoming.getByRole('combobox', { name: 'Delivery day' }).selectOption(target)
  await upcoming.getByRole('button', { name: 'Change day' }).click()
  await expect(page.getByText(`Your deliveries now arrive on ${name}.`)).toBeVisible()
  await expect.poll(async () => (await listedDays(list)).slice(1).map(weekdayOf)).toEqual(Array(5).fill(target === 'friday' ? 5 : 4))
  const after = await listedDays(list)
  // A full week at least between the first delivery and the next; a week between the ones after.
  expect(Date.parse(after[1]!) - Date.parse(after[0]!)).toBeGreaterThanOrEqual(7 * 86_400_000)
  expect(after.slice(2).map((day, i) => Date.parse(day) - Date.parse(after[i + 1]!))).toEqual(Array(4).fill(7 * 86_400_000))
  await expect.poll(async () => (await outbox(email)).map((mail) => mail.subject)).toContain(`New delivery day: ${name}`)
  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  // One delivery to another day of its window: the last day before the next one.
  const third = list.getByRole('listitem').nth(2)
  const move = third.getByRole('combobox', { name: /^Move the delivery on / })
  const options = await move.locator('option').evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value).filter(Boolean))
  const to = options[options.length - 1]!
  await move.selectOption(to)
  await third.getByRole('button', { name: /^Move the delivery on .+ to / }).click()
  await expect(page.getByText(/ now arrives on /).first()).toBeVisible()
  await expect.poll(async () => listedDays(list)).toEqual([after[0], after[1], to.slice(0, 10), after[3], after[4], after[5]])
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Moved the delivery of')
  expect(errors.list).toEqual([])
})
