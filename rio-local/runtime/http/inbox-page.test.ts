/** The dev inbox writes when each message was sent as the app writes times: day before month, 24-hour clock, the zone named. */
import { renderInboxPage } from './inbox-page'

test('the Sent time is "Fri 2 Jan 2026, 13:05"-style in the machine\'s zone, with the zone named', () => {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const view = renderInboxPage([{ to: 'bo@example.com', subject: 'Hello', text: 'Hi', sentAt: '2026-01-02T13:05:00.000Z' }], 'key', undefined)
  const sent = /<dt>Sent<\/dt><dd>([^<]*)<\/dd>/.exec(view)?.[1]
  expect(sent).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} Jan 2026, ([01]\d|2[0-3]):05 \(/)
  expect(sent?.endsWith(`(${zone})`)).toBe(true)
  if (zone === 'UTC') expect(sent).toBe('Fri 2 Jan 2026, 13:05 (UTC)')
})
