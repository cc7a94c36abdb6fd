import { translator } from '@/test/i18n'
/**
 * The view kept for the next first paint follows the schedule for the days ahead: the next delivery
 * moves on once its day has passed and a pause ends on its day, exactly as the page would say it
 * then, so a returning customer never sees a passed date called "next".
 */
import type { AccountView } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { customerViewOf, VIEW_DAYS } from '@/lib/first-paint/view-of'
import { currentPlanText } from '@/lib/subscription/summary-text'
import { subscriptionOf } from '@/lib/subscription/view'
import { PLANS as SERVED } from '@retter-shared/BeanBloomSubscription/plans'

const PLANS = [...SERVED]
const DAY = 86_400_000
const TODAY = Date.parse('2026-11-20T00:00:00.000Z')
const NOW = TODAY + 9 * 3_600_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const base = { email: 'ana@example.com', memberSince: '2026-01-02T10:00:00.000Z', lastSignInAt: '2026-11-19T10:00:00.000Z' }
const viewOf = (account: AccountView) => customerViewOf({ project: 'coffee-local', uid: 'usr_1', email: account.email, account, plans: PLANS, nowMs: NOW, t: translator() })

test('weekly: from the day after a delivery, the line names the next one; the view ends after its horizon', () => {
  const account: AccountView = { ...base, plan: 'barista', status: 'active', startedAt: '2026-11-01T10:00:00.000Z', nextDeliveryAt: iso(TODAY + 3 * DAY) }
  const view = viewOf(account)
  expect(view.until).toBe(TODAY + VIEW_DAYS * DAY)
  expect(view.periods[0]?.from).toBe(0)
  expect(view.periods[0]?.texts['plan-line']).toBe(`You’re on Barista · next delivery ${formatDeliveryDay(iso(TODAY + 3 * DAY))}`)
  expect(view.periods[1]?.from).toBe(TODAY + 4 * DAY)
  expect(view.periods[1]?.texts['plan-line']).toBe(`You’re on Barista · next delivery ${formatDeliveryDay(iso(TODAY + 10 * DAY))}`)
  // Every period says what the page would say on its first day.
  for (const period of view.periods) {
    expect(period.texts['plan-line']).toBe(currentPlanText(subscriptionOf(account, PLANS, Math.max(period.from, NOW)), PLANS, translator()))
  }
})

test('a pause: paused until its last day, then the deliveries again', () => {
  const account: AccountView = {
    ...base, plan: 'daily-grind', status: 'paused', startedAt: '2026-10-01T10:00:00.000Z',
    pausedFrom: iso(TODAY - DAY), pausedUntil: iso(TODAY + 5 * DAY), nextDeliveryAt: iso(TODAY + 5 * DAY),
  }
  const view = viewOf(account)
  expect(view.periods[0]?.texts['next-paused-until']).toBeDefined()
  const after = view.periods.find((period) => period.from >= TODAY + 5 * DAY)
  expect(after?.texts['next-paused-until']).toBeUndefined()
  expect(after?.texts['next-when-label']).toBe('Arrives')
})

test('nothing to move on: one period, and the e-mail wraps where the page wraps it', () => {
  const view = viewOf({ ...base, email: 'ana.roast@example.com', plan: null, status: 'none' })
  expect(view.periods).toHaveLength(1)
  expect(view.periods[0]?.flags).toEqual(['start', 'next-none'])
  expect(view.periods[0]?.texts.email).toBe('ana\u200b.roast@\u200bexample\u200b.com')
})
