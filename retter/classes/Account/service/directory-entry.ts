/**
 * Keeps this Account's entry in the customer directory (the `Directory` class, BeanBloomSubscription
 * directory.ts) in line with the customer, after every request: support finds a customer by what
 * they are now (a new address, a new receipt), a deleted account or one moved to another address
 * is taken out, and the new address's Account puts itself in.
 *
 * Only a change is written: private state keeps a fingerprint of what the shard holds. A call that
 * fails never undoes the request; it is logged and the fingerprint stays, so the next request of
 * the Account writes it again.
 */
import RDK, { Data } from '@retter/rdk'
import { createHash } from 'crypto'
import { DIRECTORY_CLASS, DirectoryEntry, directoryShardOf, entryOf } from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import type { AccountUserState } from '../customer'

const rdk = new RDK()

/** What a shard holds of this Account, in 16 hex characters ('' for nothing). */
function fingerprintOf(entry: unknown): string {
  return entry ? createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 16) : ''
}

/**
 * Writes the Account's directory entry when it changed since the last one the shard took; answers
 * what the shard now holds of this Account (null: no entry), or undefined when that is not known
 * (no customer, or the write failed).
 */
export async function keepDirectoryEntry(data: Data): Promise<DirectoryEntry | null | undefined> {
  const priv = data.state && data.state.private ? privateOf(data) : undefined
  const accountId = data.context.instanceId
  if (!priv || !priv.userId || !data.state.user || !accountId) return undefined
  const entry = entryOf(accountId, data.state.user[priv.userId] as AccountUserState | undefined)
  const fingerprint = fingerprintOf(entry)
  if ((priv.directoryEntry || '') === fingerprint) return entry
  const shard = directoryShardOf(accountId)
  const write = function () { return rdk.methodCall({ classId: DIRECTORY_CLASS, instanceId: shard, methodName: 'setEntry', body: { entry: entry } }) }
  try {
    let answer = await write()
    if (answer && answer.statusCode === 404) {
      // The first customer of a shard opens it.
      await rdk.getInstance({ classId: DIRECTORY_CLASS, instanceId: shard })
      answer = await write()
    }
    if (answer && answer.statusCode === 200) {
      priv.directoryEntry = fingerprint
      return entry
    }
    console.error('[directory] ' + shard + ' did not take the entry (' + (answer ? answer.statusCode : 'no answer') + '); written again at the next request')
  } catch (err) {
    console.error('[directory] ' + shard + ' did not take the entry (' + String(err) + '); written again at the next request')
  }
  return undefined
}

/** `handler`, then the Account's directory entry kept in line (for methods outside withCatalogue: sign-in). */
export function withDirectoryEntry<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    const done = await handler(data)
    await keepDirectoryEntry(done)
    return done
  }
}
