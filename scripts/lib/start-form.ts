/**
 * Filling the plan's start confirmation as a new customer does: the delivery address and, while no
 * payment method is saved, a card in localstripe's card form. The journeys and the Lighthouse
 * script's returning customer both start a plan this way.
 */
import type { Locator } from '@playwright/test'

/** Stripe's test cards (the same on localstripe). */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000341',
  authentication: '4000002500003155',
} as const

/** A delivery address the class accepts, typed into a start confirmation (the first plan needs one). */
export async function fillDeliveryAddress(dialog: Locator, address = { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' }): Promise<void> {
  await dialog.getByLabel('Full name').fill(address.name)
  await dialog.getByLabel('Street and number').fill(address.line1)
  await dialog.getByLabel('Postal code').fill(address.postalCode)
  await dialog.getByLabel('Town or city').fill(address.city)
  await dialog.getByLabel('Country').selectOption(address.country)
}

/** Types card `number` into the card form of `scope` (localstripe's Stripe.js fields, found by their placeholders). */
export async function fillCard(scope: Locator, number: string = TEST_CARDS.visa, groupName = 'Card details'): Promise<void> {
  const group = scope.getByRole('group', { name: groupName })
  await group.getByPlaceholder('number', { exact: true }).fill(number)
  await group.getByPlaceholder('exp_month', { exact: true }).fill('12')
  await group.getByPlaceholder('exp_year', { exact: true }).fill(String((new Date().getUTCFullYear() + 3) % 100))
  await group.getByPlaceholder('cvc', { exact: true }).fill('123')
  const postal = group.getByPlaceholder('postal_code', { exact: true })
  if (await postal.isVisible()) await postal.fill('10115')
}

/**
 * What a start confirmation asks of a customer without them yet: the delivery address, and a card
 * (Stripe's test card that pays) when no payment method is saved.
 */
export async function fillStartDetails(dialog: Locator, address?: Parameters<typeof fillDeliveryAddress>[1]): Promise<void> {
  await fillDeliveryAddress(dialog, address)
  if (await dialog.getByRole('group', { name: 'Card details' }).count()) await fillCard(dialog)
}
