/** The audit log's CSV: a header, one row per entry in the order given, cells defused and quoted. */
import { AUDIT_COLUMNS, auditCsv } from '@/lib/staff/audit-csv'

test('one row per entry under an English header; a formula-like target is defused and a comma quoted', () => {
  const csv = auditCsv([
    { at: '2026-11-29T09:00:00.000Z', by: 'olga@example.com', action: 'member.added', target: '=HYPERLINK("x")@example.com', before: '', after: 'roaster support' },
    { at: '2026-11-28T09:00:00.000Z', by: 'olga@example.com', action: 'member.changed', target: 'rui@example.com', before: 'a,b', after: 'finance' },
  ])
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
  expect(lines[0]).toBe(AUDIT_COLUMNS.join(','))
  expect(lines[1]).toBe('2026-11-29T09:00:00.000Z,olga@example.com,member.added,"\'=HYPERLINK(""x"")@example.com",,roaster support')
  expect(lines[2]).toBe('2026-11-28T09:00:00.000Z,olga@example.com,member.changed,rui@example.com,"a,b",finance')
  expect(csv.startsWith('\uFEFF')).toBe(true)
})
