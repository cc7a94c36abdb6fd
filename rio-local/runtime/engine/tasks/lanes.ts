/**
 * Runs items in lanes: items of one lane one at a time, in the order given; different lanes at
 * once, at most `bound` of them. The delayed-call runner's rule (a lane is an instance: Retter
 * serialises calls to one instance only), kept apart so it can be tested on its own.
 */

/**
 * @param items in the order each lane must keep
 * @param laneOf the lane of an item (equal strings: the same lane)
 * @param bound how many lanes run at once (a whole number, at least 1)
 * @param run runs one item; a rejection stops its lane and rejects the whole run once every lane started has settled
 * @param stopped checked before each item; true: no further item starts
 * @returns the results of the items that ran, in the order of `items`
 */
export async function inLanes<T, R>(items: readonly T[], laneOf: (item: T) => string, bound: number, run: (item: T) => Promise<R>, stopped: () => boolean = () => false): Promise<R[]> {
  const lanes = new Map<string, number[]>()
  items.forEach((item, index) => {
    const key = laneOf(item)
    const lane = lanes.get(key)
    if (lane) lane.push(index)
    else lanes.set(key, [index])
  })
  const waiting = [...lanes.values()]
  const results = new Map<number, R>()
  // Each worker takes the next lane and runs it to its end, so a lane never has two items running.
  const worker = async (): Promise<void> => {
    for (let lane = waiting.shift(); lane !== undefined; lane = waiting.shift()) {
      for (const index of lane) {
        if (stopped()) return
        results.set(index, await run(items[index] as T))
      }
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(bound, waiting.length) }, worker))
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed) throw failed.reason
  return [...results.keys()].sort((a, b) => a - b).map((index) => results.get(index) as R)
}
