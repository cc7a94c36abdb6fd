/**
 * The audit log as a CSV file for owners: one row per staff action, newest first, with the same
 * defused cells as the packing list (a member's e-mail or a reason cannot run as a formula). The
 * header stays English, like the roastery's other files (decision 0031).
 */
import { csvCell } from '@/lib/roastery/csv'
import type { AuditEntry } from './shop-api'

export const AUDIT_COLUMNS = ['At', 'By', 'Action', 'Target', 'Before', 'After'] as const

/** The entries as CSV text with a header row, UTF-8 with a byte order mark. */
export function auditCsv(entries: ReadonlyArray<AuditEntry>): string {
  const rows = [[...AUDIT_COLUMNS], ...entries.map((e) => [e.at, e.by, e.action, e.target, e.before, e.after])]
  return '\uFEFF' + rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
