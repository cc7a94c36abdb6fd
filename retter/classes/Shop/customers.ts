/**
 * Finding a customer (support, owners): the Shop asks every shard of the customer directory at
 * once (the `Directory` class; Retter has no query across instances) and merges their best matches.
 * A shard that does not answer leaves its customers out: the answer says so (`partial`) rather than
 * failing the whole search.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { bestFound, DIRECTORY_CLASS, directoryShards, Found, isMonth, mergeReports, MonthReport, ReportPlan, searchTermsOf } from 'BeanBloomSubscription'
import { memberWhoMay, shopOf } from './state'
import { catalogueOf } from './catalogue'

const rdk = new RDK()

/** One shard's matches: none when it does not exist yet (no customer hashed to it), undefined when it failed. */
async function searchShard(shard: string, query: string): Promise<Found[] | undefined> {
  try {
    const answer = await rdk.methodCall({ classId: DIRECTORY_CLASS, instanceId: shard, methodName: 'search', body: { query: query } })
    if (answer && answer.statusCode === 404) return []
    const found = answer && answer.statusCode === 200 && answer.body ? (answer.body as { found?: unknown }).found : undefined
    if (Array.isArray(found)) return found as Found[]
    console.error('[directory] ' + shard + ' answered ' + (answer ? answer.statusCode : 'nothing') + ' to a search')
  } catch (err) {
    console.error('[directory] ' + shard + ' could not be searched (' + String(err) + ')')
  }
  return undefined
}

/**
 * READ (support, owners) {query}: `{customers: [{accountId, email, name, postalCode, status}]}`, the
 * best 20 matches of an e-mail, name, postal code, receipt or credit-note number, or delivery id;
 * `partial: true` when a shard could not be searched.
 */
export async function findCustomers(data: Data<{ query: string }>): Promise<Data> {
  if (!memberWhoMay(data, 'customer.find', 'Only support and owners may look customers up.')) return data
  const body = data.request.body || ({} as { query: string })
  const checked = searchTermsOf(body.query)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: 'query' })
  const query = String(body.query).trim()
  const answers = await Promise.all(directoryShards().map(function (shard) { return searchShard(shard, query) }))
  let found: Found[] = []
  let partial = false
  for (const answer of answers) {
    if (answer) found = found.concat(answer)
    else partial = true
  }
  const customers = bestFound(found).map(function (f) { return f.customer })
  return respond(data, partial ? { customers: customers, partial: true } : { customers: customers })
}

/** One shard's part of a month's report: none when it does not exist yet, undefined when it failed. */
async function reportOfShard(shard: string, month: string, plans: { [id: string]: ReportPlan }): Promise<MonthReport | null | undefined> {
  try {
    const answer = await rdk.methodCall({ classId: DIRECTORY_CLASS, instanceId: shard, methodName: 'report', body: { month: month, plans: plans } })
    if (answer && answer.statusCode === 404) return null
    if (answer && answer.statusCode === 200 && answer.body && typeof answer.body === 'object') return answer.body as MonthReport
    console.error('[directory] ' + shard + ' answered ' + (answer ? answer.statusCode : 'nothing') + ' to a report')
  } catch (err) {
    console.error('[directory] ' + shard + ' could not report (' + String(err) + ')')
  }
  return undefined
}

/**
 * READ (finance, owners) {month}: the month's report (BeanBloomSubscription reports.ts), live for
 * the month running. A shard that cannot answer fails the report (503): figures with a part
 * missing would read as true.
 */
export async function getReport(data: Data<{ month: string }>): Promise<Data> {
  if (!memberWhoMay(data, 'reports.read', 'Only finance and owners may read the reports.')) return data
  const month = data.request.body ? data.request.body.month : undefined
  if (!isMonth(month)) return refuse(data, 400, 'INVALID_MONTH', 'Give the month as YYYY-MM, for example 2026-11.', { field: 'month' })
  const plans: { [id: string]: ReportPlan } = {}
  for (const plan of catalogueOf(shopOf(data)).plans) plans[plan.id] = { delivery: plan.delivery, prices: plan.prices }
  const parts = await Promise.all(directoryShards().map(function (shard) { return reportOfShard(shard, month, plans) }))
  if (parts.some(function (part) { return part === undefined })) return refuse(data, 503, 'REPORT_UNAVAILABLE', 'Part of the customer directory did not answer; try the report again in a moment.')
  return respond(data, mergeReports(month, parts.filter(function (part): part is MonthReport { return !!part })))
}
