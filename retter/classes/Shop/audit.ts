/**
 * The audit log: one entry per staff action (who, when, what, on what, before and after), newest
 * last in state, read newest first. Kept for AUDIT_KEPT_DAYS (two years, docs/personal-data.md) and
 * never more than AUDIT_KEPT entries, the oldest going first.
 */

import type { AuditEntry } from 'BeanBloomIdentity'

export type { AuditEntry }

export const AUDIT_KEPT_DAYS = 730
export const AUDIT_KEPT = 5000
const DAY_MS = 24 * 60 * 60 * 1000

/** Appends `entry` to `log` (in place), dropping what is past its keeping. */
export function record(log: AuditEntry[], entry: AuditEntry): void {
  log.push(entry)
  const oldest = Date.parse(entry.at) - AUDIT_KEPT_DAYS * DAY_MS
  let drop = Math.max(0, log.length - AUDIT_KEPT)
  while (drop < log.length && Date.parse((log[drop] as AuditEntry).at) < oldest) drop++
  if (drop > 0) log.splice(0, drop)
}

/** The log newest first. */
export function auditLog(log: ReadonlyArray<AuditEntry>): AuditEntry[] {
  return log.slice().reverse()
}
