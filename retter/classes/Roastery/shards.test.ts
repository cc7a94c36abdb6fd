/**
 * A day whose packing list is far larger than one Firestore document may hold, run by the local
 * runtime in-process with its real Firestore mirror and the emulator: every delivery is read back
 * from the live documents (the day's head and its `YYYY-MM-DD_N` shards), no document nears 1 MiB,
 * and a shard whose write failed makes the documents disagree, which is what tells staff the board
 * is not live (the page's side: __tests__/roastery/not-live.test.tsx).
 */
import { mergeShards, type Board, type BoardDeliveryInput, type BoardHead, type ShardDocument } from '@retter-shared/BeanBloomBoard'
import { createBackend, type Backend } from '../../../rio-local/app'
import { createFirestoreMirror, instanceDocumentPaths, readDocument } from '../../../rio-local/firestore/mirror'
import { FIRESTORE_DOCUMENT_LIMIT_BYTES, firestoreDocumentBytes } from '../../../rio-local/firestore/size'
import { emulatorHost, uniqueFirebaseProject } from '../../../rio-local/firestore/test-support'
import type { StateMirror } from '../../../rio-local/runtime/wire-types'
import { call, sessions } from '../../../rio-local/test/in-process'
import type { TempProject } from '../../../rio-local/test/projects'
import { composeWithWrappers } from '../Account/__tests__/project'

const P = 'roastery-shards'
const DAY = '2026-12-02'
/** Deliveries put on the one day: at the largest the Roastery accepts, about 1.5 MiB as one document. */
const DELIVERIES = 600

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** `n` CJK characters (three UTF-8 bytes each, one UTF-16 unit). */
function cjk(n: number, seed: number): string {
  let text = ''
  for (let i = 0; i < n; i++) text += String.fromCharCode(0x4e00 + ((seed * 31 + i * 7) % 20000))
  return text
}

/** A delivery at the longest the Roastery's input model accepts (RoasterySyncDeliveryInput). */
function largest(i: number): BoardDeliveryInput {
  return {
    plan: 'weekly-classic', grind: 'espresso', roast: 'dark', bags: 20, name: cjk(200, i),
    address: { line1: cjk(200, i + 1), line2: cjk(200, i + 2), city: cjk(200, i + 3), postalCode: 'P' + String(i).padStart(39, '0'), country: 'JP' },
  }
}

const account = (i: number) => `acct_${String(i).padStart(24, '0')}`

let project: TempProject
let backend: Backend
let firebaseProjectId: string
let platform: string

beforeAll(() => {
  // The day is filled the way the Account class fills it (syncDelivery), by the platform identity
  // directly: 400 customers through sign-up and payment would only make this test slow.
  project = composeWithWrappers([{
    file: 'classes/Roastery/loader.ts',
    source: [
      "import { Data, Response } from '@retter/rdk'",
      "import { authorizer as real } from './index'",
      'export async function authorizer(data: Data): Promise<Response> {',
      "  if (data.context.identity === 'developer') return { statusCode: 200 }",
      '  return real(data)',
      '}',
    ],
    template: 'classes/Roastery/template.yml', from: 'authorizer: index.authorizer', to: 'authorizer: loader.authorizer',
  }])
})
afterAll(() => project.remove())
afterEach(async () => {
  await backend.close()
})

async function start(mirror: StateMirror): Promise<void> {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, mirror, projectDir: project.dir, projectEnv: { STAFF_EMAILS: 'rosa@example.com' } })
  platform = sessions(backend).platform()
  expect((await call(backend, 'POST', `/${P}/INSTANCE/Roastery/${DAY}?_token=${platform}`)).status).toBe(200)
}

async function sync(i: number, delivery: BoardDeliveryInput | null): Promise<void> {
  const res = await call(backend, 'POST', `/${P}/CALL/Roastery/syncDelivery/${DAY}?_token=${platform}`, { deliveryId: `${account(i)}:${DAY}`, delivery })
  expect({ i, status: res.status, body: res.body }).toMatchObject({ status: 200 })
}

function path(instanceId: string): string {
  return instanceDocumentPaths(P, 'Roastery', instanceId).roleState('staff')
}

/** The day's live documents as Firestore holds them, and their sizes. */
async function live(): Promise<{ head: BoardHead; shards: Record<string, ShardDocument>; sizes: number[] }> {
  const host = emulatorHost()
  const head = (await readDocument(host, firebaseProjectId, path(DAY))) as unknown as BoardHead
  const sizes = [firestoreDocumentBytes(path(DAY), head as unknown as Record<string, unknown>)]
  const shards: Record<string, ShardDocument> = {}
  for (const ref of head.shards) {
    const doc = (await readDocument(host, firebaseProjectId, path(ref.id))) as unknown as ShardDocument | null
    if (doc) {
      shards[ref.id] = doc
      sizes.push(firestoreDocumentBytes(path(ref.id), doc as unknown as Record<string, unknown>))
    }
  }
  return { head, shards, sizes }
}

/** The day's whole board as staff read it once (STATE). */
async function wholeBoard(): Promise<Board> {
  const staff = await sessions(backend).customer('rosa@example.com')
  const res = await call<{ role: { staff: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${DAY}?_token=${staff.token}`)
  expect(res.status).toBe(200)
  return res.body.role.staff
}

test(`${DELIVERIES} of the largest deliveries on one day: every one is in the live documents, none of which nears 1 MiB`, async () => {
  firebaseProjectId = uniqueFirebaseProject('shards')
  const mirror = createFirestoreMirror({ host: emulatorHost(), projectId: firebaseProjectId, logger: quiet })
  await start(mirror)
  for (let i = 0; i < DELIVERIES; i++) await sync(i, largest(i))
  // One removed and one changed after the day was split: the parts keep up.
  await sync(7, null)
  await sync(8, { ...largest(8), bags: 3 })
  await mirror.flush()

  const { head, shards, sizes } = await live()
  const merged = mergeShards(head, shards)
  expect(merged.complete).toBe(true)
  expect(merged.board.deliveries).toHaveLength(DELIVERIES - 1)
  const ids = new Set(merged.board.deliveries.map((d) => d.deliveryId))
  for (let i = 0; i < DELIVERIES; i++) expect(ids.has(`${account(i)}:${DAY}`)).toBe(i !== 7)
  expect(merged.board.deliveries.find((d) => d.deliveryId === `${account(8)}:${DAY}`)?.bags).toBe(3)
  expect(merged.board.deliveries.find((d) => d.deliveryId === `${account(9)}:${DAY}`)?.name).toBe(largest(9).name)
  // The same board as one document would be past Firestore's limit: this is what the shards are for.
  const whole = await wholeBoard()
  expect(whole.deliveries).toHaveLength(DELIVERIES - 1)
  expect(firestoreDocumentBytes(path(DAY), whole as unknown as Record<string, unknown>)).toBeGreaterThan(FIRESTORE_DOCUMENT_LIMIT_BYTES)
  expect(head.shards.length).toBeGreaterThanOrEqual(6)
  for (const size of sizes) expect(size).toBeLessThan(FIRESTORE_DOCUMENT_LIMIT_BYTES / 3)
  expect(merged.board.totals).toEqual(whole.totals)
}, 240_000)

test('a shard whose live document could not be written leaves the documents disagreeing, until a later write catches it up', async () => {
  firebaseProjectId = uniqueFirebaseProject('shards-fail')
  const real = createFirestoreMirror({ host: emulatorHost(), projectId: firebaseProjectId, logger: quiet })
  let failing: string | null = null
  // The mirror gives up on one instance's documents, as it does when Firestore refuses a write.
  const mirror: StateMirror = {
    publish: (change, options) => (change.instanceId === failing ? Promise.resolve(false) : real.publish(change, options)),
    flush: () => real.flush(),
    close: () => real.close(),
  }
  await start(mirror)
  for (let i = 0; i < 120; i++) await sync(i, largest(i))
  await mirror.flush()
  const before = await live()
  expect(mergeShards(before.head, before.shards).complete).toBe(true)
  const last = before.head.shards[before.head.shards.length - 1]?.id as string
  const onLast = before.shards[last]?.deliveries[0]?.deliveryId as string

  failing = last
  const i = Number(/^acct_(\d+):/.exec(onLast)?.[1])
  await sync(i, { ...largest(i), bags: 1 })
  await mirror.flush()
  const stale = await live()
  const merged = mergeShards(stale.head, stale.shards)
  expect(merged.complete).toBe(false)
  expect(merged.behind).toEqual([last])

  failing = null
  await sync(i, { ...largest(i), bags: 2 })
  await mirror.flush()
  const caughtUp = await live()
  const again = mergeShards(caughtUp.head, caughtUp.shards)
  expect(again.complete).toBe(true)
  expect(again.board.deliveries.find((d) => d.deliveryId === onLast)?.bags).toBe(2)
}, 120_000)
