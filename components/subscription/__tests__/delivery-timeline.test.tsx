/**
 * One delivery, one story: the pages and the terms say what the delivery timeline model
 * (BeanBloomSubscription's timeline.ts) says about when a delivery becomes final and is charged, is
 * roasted and sent, and arrives. The e-mails' side is retter/classes/Account/mail/subscription-emails.test.ts.
 */
import { createRef } from 'react'
import { render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { customerDate, shortDate } from '@retter-shared/BeanBloomSubscription/dates'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { DAY_MS, pause, start, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { chargeMomentText, chargeRuleText, changeReachText, changeRuleText, deliveryTimeline, timelineText } from '@retter-shared/BeanBloomSubscription/timeline'
import { Terms } from '@/components/legal/Terms'
import { operatorFrom } from '@/lib/legal/operator'
import { chargeDayText } from '@/lib/payments/words'
import { PaymentMethodCard } from '@/components/account/PaymentMethodCard'
import { PauseAndCancel } from '@/components/subscription/PauseAndCancel'
import type { ChangeRunner } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'

const weekly = PLANS.find((p) => p.delivery === 'weekly')!
const MONDAY = '2026-12-07T00:00:00.000Z'

function subscribedAt(nowMs: number): SubscriptionFields {
  const started = start({ plan: null, status: 'none', history: [] }, weekly.id, weekly.delivery, nowMs)
  if (!started.ok) throw new Error(started.message)
  return started.sub
}

afterEach(() => jest.restoreAllMocks())

const idleRunner: ChangeRunner = { run: async () => true, confirm: async () => undefined, busy: null, error: null, clearError: () => undefined }

test('the delivery of Mon 7 Dec: changeable until the end of Sat 5 Dec, final and charged at the start of Sun 6 Dec, roasted and sent that day, arrives Mon 7 Dec', () => {
  const t = deliveryTimeline(MONDAY)
  expect(t).toEqual({
    lastChangeDay: '2026-12-05T00:00:00.000Z',
    finalAt: '2026-12-06T00:00:00.000Z',
    chargeDay: '2026-12-06T00:00:00.000Z',
    roastDay: '2026-12-06T00:00:00.000Z',
    shipDay: '2026-12-06T00:00:00.000Z',
    arrivalDay: MONDAY,
  })
  expect(timelineText(MONDAY, customerDate)).toBe(
    'You can change it until the end of Saturday 5 December 2026. It is charged, roasted and sent on Sunday 6 December 2026 and arrives on Monday 7 December 2026.',
  )
})

test('the pages and the terms tell the model’s story of the delivery of Mon 7 Dec', () => {
  const t = deliveryTimeline(MONDAY)
  // /account: the charge day of each upcoming delivery.
  expect(chargeDayText(MONDAY)).toBe(shortDate(t.chargeDay))
  // The terms.
  render(<Terms operator={operatorFrom({})} />)
  expect(document.body).toHaveTextContent(`Each delivery is charged once, to the card or SEPA Direct Debit mandate you saved, ${chargeMomentText()}.`)
  expect(document.body).toHaveTextContent(changeRuleText())
  expect(document.body.textContent).not.toMatch(/dispatched|due within two days/)
})

test('the payment card without a method states the charge rule of the model', () => {
  const account: AccountView = { email: 'sam@example.com', memberSince: '2026-11-01T09:00:00.000Z', lastSignInAt: '2026-11-28T09:00:00.000Z', plan: null, status: 'none', history: [] }
  render(<PaymentMethodCard account={account} />)
  expect(screen.getByRole('region', { name: 'Payment method' })).toHaveTextContent(chargeRuleText())
  expect(screen.getByRole('region', { name: 'Payment method' }).textContent).not.toMatch(/before it is roasted/)
})

test('the pause hint on Sat 28 Nov names Mon 30 Nov, the first delivery a pause made then skips', () => {
  const now = Date.parse('2026-11-28T09:00:00Z')
  const sub = subscribedAt(Date.parse('2026-11-14T09:00:00Z'))
  expect(sub.upcomingDeliveries?.map((d) => d.date)).toContain('2026-11-30T00:00:00.000Z')
  jest.spyOn(Date, 'now').mockReturnValue(now)
  render(<PauseAndCancel subscription={sub} planName={weekly.name} changes={idleRunner} summary={createRef()} />)
  const card = screen.getByRole('region', { name: 'Pause or cancel' })
  expect(card).toHaveTextContent('Changes made now reach deliveries arriving from Mon 30 Nov 2026; earlier ones are already being roasted and sent.')
  expect(card.textContent).not.toMatch(/next two days/)
  const paused = pause(sub, 1, now)
  if (!paused.ok) throw new Error(paused.message)
  expect(paused.sub.skipped?.[0]).toBe('2026-11-30T00:00:00.000Z')
})

// Any moment between 2020 and 2040.
const anyMoment = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })

test('at any moment the pause hint names the first day a pause made then skips from (property)', () => {
  fc.assert(fc.property(anyMoment, fc.integer({ min: 1, max: 8 }), (nowMs, weeks) => {
    const sub = subscribedAt(nowMs - 7 * DAY_MS)
    const paused = pause(sub, weeks, nowMs)
    if (!paused.ok) throw new Error(paused.message)
    expect(changeReachText(nowMs, shortDate)).toContain(`from ${shortDate(paused.sub.pausedFrom!)};`)
  }), { numRuns: 200 })
})
