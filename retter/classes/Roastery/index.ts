/**
 * The `Roastery` class: one instance per delivery day (instance id `YYYY-MM-DD`, UTC), holding
 * that day's board (the BeanBloomBoard dependency) in the role state of the `staff` identity, the only place it lives:
 * public and user state stay empty, because public state is readable by every session of the
 * project and a board carries customers' names and addresses.
 *
 * Who may do what (the authorizer):
 * - staff (identity `staff`, e-mail still in STAFF_EMAILS): open a day (INIT, GET), read it (STATE,
 *   and the live role document), mark deliveries shipped (shipping.ts), refund them (refunds.ts);
 * - the Account class (the platform's `developer` identity, referer Account): open a day and put its
 *   customer's delivery on it or take it off (sync.ts);
 * - this class: a day opens and writes its shards (`YYYY-MM-DD_N`, shards.ts), and its task writes
 *   those a change could not; the daily sweep purges the names and addresses of past days
 *   (retention.ts);
 * - nobody else: 401 without a session, 403 with one. LIST is not offered (days are opened by date).
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data, Response } from '@retter/rdk'
import { emptyBoard, isBoardDate, isShardId } from 'BeanBloomBoard'
import { ACCOUNT_CLASS, ROASTERY_CLASS, boardOf, dateOf, storeBoard } from './day'
import { initShard } from './shards'
import { ALLOW, deny, isPlatformCall, STAFF_IDENTITY, StaffAction, staffMayDo } from 'BeanBloomIdentity'

const rdk = new RDK()

/** What each staff method is, for the role table (BeanBloomIdentity roles.ts). */
const FOR_STAFF: { [method: string]: StaffAction } = {
  INIT: 'board.read', GET: 'board.read', STATE: 'board.read', revision: 'board.read',
  markShipped: 'board.ship', markAllShipped: 'board.ship', setTracking: 'board.ship',
  refundDelivery: 'money.refund',
}
const FOR_ACCOUNTS = ['INIT', 'GET', 'syncDelivery', 'setPayment']
/** A day opens and writes its shards. */
const FOR_DAYS = ['INIT', 'GET', 'setShard']
/**
 * The day's own delayed calls, the scheduled sweep and the purge it asks of each past day (platform
 * identity: the developer may also purge a day the sweep no longer reaches; only past days purge).
 */
const FOR_TASKS = ['pushShards', 'purgePastBoards', 'purgePersonalData']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  const method = context.methodName
  if (FOR_ACCOUNTS.indexOf(method) >= 0 && isPlatformCall(context, ACCOUNT_CLASS)) return ALLOW
  if (FOR_DAYS.indexOf(method) >= 0 && isPlatformCall(context, ROASTERY_CLASS)) return ALLOW
  if (FOR_TASKS.indexOf(method) >= 0 && isPlatformCall(context)) return ALLOW
  const action = Object.prototype.hasOwnProperty.call(FOR_STAFF, method) ? FOR_STAFF[method] : undefined
  if (action && (await staffMayDo(rdk, context, action))) return ALLOW
  if (method === 'LIST') return deny(context, 'Roastery days are opened by their date; they cannot be listed')
  return deny(context, 'Only the roastery staff may ' + (method === 'STATE' || method === 'GET' ? 'read' : 'do') + ' this')
}

/**
 * INIT: a day starts with an empty board, a shard (`YYYY-MM-DD_N`) with an empty part of it; 400
 * INVALID_DATE unless the id is a real `YYYY-MM-DD` or a shard of one.
 */
export async function init(data: Data): Promise<Data> {
  const date = dateOf(data)
  if (isShardId(date) && isBoardDate(date.slice(0, 10))) return initShard(data)
  if (!isBoardDate(date)) {
    refuse(data, 400, 'INVALID_DATE', 'A Roastery instance id is a delivery day: YYYY-MM-DD.')
    return data
  }
  data.state.public = {}
  data.state.private = {}
  data.state.user = {}
  data.state.role = {}
  storeBoard(data, emptyBoard(date))
  respond(data)
  return data
}

/**
 * STATE: staff see the day's whole board (on a shard, its part) and nothing else; the platform sees
 * the whole role state (the live documents' content).
 */
export async function getState(data: Data): Promise<Response> {
  const role: { [identity: string]: unknown } = {}
  if (isPlatformCall(data.context)) {
    const all = data.state.role || {}
    for (const key in all) role[key] = all[key]
  } else {
    const stored = data.state.role ? (data.state.role as { [identity: string]: unknown })[STAFF_IDENTITY] : undefined
    role[STAFF_IDENTITY] = isShardId(dateOf(data)) ? stored || {} : boardOf(data)
  }
  return { statusCode: 200, body: { public: {}, private: {}, user: {}, role: role } }
}
