/**
 * Each call gets its own state and environment, on both storages: what a handler does to
 * `data.state` or `data.env` reaches nobody else, and only a call that ends stores its state. On
 * SQLite the committed states are cached (storage/instance-cache.ts) and a WRITE's handler gets the
 * copy storage parsed (no second copy): these check that neither leaks, and that the cache follows
 * every write (dev endpoint, restart).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend, type BackendOptions } from '../app'
import { call, sessions } from './in-process'
import { emptyProject, type TempProject } from './projects'
import { recordingLogger } from './recording-logger'

jest.setTimeout(60_000)

const P = 'per-call'
let project: TempProject
let dataDir: string

beforeAll(() => {
  project = emptyProject()
  project.write('classes/Box/template.yml', [
    'init: index.init',
    'getInstanceId: index.getInstanceId',
    'methods:',
    '  - method: add',
    '    type: WRITE',
    '    handler: index.add',
    '  - method: addThenThrow',
    '    type: WRITE',
    '    handler: index.addThenThrow',
    '  - method: touch',
    '    type: WRITE',
    '    handler: index.touch',
    '  - method: peek',
    '    type: READ',
    '    handler: index.peek',
    '  - method: changeEnv',
    '    type: READ',
    '    handler: index.changeEnv',
    '  - method: replaceEnv',
    '    type: WRITE',
    '    handler: index.replaceEnv',
    '',
  ].join('\n'))
  project.write('classes/Box/index.ts', `
import { Data } from '@retter/rdk'
export async function getInstanceId(data: Data): Promise<string> { return data.request.body.name }
export async function init(data: Data): Promise<Data> {
  data.state.public = { items: [] }
  data.state.private = { note: 'start' }
  return data
}
export async function add(data: Data): Promise<Data> {
  data.state.public.items.push(data.request.body.item)
  data.response = { statusCode: 200, body: { items: data.state.public.items, version: data.version } }
  return data
}
export async function addThenThrow(data: Data): Promise<Data> {
  data.state.public.items.push('thrown')
  data.state.private.note = 'changed'
  throw new Error('after changing the state')
}
export async function touch(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { version: data.version } }
  return data
}
export async function peek(data: Data): Promise<Data> {
  const seen = JSON.parse(JSON.stringify(data.state))
  data.state.public.items.push('read')
  data.response = { statusCode: 200, body: { state: seen, version: data.version } }
  return data
}
export async function changeEnv(data: Data): Promise<Data> {
  const seen = data.env.BOX_MARK
  data.env.BOX_MARK = 'changed by a handler'
  data.response = { statusCode: 200, body: { seen: seen === undefined ? null : seen } }
  return data
}
export async function replaceEnv(data: Data): Promise<Data> {
  data.env = { BOX_MARK: 'replaced' }
  data.response = { statusCode: 200, body: { seen: data.env.BOX_MARK } }
  return data
}
`)
  dataDir = mkdtempSync(join(tmpdir(), 'per-call-'))
})

afterAll(() => {
  project.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

afterEach(() => {
  delete process.env.BOX_MARK
})

function start(storage: BackendOptions['storage']): Promise<Backend> {
  return createBackend({ projectId: P, storage, projectDir: project.dir, logger: recordingLogger(), timers: false, dev: true })
}

interface BoxState {
  public: { items: string[] }
  private: { note: string }
}

describe.each([
  ['memory', () => 'memory' as const],
  ['SQLite', () => ({ dir: join(dataDir, `run-${Date.now()}`) })],
])('on %s storage', (_name, storageOf) => {
  let backend: Backend
  let anon: string
  beforeEach(async () => {
    backend = await start(storageOf())
    anon = await sessions(backend).anonymous()
  })
  afterEach(async () => {
    await backend.close()
  })
  const open = (name: string) => call(backend, 'POST', `/${P}/INSTANCE/Box?_token=${anon}`, { name })
  const run = <T = Record<string, unknown>>(method: string, id: string, body?: unknown) => call<T>(backend, 'POST', `/${P}/CALL/Box/${method}/${id}?_token=${anon}`, body)
  const stored = async (id: string) => (await call<BoxState>(backend, 'GET', `/${P}/STATE/Box/${id}?_token=${anon}`)).body

  test('a WRITE that changes data.state and then throws stores nothing, and the next call sees the stored state', async () => {
    await open('thrower')
    await run('add', 'thrower', { item: 'one' })
    expect((await run('addThenThrow', 'thrower')).status).toBe(500)
    expect(await stored('thrower')).toEqual({ public: { items: ['one'] }, private: { note: 'start' }, user: {}, role: {} })
    const next = await run<{ items: string[]; version: number }>('add', 'thrower', { item: 'two' })
    expect(next.body).toEqual({ items: ['one', 'two'], version: 2 })
    expect((await stored('thrower')).public.items).toEqual(['one', 'two'])
  })

  test("a READ's changes to data.state reach neither storage nor the next call", async () => {
    await open('reader')
    await run('add', 'reader', { item: 'one' })
    for (let i = 0; i < 2; i++) {
      expect((await run<{ state: BoxState }>('peek', 'reader')).body.state.public.items).toEqual(['one'])
    }
    expect((await run<{ items: string[] }>('add', 'reader', { item: 'two' })).body.items).toEqual(['one', 'two'])
  })

  test('data.version moves with each state change and stays on a WRITE that changes nothing', async () => {
    await open('counted')
    expect((await run('touch', 'counted')).body).toEqual({ version: 1 })
    expect((await run('add', 'counted', { item: 'a' })).body).toMatchObject({ version: 1 })
    expect((await run('touch', 'counted')).body).toEqual({ version: 2 })
    expect((await run('touch', 'counted')).body).toEqual({ version: 2 })
    expect((await run('add', 'counted', { item: 'b' })).body).toMatchObject({ version: 2 })
    expect((await run('touch', 'counted')).body).toEqual({ version: 3 })
  })

  test("a handler's change to data.env reaches neither process.env nor the next call; process.env set between calls does", async () => {
    await open('env')
    expect((await run('changeEnv', 'env')).body).toEqual({ seen: null })
    expect(process.env.BOX_MARK).toBeUndefined()
    expect((await run('changeEnv', 'env')).body).toEqual({ seen: null })
    process.env.BOX_MARK = 'set by the test'
    expect((await run('changeEnv', 'env')).body).toEqual({ seen: 'set by the test' })
    expect((await run('replaceEnv', 'env')).body).toEqual({ seen: 'replaced' })
    expect((await run('changeEnv', 'env')).body).toEqual({ seen: 'set by the test' })
    expect(process.env.BOX_MARK).toBe('set by the test')
  })

  test('a state written through the dev endpoint is the one the next call gets', async () => {
    await open('dev')
    await run('add', 'dev', { item: 'one' })
    expect((await call(backend, 'POST', `/__dev/state/Box/dev`, { items: ['from the dev endpoint'] })).status).toBe(200)
    expect((await run<{ items: string[] }>('add', 'dev', { item: 'two' })).body.items).toEqual(['from the dev endpoint', 'two'])
  })
})

test('on SQLite, a restart serves the states committed before it', async () => {
  const dir = join(dataDir, 'restart')
  const first = await start({ dir })
  const anon = await sessions(first).anonymous()
  await call(first, 'POST', `/${P}/INSTANCE/Box?_token=${anon}`, { name: 'kept' })
  await call(first, 'POST', `/${P}/CALL/Box/add/kept?_token=${anon}`, { item: 'before' })
  await call(first, 'POST', `/${P}/CALL/Box/addThenThrow/kept?_token=${anon}`)
  await first.close()
  const again = await start({ dir })
  try {
    const anonAgain = await sessions(again).anonymous()
    const added = await call<{ items: string[]; version: number }>(again, 'POST', `/${P}/CALL/Box/add/kept?_token=${anonAgain}`, { item: 'after' })
    expect(added.body).toEqual({ items: ['before', 'after'], version: 2 })
  } finally {
    await again.close()
  }
})

test('on SQLite, a WRITE on a large state parses it once and serialises it once, and copies it no further', async () => {
  const backend = await start({ dir: join(dataDir, 'cost') })
  try {
    const anon = await sessions(backend).anonymous()
    await call(backend, 'POST', `/${P}/INSTANCE/Box?_token=${anon}`, { name: 'large' })
    const big = 'x'.repeat(200_000)
    await call(backend, 'POST', `/${P}/CALL/Box/add/large?_token=${anon}`, { item: big })
    const counts = { stringify: 0, parse: 0, clone: 0 }
    const stringify = jest.spyOn(JSON, 'stringify')
    const parse = jest.spyOn(JSON, 'parse')
    const clone = jest.spyOn(globalThis, 'structuredClone')
    try {
      stringify.mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
        const out = originalStringify(...args)
        if (typeof out === 'string' && out.length >= big.length) counts.stringify++
        return out
      })
      parse.mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
        if (typeof text === 'string' && text.length >= big.length) counts.parse++
        return originalParse(text, reviver) as unknown
      })
      clone.mockImplementation((value: unknown, options?: StructuredSerializeOptions) => {
        if (originalStringify(value).length >= big.length) counts.clone++
        return originalClone(value, options)
      })
      const touched = await call<{ version: number }>(backend, 'POST', `/${P}/CALL/Box/touch/large?_token=${anon}`)
      expect(touched.status).toBe(200)
    } finally {
      stringify.mockRestore()
      parse.mockRestore()
      clone.mockRestore()
    }
    expect(counts).toEqual({ stringify: 1, parse: 1, clone: 0 })
  } finally {
    await backend.close()
  }
})

const originalStringify = JSON.stringify.bind(JSON)
const originalParse = JSON.parse.bind(JSON)
const originalClone = globalThis.structuredClone
