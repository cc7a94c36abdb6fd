/**
 * Where the customer acted is where they are told: a refused skip shows next to that delivery's
 * button with its date written as the page writes dates, and a plan change after a skip names the
 * new plan's first delivery that is really sent.
 */
import { render, screen, within } from '@testing-library/react'
import { renderApp } from '@/test/render'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { cadenceOf } from '@retter-shared/BeanBloomSubscription/catalogue'
import { skip, start, subscriptionAt, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { shortDate } from '@retter-shared/BeanBloomSubscription/dates'
import { UpcomingDeliveries } from '@/components/subscription/UpcomingDeliveries'
import type { ChangeRunner } from '@/components/subscription/useChange'
import { previewChoice } from '@/lib/subscription/view'
import { ConfirmPlanDialog } from '@/components/plans/ConfirmPlanDialog'
import type { AppError } from '@/lib/types'

const weekly = PLANS.find((p) => p.delivery === 'weekly')!
// Another weekly plan: its first delivery after the skipped Mon 30 Nov is a week later.
const other = PLANS.find((p) => p.delivery === 'weekly' && p.id !== weekly.id)!
const STARTED = Date.parse('2026-11-14T09:00:00Z')
const SATURDAY = Date.parse('2026-11-28T09:00:00Z')

/** A weekly subscription started on Sat 14 Nov with Mon 30 Nov skipped, as it reads at `nowMs`. */
function weeklySub(nowMs: number): SubscriptionFields {
  const started = start({ plan: null, status: 'none', history: [] }, weekly.id, weekly.delivery, STARTED)
  if (!started.ok) throw new Error(started.message)
  const skipped = skip(started.sub, '2026-11-30', STARTED)
  if (!skipped.ok) throw new Error(skipped.message)
  return subscriptionAt(skipped.sub, nowMs, cadenceOf)
}

test('the class refuses with the date as the page writes it, never an ISO day', () => {
  const sub = weeklySub(SATURDAY)
  const refused = skip(sub, '2026-11-30', SATURDAY)
  expect(refused).toMatchObject({ ok: false, code: 'ALREADY_SKIPPED', message: 'The delivery on Mon 30 Nov 2026 is already skipped.' })
  const late = skip(sub, '2026-11-30', Date.parse('2026-11-29T09:00:00Z'))
  expect(late).toMatchObject({ ok: false, code: 'TOO_LATE_TO_CHANGE', message: 'The delivery on Mon 30 Nov 2026 is already being roasted and packed, so it can no longer change.' })
  const unknown = skip(sub, '2026-12-01', SATURDAY)
  expect(unknown).toMatchObject({ ok: false, code: 'NOT_ON_SCHEDULE', message: `There is no delivery on ${shortDate('2026-12-01')} among your next 6 deliveries.` })
})

test('a refused skip shows in its own row, next to the button pressed', () => {
  const sub = weeklySub(SATURDAY)
  const date = sub.upcomingDeliveries![3]!.date
  const error: AppError = { status: 409, code: 'TOO_LATE_TO_CHANGE', message: 'The delivery on Mon 21 Dec 2026 is already being roasted and packed, so it can no longer change.' }
  const changes: ChangeRunner = {
    run: async () => false, confirm: async () => undefined, busy: null, clearError: () => undefined,
    error: { change: { kind: 'skipDate', date }, error },
  }
  render(<UpcomingDeliveries subscription={sub} plans={[...PLANS]} changes={changes} nowMs={SATURDAY} />)
  const list = screen.getByRole('region', { name: 'Upcoming deliveries' })
  const rows = within(list).getAllByRole('listitem')
  const row = rows[3]!
  expect(within(row).getByRole('alert')).toHaveTextContent(error.message)
  expect(within(row).getByRole('button', { name: /^Skip the delivery/ })).toBeInTheDocument()
  // Once, and nowhere else.
  expect(within(list).getAllByRole('alert')).toHaveLength(1)
})

test('after a skip, a plan change names the new plan’s first delivery that is sent, not the skipped one', () => {
  const sub = weeklySub(SATURDAY)
  const preview = previewChoice(sub, SATURDAY, other)
  expect(preview.kind).toBe('change')
  expect(preview.firstSentAt).toBe('2026-12-07T00:00:00.000Z')
})

test('the plan-change dialog after a skip says the switch applies from the first delivery sent', async () => {
  const sub = weeklySub(SATURDAY)
  renderApp(
    <ConfirmPlanDialog
      plan={other}
      currentPlan={weekly}
      preview={previewChoice(sub, SATURDAY, other)}
      account={{ email: 'sam@example.com', preferences: { grind: other.grinds[0]!, roast: other.roasts[0]! } }}
      onConfirm={async () => undefined}
      onClose={() => undefined}
    />,
  )
  const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 })
  expect(dialog).toHaveTextContent('The switch applies from your delivery on Mon 7 Dec 2026;')
  expect(dialog.textContent).not.toContain('Mon 30 Nov 2026')
})
