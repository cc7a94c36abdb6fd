/**
 * The `Directory` class: the customer directory support searches (BeanBloomSubscription
 * directory.ts), one instance per shard. Retter has no query across instances, so each Account
 * keeps its own entry here (`setEntry`, after any request that changed it) and the Shop's
 * `findCustomers` asks every shard at once (`search`) and merges the answers; its `getReport` adds the
 * shards' parts of a month's report (`report`), and its `changePrice` finds a plan's subscribers
 * (`subscribersOf`).
 *
 * Who may do what: only the project's own code (platform calls). An Account may write only its own
 * entry, in the shard its id hashes to; the Shop searches. Staff and customers get 403, and STATE
 * shows nothing: the entries are private state.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data, Response } from '@retter/rdk'
import { ALLOW, deny, isPlatformCall } from 'BeanBloomIdentity'
import {
  DirectoryEntry, directoryShardOf, FOUND_LIMIT, isDirectoryShard, isMonth, ReportFacts, ReportPlan, reportPart, searchEntries, searchTermsOf, subscribersOn,
} from 'BeanBloomSubscription'

/** A shard's private state: its entries by Account id. */
export interface DirectoryShard {
  entries: { [accountId: string]: DirectoryEntry }
}

/** Which class may call each method (INIT and GET: the project's own code, whichever class). */
const CALLERS: { [method: string]: string | undefined } = { INIT: undefined, GET: undefined, setEntry: 'Account', search: 'Shop', report: 'Shop', subscribersOf: 'Shop' }

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  const method = context.methodName
  if (Object.prototype.hasOwnProperty.call(CALLERS, method) && isPlatformCall(context, CALLERS[method])) return ALLOW
  return deny(context, 'The customer directory is kept by the shop’s own classes only')
}

/** INIT: an empty shard; 400 for an instance id that is not one of the shards. */
export async function init(data: Data): Promise<Data> {
  if (!isDirectoryShard(data.context.instanceId || '')) return refuse(data, 400, 'UNKNOWN_SHARD', 'The directory’s instances are customers-0 to customers-15.')
  data.state.public = {}
  data.state.private = { entries: {} }
  data.state.user = {}
  data.state.role = {}
  return respond(data)
}

/** STATE: nothing (support searches through the Shop, which checks their role). */
export async function getState(): Promise<Response> {
  return { statusCode: 200, body: { public: {}, private: {}, user: {}, role: {} } }
}

function shardOf(data: Data): DirectoryShard {
  const priv = (data.state.private || (data.state.private = {})) as Partial<DirectoryShard>
  if (!priv.entries || typeof priv.entries !== 'object') priv.entries = {}
  return priv as DirectoryShard
}

/** The shard's entries, as a list. */
function entryList(data: Data): DirectoryEntry[] {
  const entries = shardOf(data).entries
  const list: DirectoryEntry[] = []
  for (const id in entries) list.push(entries[id] as DirectoryEntry)
  return list
}

/** True when `entry` is a directory entry of `accountId` (the Account class made it; checked all the same). */
function isEntryOf(entry: unknown, accountId: string): entry is DirectoryEntry {
  const e = entry as DirectoryEntry
  return !!e && typeof e === 'object' && e.accountId === accountId && typeof e.email === 'string' && typeof e.name === 'string' &&
    typeof e.postalCode === 'string' && typeof e.status === 'string' && typeof e.documents === 'string'
}

/**
 * WRITE (the Account class) {entry | null}: keeps the calling Account's entry, or takes it out.
 * The Account is the caller (its instance id), so no Account writes another's entry.
 */
export async function setEntry(data: Data<{ entry: DirectoryEntry | null }>): Promise<Data> {
  const context = data.context
  const accountId = context.refererInstanceId
  if (!accountId) return refuse(data, 403, 'FORBIDDEN', 'Only an Account keeps its directory entry.')
  if (directoryShardOf(accountId) !== context.instanceId) return refuse(data, 400, 'WRONG_SHARD', 'This Account’s entry is kept by ' + directoryShardOf(accountId) + '.')
  const body = data.request.body || ({} as { entry: DirectoryEntry | null })
  const shard = shardOf(data)
  if (body.entry === null) {
    delete shard.entries[accountId]
    return respond(data, { removed: true })
  }
  if (!isEntryOf(body.entry, accountId)) return refuse(data, 400, 'INVALID_ENTRY', 'A directory entry names its own Account, e-mail, name, postal code, status and documents.')
  shard.entries[accountId] = body.entry
  return respond(data, { kept: true })
}

/** READ (the Shop) {query, limit?}: this shard's best matches and how well each matched. */
export async function search(data: Data<{ query: string; limit?: number }>): Promise<Data> {
  const body = data.request.body || ({} as { query: string; limit?: number })
  const checked = searchTermsOf(body.query)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: 'query' })
  const limit = typeof body.limit === 'number' && body.limit >= 1 && body.limit <= FOUND_LIMIT ? Math.floor(body.limit) : FOUND_LIMIT
  return respond(data, { found: searchEntries(entryList(data), checked.terms, limit) })
}

/** READ (the Shop) {month, plans}: this shard's part of the month's report (BeanBloomSubscription reports.ts). */
export async function report(data: Data<{ month: string; plans: { [id: string]: ReportPlan } }>): Promise<Data> {
  const body = data.request.body || ({} as { month: string; plans: { [id: string]: ReportPlan } })
  if (!isMonth(body.month)) return refuse(data, 400, 'INVALID_MONTH', 'A month is YYYY-MM.', { field: 'month' })
  const entries = shardOf(data).entries
  const facts: ReportFacts[] = []
  for (const id in entries) {
    const entry = entries[id] as DirectoryEntry
    if (entry.facts) facts.push(entry.facts)
  }
  return respond(data, reportPart(facts, body.month, new Date().toISOString(), body.plans && typeof body.plans === 'object' ? body.plans : {}))
}

/** READ (the Shop) {planId}: `{accountIds}`, this shard's Accounts whose subscription is on the plan. */
export async function subscribersOf(data: Data<{ planId: string }>): Promise<Data> {
  const planId = data.request.body ? data.request.body.planId : undefined
  if (typeof planId !== 'string' || planId === '') return refuse(data, 400, 'INVALID_PLAN', 'Name the plan (planId).', { field: 'planId' })
  return respond(data, { accountIds: subscribersOn(entryList(data), planId) })
}
