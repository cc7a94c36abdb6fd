import { render, screen, within } from '@testing-library/react'
import fc from 'fast-check'
import { AccountCard } from '@/components/account/AccountCard'
import type { AccountView } from '@/lib/contract'

const BASE: AccountView = {
  email: 'jane@example.com',
  plan: 'filter',
  status: 'active',
  memberSince: '2026-03-05T10:15:00.000Z',
  lastSignInAt: '2026-04-01T08:00:00.000Z',
  history: [],
}

function cardText(account: AccountView): string {
  const { unmount } = render(<AccountCard account={account} locale="en-US" />)
  const text = screen.getByRole('region', { name: 'Sign-in' }).textContent ?? ''
  unmount()
  return text
}

test('the sign-in card shows the customer’s dates and nothing internal the state carries', () => {
  const account = {
    ...BASE,
    paymentMethod: { type: 'card', brand: 'visa', last4: '3155', expMonth: 4, expYear: 2030, savedAt: '2026-03-05T10:15:00.000Z' },
    payments: [
      {
        date: '2026-11-30T00:00:00.000Z', deliveryId: 'acct_3f9c2a:2026-11-30', plan: 'filter', amountCents: 1100, currency: 'eur',
        status: 'paid', attempts: 1, paymentIntentId: 'pi_3NkQ2x', updatedAt: '2026-11-29T00:00:01.000Z',
        receipt: { number: 'BB-2026-000012', totalCents: 1100, lines: [{ description: 'Filter', amountCents: 1100 }] },
      },
    ],
    stripeCustomerId: 'cus_Q1w2e3',
    chargeFor: '2026-12-07T00:00:00.000Z',
    loyaltyTier: 'gold',
  } as unknown as AccountView
  render(<AccountCard account={account} locale="en-US" />)
  const card = screen.getByRole('region', { name: 'Sign-in' })
  expect(card).toHaveTextContent('Member since')
  expect(card).toHaveTextContent('Thu 5 Mar 2026')
  expect(card).toHaveTextContent('Last sign-in')
  const text = card.textContent ?? ''
  for (const internal of ['3155', '2,030', '2030', 'acct_', 'pi_', 'cus_', 'Amount cents', 'Currency', 'eur', 'Payment intent', 'Delivery ID', 'BB-2026', 'Loyalty', 'gold', 'Last4', 'Exp year']) {
    expect(text).not.toContain(internal)
  }
  // Two labelled rows, nothing more.
  expect(within(card).getAllByRole('term')).toHaveLength(2)
})

const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('pi_3NkQ2x', 'acct_3f9c2a:2026-11-30', 'cus_Q1w2e3', '2026-11-30T00:00:00.000Z'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), tie('value'), { maxKeys: 3 }),
  ),
})).value

test('whatever fields the state gains, the card reads the same (property)', () => {
  const plain = cardText(BASE)
  const known = new Set(Object.keys(BASE).concat(['memberSince', 'lastSignInAt']))
  const extraKey = fc.oneof(
    fc.constantFrom('amountCents', 'paymentIntentId', 'deliveryId', 'payments', 'paymentMethod', 'receipt', 'stripeCustomerId'),
    fc.string({ minLength: 1, maxLength: 16 }),
  ).filter((key) => !known.has(key) && key !== '__proto__')
  fc.assert(
    fc.property(fc.dictionary(extraKey, json, { minKeys: 1, maxKeys: 5 }), (extra) => {
      expect(cardText({ ...BASE, ...extra } as AccountView)).toBe(plain)
    }),
    { numRuns: 60 },
  )
})
