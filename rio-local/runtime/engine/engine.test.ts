/** Engine ordering guarantees with the mirror: INSTANCE creation answers after the first write lands (bounded). */
import { createBackend } from '../../app'
import type { PublishOptions, StateMirror } from '../wire-types'

function mirror(delayMs: number | 'never', events: string[]): StateMirror {
  return {
    publish: (change) =>
      new Promise<void>((resolve) => {
        events.push(`publish ${change.classId}`)
        if (delayMs === 'never') return
        setTimeout(() => {
          events.push('written')
          resolve()
        }, delayMs)
      }),
    flush: async () => undefined,
    close: async () => undefined,
  }
}

test('INSTANCE answers a new instance only once the mirror wrote it', async () => {
  const events: string[] = []
  const backend = await createBackend({ projectId: 'engine', storage: 'memory', mirror: mirror(150, events) })
  const res = await backend.handle({ method: 'POST', url: '/engine/INSTANCE/Account', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pat@example.com' }) })
  events.push(`answered ${res.status}`)
  expect(events).toEqual(['publish Account', 'written', 'answered 200'])
  // Later changes do not wait for the mirror.
  events.length = 0
  const id = (JSON.parse(res.body) as { instanceId: string }).instanceId
  const sent = await backend.handle({ method: 'POST', url: `/engine/CALL/Account/sendOtp/${id}`, headers: {} })
  events.push(`answered ${sent.status}`)
  expect(events).toEqual(['publish Account', 'answered 200'])
  await backend.close()
})

test('INSTANCE waits at most 2 s for a first write that does not land; the mirror is asked for the outcome, never a bound', async () => {
  const events: string[] = []
  const options: Array<PublishOptions | undefined> = []
  const stuck = mirror('never', events)
  const recording: StateMirror = { ...stuck, publish: (change, opts) => { options.push(opts); return stuck.publish(change) } }
  const backend = await createBackend({ projectId: 'engine', storage: 'memory', mirror: recording })
  const started = Date.now()
  const res = await backend.handle({ method: 'POST', url: '/engine/INSTANCE/Account', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'quinn@example.com' }) })
  expect(res.status).toBe(200)
  expect(Date.now() - started).toBeGreaterThanOrEqual(1990)
  expect(Date.now() - started).toBeLessThan(3000)
  // The wait is the runtime's own (runtime/mirror-journal.ts): it must learn whether the write landed.
  expect(options).toEqual([undefined])
  await backend.close()
})
