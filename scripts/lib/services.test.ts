/**
 * The local stack's one lifecycle (scripts/lib/services.ts): order of start and stop, what a failed
 * or interrupted start leaves running (nothing), and which exits count as crashes.
 */
import { createServiceRun, INTERRUPTED, type Service } from './services'

/** A service that logs what happens to it; `fail` makes its start reject, `hold` keeps it starting until stopped. */
function fake(name: string, log: string[], how: { fail?: boolean; hold?: boolean } = {}): Service {
  let release: () => void = () => undefined
  return {
    name,
    async start() {
      log.push(`start ${name}`)
      if (how.hold) await new Promise<void>((resolve) => { release = resolve })
      if (how.fail) throw new Error(`${name} did not answer`)
    },
    async stop() {
      log.push(`stop ${name}`)
      release()
    },
    address: () => `http://127.0.0.1/${name}`,
  }
}

test('services start in order and stop newest first, once however often stop is called', async () => {
  const log: string[] = []
  const run = createServiceRun()
  await run.start([fake('emulator', log), fake('backend', log), fake('app', log)])
  await Promise.all([run.stop(), run.stop()])
  await run.stop()
  expect(log).toEqual(['start emulator', 'start backend', 'start app', 'stop app', 'stop backend', 'stop emulator'])
})

test('a start that fails stops what started, itself included, and rejects with its error; later services never start', async () => {
  const log: string[] = []
  const run = createServiceRun()
  await expect(run.start([fake('emulator', log), fake('backend', log, { fail: true }), fake('app', log)])).rejects.toThrow('backend did not answer')
  expect(log).toEqual(['start emulator', 'start backend', 'stop backend', 'stop emulator'])
})

test('an abort while a service starts stops it and those before it, and the start rejects as interrupted', async () => {
  const log: string[] = []
  const run = createServiceRun()
  const abort = new AbortController()
  const starting = run.start([fake('emulator', log), fake('backend', log, { hold: true }), fake('app', log)], abort.signal)
  await new Promise((resolve) => setImmediate(resolve))
  abort.abort()
  await expect(starting).rejects.toThrow(INTERRUPTED)
  expect(log).toEqual(['start emulator', 'start backend', 'stop backend', 'stop emulator'])
})

test('an abort after the start stops everything', async () => {
  const log: string[] = []
  const run = createServiceRun()
  const abort = new AbortController()
  await run.start([fake('emulator', log), fake('app', log)], abort.signal)
  abort.abort()
  await run.stop()
  expect(log).toEqual(['start emulator', 'start app', 'stop app', 'stop emulator'])
})

test('a process that exits on its own is reported by name; one replaced or stopped on purpose is not', async () => {
  const run = createServiceRun()
  let current = 'old'
  let endOld: (code: number) => void = () => undefined
  let endNew: (code: number) => void = () => undefined
  run.watch({ name: 'backend', exited: new Promise<number>((resolve) => { endOld = resolve }) }, () => current === 'old')
  run.watch({ name: 'localstripe', exited: new Promise<number>((resolve) => { endNew = resolve }) })
  current = 'new'
  endOld(0)
  await new Promise((resolve) => setImmediate(resolve))
  endNew(1)
  await expect(run.unexpectedExit).resolves.toBe('localstripe')

  const stopping = createServiceRun()
  let end: (code: number) => void = () => undefined
  stopping.watch({ name: 'next', exited: new Promise<number>((resolve) => { end = resolve }) })
  await stopping.stop()
  end(0)
  const reported = await Promise.race([stopping.unexpectedExit, new Promise((resolve) => setImmediate(() => resolve('nothing')))])
  expect(reported).toBe('nothing')
})
