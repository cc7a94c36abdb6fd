/**
 * The Shop's questions to the customer directory (the `Directory` class, one instance per shard):
 * Retter has no query across instances, so each is asked of every shard at once.
 */
import RDK from '@retter/rdk'
import { callOpening, callUntilFree } from 'BeanBloomKit/calls'
import { DIRECTORY_CLASS, directoryShards } from 'BeanBloomSubscription'

const rdk = new RDK()

/**
 * Asks every shard of the directory `method` with `body` at once. Each answer is the shard's body
 * (200), null when the shard does not exist yet (no customer hashed to it), or undefined when it
 * failed (logged; a throw counts as a 500). With `openMissing`, a shard that answers 404 is opened
 * and asked again, so a 404 is never taken for an empty shard (it may as well mean a method this
 * deployment lacks).
 */
export async function askShards(method: string, body: unknown, openMissing = false): Promise<Array<object | null | undefined>> {
  return Promise.all(directoryShards().map(async function (shard): Promise<object | null | undefined> {
    const ask = function () { return rdk.methodCall({ classId: DIRECTORY_CLASS, instanceId: shard, methodName: method, body: body }) }
    const answer = openMissing
      ? await callOpening(ask, function () { return rdk.getInstance({ classId: DIRECTORY_CLASS, instanceId: shard }) })
      : await callUntilFree(ask)
    if (answer.statusCode === 404 && !openMissing) return null
    if (answer.statusCode === 200 && answer.body && typeof answer.body === 'object') return answer.body as object
    console.error('[directory] ' + shard + ' answered ' + answer.statusCode + ' to ' + method)
    return undefined
  }))
}

/**
 * The Accounts whose subscription is on `planId`, from every shard (opened when missing); undefined
 * when a shard did not answer: a list with a part missing would leave subscribers untold.
 */
export async function subscribersOfPlan(planId: string): Promise<string[] | undefined> {
  let ids: string[] = []
  for (const answer of await askShards('subscribersOf', { planId: planId }, true)) {
    const found = answer ? (answer as { accountIds?: unknown }).accountIds : undefined
    if (!Array.isArray(found)) return undefined
    ids = ids.concat(found.filter(function (id): id is string { return typeof id === 'string' }))
  }
  return ids
}
