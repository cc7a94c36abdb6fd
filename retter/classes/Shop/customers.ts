/**
 * Finding a customer (support, owners): the Shop asks every shard of the customer directory at
 * once (the `Directory` class; Retter has no query across instances) and merges their best matches.
 * A shard that does not answer leaves its customers out: the answer says so (`partial`) rather than
 * failing the whole search.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { bestFound, Found, isMonth, mergeReports, MonthReport, ReportPlan, searchTermsOf } from 'BeanBloomSubscription'
import { memberWhoMay, shopOf } from './state'
import { catalogueOf } from './catalogue'
import { askShards } from './directory'

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
  let found: Found[] = []
  let partial = false
  for (const answer of await askShards('search', { query: query })) {
    const matches = answer ? (answer as { found?: unknown }).found : answer
    if (Array.isArray(matches)) found = found.concat(matches as Found[])
    else if (matches !== null) partial = true
  }
  const customers = bestFound(found).map(function (f) { return f.customer })
  return respond(data, partial ? { customers: customers, partial: true } : { customers: customers })
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
  const parts = (await askShards('report', { month: month, plans: plans })) as Array<MonthReport | null | undefined>
  if (parts.some(function (part) { return part === undefined })) return refuse(data, 503, 'REPORT_UNAVAILABLE', 'Part of the customer directory did not answer; try the report again in a moment.')
  return respond(data, mergeReports(month, parts.filter(function (part): part is MonthReport { return !!part })))
}
