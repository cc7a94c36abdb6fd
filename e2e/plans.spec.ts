/** A visitor opens `/` and sees the plans in ascending sortOrder with formatted prices, and no error. */
import type { SubscriptionPlan } from '../lib/contract'
import { fetchPlans } from './support/backend'
import { expect, test } from './support/fixtures'
import { capture } from './support/screens'

/** The ways Intl.NumberFormat may legitimately print the price in en-US (with or without cents). */
function priceTexts(plan: SubscriptionPlan): string[] {
  const value = plan.amount / 100
  const base = { style: 'currency', currency: plan.currency } as const
  return [
    new Intl.NumberFormat('en-US', base).format(value),
    new Intl.NumberFormat('en-US', { ...base, minimumFractionDigits: 0 }).format(value),
  ]
}

test('a visitor sees every plan in ascending sortOrder with formatted prices, and no error', async ({ page, errors }) => {
  const plans = await fetchPlans()
  expect(plans.length, 'the backend serves plans').toBeGreaterThan(1)
  const expected = [...plans].sort((a, b) => a.sortOrder - b.sortOrder)

  await page.goto('/')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(expected.length)

  for (const [index, plan] of expected.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading', { name: plan.name })).toBeVisible()
    const text = await card.innerText()
    expect(priceTexts(plan).some((price) => text.includes(price)), `"${plan.name}" shows ${priceTexts(plan)[0]} in:\n${text}`).toBe(true)
    expect(text).toMatch(new RegExp(plan.interval, 'i'))
    for (const feature of plan.features) await expect(card.getByText(feature, { exact: true })).toBeVisible()
    // Visitors are invited to start (through sign-in, carrying the plan), never offered a button that acts.
    await expect(card.getByRole('link', { name: `Start with ${plan.name}` })).toBeVisible()
    await expect(card.getByRole('button')).toHaveCount(0)
    if (plan.recommended) await expect(card.getByText('Recommended')).toBeVisible()
  }
  expect(expected.filter((plan) => plan.recommended).length).toBeLessThanOrEqual(1)

  // Next's route announcer is an empty role=alert: only alerts that say something count.
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0)
  await capture(page, 'home-visitor')
  expect(errors.list).toEqual([])
})

test('an unknown address shows a real 404 page with a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  // In the page body, not the header's links (which every page has).
  const body = page.getByRole('main')
  await expect(body.getByRole('heading', { name: 'This cup is empty', level: 1 })).toBeVisible()
  await expect(body.getByRole('link', { name: 'See our plans' })).toHaveAttribute('href', '/')
  await capture(page, 'not-found')
})
