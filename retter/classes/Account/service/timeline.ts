/**
 * Keeps the customer's timeline (BeanBloomSubscription customer-timeline.ts) after each request:
 * the history changes and payment states the request brought, each with who made it. Staff e-mail
 * addresses stay in private state (the customer reads their timeline; staff read the addresses
 * beside it). Written only when something was added, so a request that changed nothing does not
 * touch the customer's live document.
 */
import { Data } from '@retter/rdk'
import { changeKey, entryKey, historyEntries, paymentEntries, TimelineEntry, withTimeline } from 'BeanBloomSubscription'
import { AccountUserState, privateOf } from '../customer'
import { actingOf } from './actor'

/** Staff e-mail addresses kept (newest): as many as timeline entries. */
const STAFF_KEPT = 400

export function keepTimeline(data: Data): void {
  const priv = data.state && data.state.private ? privateOf(data) : undefined
  if (!priv || !priv.userId || !data.state.user) return
  const customer = data.state.user[priv.userId] as AccountUserState | undefined
  if (!customer || !customer.memberSince) return
  const acting = actingOf(data)
  const history = customer.history || []
  const nowIso = new Date().toISOString()
  const sinceIso = new Date(acting.sinceMs).toISOString()
  const entries: TimelineEntry[] = historyEntries(history, priv.timelineSeen, acting)
  if (!priv.timelineSeen) {
    // A first run back-fills the history: changes from before this request were the customer's own.
    for (const entry of entries) {
      if (entry.at >= sinceIso || entry.actor === 'system') continue
      entry.actor = 'customer'
      if (entry.what !== 'cancelled') delete entry.reason
    }
  }
  const paid = paymentEntries(customer.payments || [], priv.timelinePayments || {}, nowIso)
  for (const entry of paid.entries) entries.push(entry)
  const method = customer.paymentMethod
  if (method && method.savedAt && method.savedAt !== priv.timelineMethod) {
    entries.push({ at: method.savedAt, what: 'payment-method', actor: acting.actor === 'staff' ? 'staff' : 'customer' })
  }

  const last = history[history.length - 1]
  if (last) priv.timelineSeen = changeKey(last)
  priv.timelinePayments = paid.seen
  if (method && method.savedAt) priv.timelineMethod = method.savedAt
  if (entries.length === 0) return
  customer.timeline = withTimeline(customer.timeline, entries)
  if (acting.actor === 'staff' && acting.staffEmail) {
    const by = priv.timelineStaff || {}
    for (const entry of entries) if (entry.actor === 'staff' && entry.reason === acting.reason) by[entryKey(entry)] = acting.staffEmail
    const keys = Object.keys(by)
    for (const key of keys.slice(0, Math.max(0, keys.length - STAFF_KEPT))) delete by[key]
    priv.timelineStaff = by
  }
}
