/**
 * Delayed calls of different instances run at once (up to the runner's bound), while one
 * instance's run one at a time and in due order, as Retter serialises calls per instance only.
 * The runner is driven directly, on memory storage, with a dispatch that records when each call
 * starts and ends and takes a random while (fast-check: random schedules and durations).
 */
import fc from 'fast-check'
import { createMemoryStorage } from '../../../storage/memory'
import type { TaskRecord } from '../../../storage/types'
import { silentLogger } from '../../../logger'
import type { CloudCall } from '../context'
import { json } from '../../responses'
import { createTaskRunner } from './runner'

const P = 'lanes'
const NOW = Date.parse('2026-12-01T09:00:00.000Z')

function task(instanceId: string, dueAt: number, seq: number): TaskRecord {
  return {
    projectId: P, classId: 'Reminder', method: 'note', instanceId, payload: { seq }, dueAt, createdAt: NOW - 1000,
    referer: { classId: 'Reminder', methodName: 'INIT', identity: 'developer' }, sourceIP: '127.0.0.1', busyRetries: 0,
  }
}

interface Event { kind: 'start' | 'end'; instanceId: string; seq: number }

/** A runner whose calls record their start and end and each take `delayOf(seq)` ms. */
function recordingRunner(tasks: TaskRecord[], concurrency: number, delayOf: (seq: number) => number) {
  const storage = createMemoryStorage()
  storage.commit({ tasks })
  const events: Event[] = []
  let running = 0
  let peak = 0
  const dispatch = async (call: CloudCall) => {
    const instanceId = call.rest[1] as string
    const seq = (call.request.body as { seq: number }).seq
    events.push({ kind: 'start', instanceId, seq })
    running++
    peak = Math.max(peak, running)
    await new Promise((resolve) => setTimeout(resolve, delayOf(seq)))
    running--
    events.push({ kind: 'end', instanceId, seq })
    return json(200, {})
  }
  const runner = createTaskRunner({ projectId: P, storage, logger: silentLogger, now: () => NOW, dispatch, timers: false, concurrency })
  return { runner, storage, events, peak: () => peak }
}

test('fast-check: over random schedules each instance runs its calls in due order and never two at once; the bound holds', async () => {
  const schedule = fc.record({
    entries: fc.array(fc.record({ instance: fc.integer({ min: 0, max: 5 }), dueOffset: fc.integer({ min: 0, max: 3 }), delay: fc.integer({ min: 0, max: 4 }) }), { minLength: 1, maxLength: 30 }),
    concurrency: fc.integer({ min: 1, max: 6 }),
  })
  await fc.assert(
    fc.asyncProperty(schedule, async ({ entries, concurrency }) => {
      const tasks = entries.map((e, seq) => task(`i${e.instance}`, NOW - 100 + e.dueOffset, seq))
      const { runner, storage, events, peak } = recordingRunner(tasks, concurrency, (seq) => (entries[seq] as { delay: number }).delay)
      const dueOrder = storage.listTasks(P, NOW).map((t) => t.id)
      const results = await runner.runDue()
      expect(results).toHaveLength(entries.length)
      expect(storage.listTasks(P)).toHaveLength(0)
      // The order each instance must keep: due time, then the order stored.
      const expected = new Map<string, number[]>()
      tasks
        .map((t, seq) => ({ t, seq }))
        .sort((a, b) => a.t.dueAt - b.t.dueAt || a.seq - b.seq)
        .forEach(({ t, seq }) => expected.set(t.instanceId as string, [...(expected.get(t.instanceId as string) ?? []), seq]))
      const started = new Map<string, number[]>()
      const busy = new Set<string>()
      for (const e of events) {
        if (e.kind === 'start') {
          // Never two calls of one instance at once.
          expect(busy.has(e.instanceId)).toBe(false)
          busy.add(e.instanceId)
          started.set(e.instanceId, [...(started.get(e.instanceId) ?? []), e.seq])
        } else {
          busy.delete(e.instanceId)
        }
      }
      expect(started).toEqual(expected)
      expect(peak()).toBeLessThanOrEqual(concurrency)
      // The answer lists the calls in due order, as before.
      expect(results.map((r) => r.id)).toEqual(dueOrder)
    }),
    { numRuns: 60 },
  )
})

test('N instances\' delayed calls due at one moment run at once, up to the bound', async () => {
  const N = 12
  const tasks = Array.from({ length: N }, (_, i) => task(`account-${i}`, NOW - 10, i))
  const { runner, peak } = recordingRunner(tasks, 8, () => 20)
  await runner.runDue()
  // Eight at once (the bound), not one after another; timing is left to bench:charges.
  expect(peak()).toBe(8)
})

test('one instance\'s calls stay one at a time and in order whatever the bound', async () => {
  const tasks = Array.from({ length: 10 }, (_, i) => task('account-1', NOW - 10 + (i % 3), i))
  const { runner, events, peak } = recordingRunner(tasks, 8, () => 2)
  await runner.runDue()
  expect(peak()).toBe(1)
  const order = events.filter((e) => e.kind === 'start').map((e) => e.seq)
  expect(order).toEqual([0, 3, 6, 9, 1, 4, 7, 2, 5, 8])
})
