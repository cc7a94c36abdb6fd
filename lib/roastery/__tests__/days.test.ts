import fc from 'fast-check'
import { dayIso, deliveryDays, msUntilNextDay, ROASTERY_DAYS } from '@/lib/roastery/days'

test('seven UTC days from today, whatever the hour', () => {
  expect(deliveryDays(Date.parse('2026-12-29T23:59:59Z'))).toEqual(['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04'])
  expect(deliveryDays(Date.parse('2026-12-30T00:00:00Z'), 2)).toEqual(['2026-12-30', '2026-12-31'])
  expect(dayIso('2026-12-30')).toBe('2026-12-30T00:00:00.000Z')
})

test('the days are consecutive and the next day starts exactly when msUntilNextDay says', () => {
  fc.assert(fc.property(fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01') }), (now) => {
    const days = deliveryDays(now)
    expect(days).toHaveLength(ROASTERY_DAYS)
    expect(days[0]).toBe(new Date(now).toISOString().slice(0, 10))
    for (let i = 1; i < days.length; i++) expect(Date.parse(dayIso(days[i] as string)) - Date.parse(dayIso(days[i - 1] as string))).toBe(86_400_000)
    const wait = msUntilNextDay(now)
    expect(wait).toBeGreaterThan(0)
    expect(deliveryDays(now + wait, 1)[0]).toBe(days[1])
    expect(deliveryDays(now + wait - 1, 1)[0]).toBe(days[0])
  }))
})
