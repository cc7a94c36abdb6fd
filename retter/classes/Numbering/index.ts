/**
 * The `Numbering` class: the seller's receipt and credit-note numbers, each series one gap-free
 * sequence (R-000001, R-000002…; CN-000001…), as EU invoicing rules ask of invoices (VAT
 * Directive art. 226(2): "a sequential number … which uniquely identifies the invoice").
 *
 * Why a class of its own with one instance (`seller`): Retter runs the WRITE methods of one
 * instance one at a time, so a counter in one instance's state hands out each number exactly once
 * however many payments succeed at the same moment, with no lock of our own. A counter in each
 * Account would not be one sequence; a counter on each day's Roastery would be one per day. One
 * instance serialises every receipt of the shop, which is a few a second at most (a charge is one
 * per delivery), far below what one instance writes.
 *
 * Gap-free also means a number is never spent on a document that then is not issued: each request
 * carries the key of its document (the delivery id for a receipt, Stripe's refund id for a credit
 * note), and a key asked again gets the number it got the first time. So an Account that crashed
 * after taking a number, or a call retried after a lost answer, issues the same document under the
 * same number. Keys are kept by the UTC day they got their number, for that day and the
 * KEYS_KEPT_DAYS after it (keys.ts): long past any retry, and a bounded state however long the shop
 * runs, which every number reads and writes whole.
 *
 * Who may do what: only the project's own code (platform calls: the Account class, the
 * developer's tools) opens the instance and takes numbers; staff and customers get 403, and STATE
 * shows them nothing.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data, Response } from '@retter/rdk'
import { ALLOW, deny, isPlatformCall } from 'BeanBloomIdentity'
import { DocumentSeries, NumberingState, numberFor } from './keys'

/** The one instance of a seller's numbers. */
export const SELLER_INSTANCE = 'seller'
const FOR_PLATFORM = ['INIT', 'GET', 'STATE', 'nextNumber']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  if (FOR_PLATFORM.indexOf(context.methodName) >= 0 && isPlatformCall(context)) return ALLOW
  return deny(context, 'Document numbers are handed out to the shop\'s own classes only')
}

/** INIT: both series start before 1; 400 for any instance id but `seller`. */
export async function init(data: Data): Promise<Data> {
  if (data.context.instanceId !== SELLER_INSTANCE) {
    refuse(data, 400, 'UNKNOWN_SELLER', 'The numbering instance is "' + SELLER_INSTANCE + '".')
    return data
  }
  const state: NumberingState = { last: { receipt: 0, 'credit-note': 0 }, keys: {} }
  data.state.public = {}
  data.state.private = state as unknown as Record<string, unknown>
  data.state.user = {}
  data.state.role = {}
  respond(data)
  return data
}

export async function getState(data: Data): Promise<Response> {
  // Only the platform (the developer's tools) reads the counters.
  return { statusCode: 200, body: { public: {}, private: isPlatformCall(data.context) ? data.state.private || {} : {}, user: {}, role: {} } }
}

/** WRITE (Account class only) {series, key}: answers `{sequence, fresh}`, the key's number in its series. */
export async function nextNumber(data: Data<{ series: DocumentSeries; key: string }>): Promise<Data> {
  const body = data.request.body
  const series: DocumentSeries = body && body.series === 'credit-note' ? 'credit-note' : 'receipt'
  const key = body && typeof body.key === 'string' ? body.key : ''
  if (!key) {
    refuse(data, 400, 'NO_KEY', 'A document number is asked for with the key of its document.')
    return data
  }
  const state = data.state.private as unknown as NumberingState
  respond(data, numberFor(state, series, key, Date.now()))
  return data
}
