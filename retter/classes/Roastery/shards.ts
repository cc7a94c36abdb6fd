/**
 * A day's shards: Roastery instances `YYYY-MM-DD_N` whose staff role document holds a part of the
 * day's packing list (BeanBloomBoard shards.ts). Only their day writes them (`setShard`, platform
 * calls from this class); every method that changes a day is wrapped so that it writes the shards
 * whose part changed before it answers. A shard that cannot be written stays marked in the day's
 * private state and is written again by the next change of the day and by a `pushShards` task;
 * meanwhile the head names a revision the shard does not show, so the page tells staff the board is
 * not live instead of showing part of it as if it were all.
 */
import { keepOneTask, refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { BoardDelivery, ShardDocument, callOpening, describeFailure, isShardId, parseShardId, shardDocumentOf, succeeded } from 'BeanBloomBoard'
import { STAFF_IDENTITY } from 'BeanBloomIdentity'
import { DayPrivate, ROASTERY_CLASS, boardOf, dateOf, dayPrivateOf } from './day'

const rdk = new RDK()

/** The shard method the day calls. */
export const SET_SHARD_METHOD = 'setShard'
/** The day's task that writes shards a change could not. */
export const PUSH_SHARDS_METHOD = 'pushShards'
/** Seconds before the task writes shards again. */
const PUSH_RETRY_AFTER_SECONDS = 5

/** The document of a shard instance (set by its init). */
function shardOf(data: Data): ShardDocument {
  const role = data.state.role as { [identity: string]: ShardDocument } | undefined
  const doc = role ? role[STAFF_IDENTITY] : undefined
  const id = dateOf(data)
  const parsed = parseShardId(id)
  return doc || { date: parsed ? parsed.date : '', shard: id, rev: 0, deliveries: [] }
}

/** INIT of a shard instance: an empty part of its day's packing list. */
export function initShard(data: Data): Data {
  data.state.public = {}
  data.state.private = {}
  data.state.user = {}
  data.state.role = {}
  ;(data.state.role as { [identity: string]: ShardDocument })[STAFF_IDENTITY] = shardOf(data)
  respond(data)
  return data
}

/**
 * WRITE (this class only, on a shard) {rev, deliveries}: shows this part of the day's packing list
 * as of the day's revision `rev`; an older revision than the one shown changes nothing.
 */
export async function setShard(data: Data<{ rev: number; deliveries: BoardDelivery[] }>): Promise<Data> {
  const body = data.request.body
  if (!isShardId(dateOf(data))) {
    refuse(data, 400, 'NOT_A_SHARD', 'setShard is a method of a day’s shard (YYYY-MM-DD_N).')
    return data
  }
  if (!body || typeof body.rev !== 'number' || !Array.isArray(body.deliveries)) {
    refuse(data, 400, 'INVALID_SHARD', 'A shard needs the day’s revision (rev) and its deliveries.')
    return data
  }
  const current = shardOf(data)
  if (body.rev >= current.rev) {
    if (!data.state.role) data.state.role = {}
    ;(data.state.role as { [identity: string]: ShardDocument })[STAFF_IDENTITY] = { date: current.date, shard: current.shard, rev: body.rev, deliveries: body.deliveries }
  }
  respond(data, { rev: Math.max(body.rev, current.rev) })
  return data
}

/** Writes one shard's document, opening the shard first when nobody has yet. */
async function writeShard(doc: ShardDocument): Promise<boolean> {
  const call = function () {
    return rdk.methodCall({ classId: ROASTERY_CLASS, instanceId: doc.shard, methodName: SET_SHARD_METHOD, body: { rev: doc.rev, deliveries: doc.deliveries } })
  }
  const answer = await callOpening(call, function () { return rdk.getInstance({ classId: ROASTERY_CLASS, instanceId: doc.shard }) })
  // The log gets the shard and the status, never a name or an address.
  if (!succeeded(answer)) console.error('[Roastery] ' + doc.shard + ' (revision ' + doc.rev + ') could not be written: ' + describeFailure(answer))
  return succeeded(answer)
}

/**
 * Writes every shard of the day still marked, at once; those that fail stay marked and a
 * `pushShards` task is scheduled (one at a time).
 * @returns true when none is left
 */
export async function pushShards(data: Data): Promise<boolean> {
  const priv = dayPrivateOf(data)
  const unpushed = priv.unpushed || {}
  const parts = Object.keys(unpushed)
  if (parts.length === 0 || !priv.layout) return true
  const board = boardOf(data)
  const layout = priv.layout
  const written = await Promise.all(parts.map(function (part) {
    return writeShard(shardDocumentOf(board, layout, Number(part)))
  }))
  parts.forEach(function (part, i) {
    if (written[i]) delete unpushed[part]
  })
  priv.unpushed = unpushed
  if (Object.keys(unpushed).length === 0) return true
  priv.pushRetryPending = keepOneTask(data, priv.pushRetryPending, PUSH_SHARDS_METHOD, PUSH_RETRY_AFTER_SECONDS)
  return false
}

/** WRITE (task of the day): writes the shards an earlier change could not; schedules itself again while some fail. */
export async function pushShardsTask(data: Data): Promise<Data> {
  dayPrivateOf(data).pushRetryPending = false
  const done = await pushShards(data)
  respond(data, { done: done })
  return data
}

/**
 * READ (staff) on a day: its revision and number of deliveries. The page compares them with the
 * day's live document, which is behind when the write of that document itself failed.
 */
export async function revision(data: Data): Promise<Data> {
  const priv = data.state.private as DayPrivate | undefined
  respond(data, { rev: priv && priv.layout ? priv.layout.rev : 0, count: boardOf(data).deliveries.length })
  return data
}

/**
 * A day's method that also writes the shards its change touched before it answers; refused (400
 * NOT_A_DAY) on a shard instance, which holds no board of its own.
 */
export function writingShards<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    const id = dateOf(data)
    if (isShardId(id)) {
      const parsed = parseShardId(id)
      refuse(data, 400, 'NOT_A_DAY', id + ' is a part of ' + (parsed ? parsed.date : 'a day') + '’s packing list; call the day ' + (parsed ? parsed.date : '') + ' instead.')
      return data
    }
    const out = await handler(data)
    await pushShards(data)
    return out
  }
}
