/** The month's report as CSV files: every figure on its row, money in cents and euros, reasons defused, cohort shares. */
import type { MonthReport } from '@retter-shared/BeanBloomSubscription/reports'
import { cohortsCsv, reportCsv } from '@/lib/staff/report-csv'

const REPORT: MonthReport = {
  month: '2026-10', activeSubscriptions: 2, activeByPlan: { barista: 2 }, pausedSubscriptions: 1, newSubscriptions: 1,
  cancelledSubscriptions: 2, cancelReasons: { '=HYPERLINK("x")': 1, '': 1 }, mrrCents: 17_334, collectedCents: 4000, refundedCents: 500,
  atStart: 3, churnRate: 2 / 3, cohorts: { '2026-08': { customers: 1, subscribed: [1, 1, 0] }, '2026-10': { customers: 2, subscribed: [1] } },
}

test('the figures: one row each, plans and reasons on rows of their own, a formula defused', () => {
  const lines = reportCsv(REPORT).replace('\uFEFF', '').trim().split('\r\n')
  expect(lines[0]).toBe('Month,Figure,Detail,Value')
  expect(lines).toContain('2026-10,Active subscriptions,,2')
  expect(lines).toContain('2026-10,Active subscriptions,barista,2')
  expect(lines).toContain('2026-10,Cancelled subscriptions,(no reason given),1')
  expect(lines.some((line) => line.includes("'=HYPERLINK"))).toBe(true)
  expect(lines).toContain('2026-10,MRR (cents),,17334')
  expect(lines).toContain('2026-10,MRR (EUR),,173.34')
  expect(lines).toContain('2026-10,Churn rate,,0.6667')
})

test('the cohorts: the share still subscribed each month after the start', () => {
  expect(cohortsCsv(REPORT).replace('\uFEFF', '').trim().split('\r\n')).toEqual([
    'Started,Customers,Month 0,Month 1,Month 2',
    '2026-08,1,1.0000,1.0000,0.0000',
    '2026-10,2,0.5000',
  ])
})
