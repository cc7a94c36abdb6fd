/**
 * The RDK 1.1.15 operations on local storage, with the answers and limits of Retter's documentation
 * (docs.retter.io: RDK > Database, RDK > File Storage, RDK > Operations for pipelines and sorted
 * sets), on SQLite, kept across a restart. Class code calls them as Retter's samples do.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend } from '../app'
import { silentLogger } from '../logger'
import { call, sessions } from './in-process'
import { emptyProject, type TempProject } from './projects'

jest.setTimeout(60_000)

const P = 'rdk-ops'
let project: TempProject
let data: string
let backend: Backend
let anon: string

async function start(): Promise<void> {
  backend = await createBackend({ projectId: P, storage: { dir: data }, projectDir: project.dir, logger: silentLogger, timers: false })
  anon = await sessions(backend).anonymous()
}

beforeAll(async () => {
  project = emptyProject()
  project.write('classes/Ops/template.yml', [
    'init: index.init',
    'methods:',
    '  - method: run',
    '    type: STATIC',
    '    handler: index.run',
    '  - method: pipe',
    '    type: STATIC',
    '    handler: index.pipe',
    '  - method: deploy',
    '    type: STATIC',
    '    handler: index.deploy',
    '',
  ].join('\n'))
  project.write('classes/Ops/index.ts', `
import RDK, { Data } from '@retter/rdk'
const rdk = new RDK()
export async function init(data: Data): Promise<Data> { return data }
// Runs one operation by name: { op, input } -> its answer.
export async function run(data: Data): Promise<Data> {
  const { op, input } = data.request.body
  data.response = { statusCode: 200, body: { answer: await (rdk as any)[op](input) } }
  return data
}
// RDK > Operations: several operations sent in a single execution.
export async function pipe(data: Data): Promise<Data> {
  const answer = await rdk.pipeline()
    .writeToDatabase({ partKey: 'my-part', sortKey: 'my-sort', memory: true, data: { key: 'value' } })
    .setFile({ filename: 'my-file', body: 'my-content' })
    .addToSortedSet({ setName: 'my-set', sortKey: 'my-sort-key', data: { key: 'value' } })
    .readDatabase({ partKey: 'my-part', sortKey: 'my-sort' })
    .getFile({ filename: 'my-file' })
    .send()
  data.response = { statusCode: 200, body: { answer } }
  return data
}
export async function deploy(data: Data): Promise<Data> {
  try {
    await rdk.deployClass({ classId: 'Ops' })
    data.response = { statusCode: 200, body: { error: null } }
  } catch (e) {
    data.response = { statusCode: 200, body: { error: (e as Error).message } }
  }
  return data
}
`)
  data = mkdtempSync(join(tmpdir(), 'rdk-ops-'))
  await start()
})
afterAll(async () => {
  await backend.close()
  project.remove()
  rmSync(data, { recursive: true, force: true })
})

async function op<T = { success: boolean; data?: unknown; error?: string }>(name: string, input: unknown): Promise<T> {
  const res = await call<{ answer: T }>(backend, 'POST', `/${P}/CALL/Ops/run/static?_token=${anon}`, { op: name, input })
  expect(res.status).toBe(200)
  return res.body.answer
}

test('database: write, read, query a range in sort-key order with pages, increment, remove (RDK > Database)', async () => {
  for (const sort of ['b#2', 'a#1', 'b#1', 'c#1']) expect(await op('writeToDatabase', { partKey: 'p', sortKey: sort, data: { sort } })).toEqual({ success: true })
  expect(await op('readDatabase', { partKey: 'p', sortKey: 'a#1' })).toEqual({ success: true, data: { part: 'p', sort: 'a#1', data: { sort: 'a#1' } } })
  const first = await op<{ success: boolean; data: { items: Array<{ sortKey: string }>; nextToken?: string } }>('queryDatabase', { partKey: 'p', beginsWith: 'b', limit: 1 })
  expect(first.data.items.map((i) => i.sortKey)).toEqual(['b#1'])
  const second = await op<{ data: { items: Array<{ partKey: string; sortKey: string; data: unknown }>; nextToken?: string } }>('queryDatabase', { partKey: 'p', beginsWith: 'b', limit: 1, nextToken: first.data.nextToken })
  expect(second.data).toEqual({ items: [{ partKey: 'p', sortKey: 'b#2', data: { sort: 'b#2' } }] })
  const reversed = await op<{ data: { items: Array<{ sortKey: string }> } }>('queryDatabase', { partKey: 'p', greaterOrEqual: 'a#1', lessOrEqual: 'b#2', reverse: true })
  expect(reversed.data.items.map((i) => i.sortKey)).toEqual(['b#2', 'b#1', 'a#1'])
  expect(await op('incrementDatabase', { partKey: 'count', sortKey: 'visits', value: 2 })).toEqual({ success: true, data: 2 })
  expect(await op('incrementDatabase', { partKey: 'count', sortKey: 'visits', value: 3 })).toEqual({ success: true, data: 5 })
  expect(await op('removeFromDatabase', { partKey: 'p', sortKey: 'a#1' })).toEqual({ success: true })
  expect(await op('readDatabase', { partKey: 'p', sortKey: 'a#1' })).toEqual({ success: true })
  expect((await op('writeToDatabase', { partKey: 'p', sortKey: 'big', data: { text: 'x'.repeat(400_001) } })).success).toBe(false)
  expect(await op('writeToDatabase', { partKey: '', sortKey: 's', data: {} })).toEqual({ success: false, error: 'partKey is required (a non-empty string)' })
})

test('a database record with expireAt (epoch seconds) is gone once it passes (RDK > Database, "Timestamp in seconds to expire at")', async () => {
  const now = Math.floor(Date.now() / 1000)
  await op('writeToDatabase', { partKey: 'ttl', sortKey: 'past', data: { a: 1 }, expireAt: now - 1 })
  await op('writeToDatabase', { partKey: 'ttl', sortKey: 'future', data: { a: 2 }, expireAt: now + 3600 })
  expect(await op('readDatabase', { partKey: 'ttl', sortKey: 'past' })).toEqual({ success: true })
  expect((await op<{ data: { items: unknown[] } }>('queryDatabase', { partKey: 'ttl' })).data.items).toHaveLength(1)
})

test('sorted sets, files and listInstanceIds; all of it is still there after a restart (RDK > File Storage)', async () => {
  await op('addToSortedSet', { setName: 'scores', sortKey: '0002', data: { who: 'b' } })
  await op('addToSortedSet', { setName: 'scores', sortKey: '0001', data: { who: 'a' } })
  expect(await op('setFile', { filename: 'notes/today.txt', body: 'beans' })).toEqual({ success: true })
  for (const n of [1, 2, 3]) await call(backend, 'POST', `/${P}/INSTANCE/Ops/ops-${n}?_token=${anon}`)
  await backend.close()
  await start()
  expect(await op('getFromSortedSet', { setName: 'scores', sortKey: '0001' })).toEqual({ success: true, data: { who: 'a' } })
  expect((await op<{ data: { items: Array<{ sortKey: string }> } }>('querySortedSet', { setName: 'scores' })).data.items.map((i) => i.sortKey)).toEqual(['0001', '0002'])
  expect(await op('removeFromSortedSet', { setName: 'scores', sortKey: '0001' })).toEqual({ success: true })
  expect(await op('getFile', { filename: 'notes/today.txt' })).toEqual({ success: true, data: 'beans' })
  expect(await op('listFiles', { prefix: 'notes/' })).toEqual({ statusCode: 200, body: { files: ['notes/today.txt'] } })
  expect(await op('deleteFile', { filename: 'notes/today.txt' })).toEqual({ success: true })
  expect(await op('getFile', { filename: 'notes/today.txt' })).toEqual({ success: false, error: 'there is no file "notes/today.txt"' })
  const page = await op<{ statusCode: number; body: { instanceIds: string[]; nextToken?: string } }>('listInstanceIds', { limit: 2 })
  expect(page.body.instanceIds).toEqual(['ops-1', 'ops-2'])
  const rest = await op<{ body: { instanceIds: string[]; nextToken?: string } }>('listInstanceIds', { classId: 'Ops', nextToken: page.body.nextToken })
  expect(rest.body).toEqual({ instanceIds: ['ops-3'] })
})

test('a pipeline runs its operations in order and answers each under its name (RDK > Operations)', async () => {
  const res = await call<{ answer: Record<string, unknown[]> }>(backend, 'POST', `/${P}/CALL/Ops/pipe/static?_token=${anon}`)
  expect(res.body.answer).toEqual({
    writeToDatabase: [{ success: true }],
    setFile: [{ success: true }],
    addToSortedSet: [{ success: true }],
    readDatabase: [{ success: true, data: { part: 'my-part', sort: 'my-sort', data: { key: 'value' } } }],
    getFile: [{ success: true, data: 'my-content' }],
  })
})

test('operations that change the deployed project are refused with an error naming them', async () => {
  const res = await call<{ error: string }>(backend, 'POST', `/${P}/CALL/Ops/deploy/static?_token=${anon}`)
  expect(res.body.error).toMatch(/^rdk\.deployClass is not available in the local Retter runtime \(rio-local\): it changes the deployed project/)
})
