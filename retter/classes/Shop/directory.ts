/**
 * The Shop's questions to the customer directory (the `Directory` class, one instance per shard):
 * Retter has no query across instances, so each is asked of every shard at once.
 */
import RDK from '@retter/rdk'
import { DIRECTORY_CLASS, directoryShards } from 'BeanBloomSubscription'

const rdk = new RDK()

/**
 * Asks every shard of the directory `method` with `body` at once. Each answer is the shard's body
 * (200), null when the shard does not exist yet (no customer hashed to it), or undefined when it
 * failed (logged).
 */
export async function askShards(method: string, body: unknown): Promise<Array<object | null | undefined>> {
  return Promise.all(directoryShards().map(async function (shard): Promise<object | null | undefined> {
    try {
      const answer = await rdk.methodCall({ classId: DIRECTORY_CLASS, instanceId: shard, methodName: method, body: body })
      if (answer && answer.statusCode === 404) return null
      if (answer && answer.statusCode === 200 && answer.body && typeof answer.body === 'object') return answer.body as object
      console.error('[directory] ' + shard + ' answered ' + (answer ? answer.statusCode : 'nothing') + ' to ' + method)
    } catch (err) {
      console.error('[directory] ' + shard + ' did not answer ' + method + ' (' + String(err) + ')')
    }
    return undefined
  }))
}

/**
 * The Accounts whose subscription is on `planId`, from every shard, each once; undefined when a
 * shard did not answer (a list with a part missing would leave subscribers untold).
 */
export async function subscribersOfPlan(planId: string): Promise<string[] | undefined> {
  const ids: string[] = []
  const seen: { [accountId: string]: boolean } = {}
  for (const answer of await askShards('subscribersOf', { planId: planId })) {
    if (answer === null) continue
    const found = answer ? (answer as { accountIds?: unknown }).accountIds : undefined
    if (!Array.isArray(found)) return undefined
    for (const id of found) {
      if (typeof id !== 'string' || seen[id]) continue
      seen[id] = true
      ids.push(id)
    }
  }
  return ids
}
