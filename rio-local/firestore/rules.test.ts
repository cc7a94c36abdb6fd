/**
 * rio-local/firestore.rules in the REAL emulator, read through the Firebase JS SDK the way the browser
 * reads it: signed in via our Firebase Auth routes (connectAuthEmulator) with the custom tokens the
 * backend issues, Firestore via connectFirestoreEmulator.
 */
import { signInWithCustomToken } from 'firebase/auth'
import { collection, doc, getDoc, getDocs, onSnapshot, setDoc, type DocumentData } from 'firebase/firestore'
import { createFirebaseAuthRoutes } from '../firebase-auth/routes'
import { recordingLogger } from '../test/recording-logger'
import { createMemberRecords } from './members'
import { createFirestoreMirror, instanceDocumentPaths, loadRulesFile } from './mirror'
import {
  emulatorHost,
  firebaseClient,
  firebaseCustomToken,
  serveRoutes,
  uniqueFirebaseProject,
  waitFor,
  type FirebaseTestClient,
} from './test-support'

// The emulator is a JVM that starts cold, and CI machines are shared: allow it time.
jest.setTimeout(30_000)

const SECRET = 'rules-test-secret-0123456789abcdef'
const API_KEY = 'rules-test-key'
const FB = uniqueFirebaseProject('rules')
const OWNER = 'user_owner'
const OTHER = 'user_other'
const ANON = 'anon_visitor'
/** A user whose account was deleted (or moved) at EPOCH: its document holds the next holder's data. */
const MOVED = 'user_moved'
const EPOCH = '2026-11-20T10:00:00.000Z'
const INSTANCE = 'acct_aaaaaaaaaaaaaaaaaaaaaaaa'
const paths = instanceDocumentPaths('coffee-local', 'Account', INSTANCE)

const customer = { projectId: 'coffee-local', identity: 'enduser', anonymous: false }
const staff = { projectId: 'coffee-local', identity: 'staff', anonymous: false }
const staffElsewhere = { projectId: 'someone-elses', identity: 'staff', anonymous: false }
const DAY = '2026-11-25'
const day = instanceDocumentPaths('coffee-local', 'Roastery', DAY)
const BOARD = { date: DAY, deliveries: [{ deliveryId: `${INSTANCE}:${DAY}`, name: 'Sam Rivera', plan: 'barista', bags: 2 }], totals: [] }
const anonymous = { projectId: 'coffee-local', identity: 'anonymous', anonymous: true }
const otherProject = { projectId: 'someone-elses', identity: 'enduser', anonymous: false }

let server: Awaited<ReturnType<typeof serveRoutes>>
const mirror = createFirestoreMirror({ host: emulatorHost(), projectId: FB, logger: recordingLogger() })
const clients: FirebaseTestClient[] = []
const members = createMemberRecords(emulatorHost(), FB, 'coffee-local')

/** A Firebase client signed in as `uid` with `claims`, or not signed in at all when uid is null. */
async function clientAs(uid: string | null, claims: Record<string, unknown> = customer): Promise<FirebaseTestClient> {
  const client = firebaseClient({ authOrigin: server.origin, firestoreHost: emulatorHost(), projectId: FB, apiKey: API_KEY })
  clients.push(client)
  if (uid) await signInWithCustomToken(client.auth, firebaseCustomToken(SECRET, uid, claims))
  return client
}

const read = (client: FirebaseTestClient, path: string) => getDoc(doc(client.db, path)).then((snap) => snap.data())

beforeAll(async () => {
  server = await serveRoutes(createFirebaseAuthRoutes({ secret: SECRET, firebaseProjectId: FB, apiKey: API_KEY }))
  await loadRulesFile(emulatorHost(), FB)
  // What the runtime writes when usr_staff signs in with their e-mail in STAFF_EMAILS.
  await members.grant('staff', 'usr_staff', 'rosa@example.com')
  await mirror.publish({
    projectId: 'coffee-local',
    classId: 'Account',
    instanceId: INSTANCE,
    state: {
      public: { plan: 'house-blend' },
      private: {},
      user: { [OWNER]: { note: 'mine' }, [OTHER]: { note: 'theirs' }, [MOVED]: { note: 'next holder', sessionsEndedAt: EPOCH } },
      role: { enduser: { banner: 'hello' } },
    },
  })
  await mirror.publish({
    projectId: 'coffee-local',
    classId: 'Roastery',
    instanceId: DAY,
    // An `enduser` role document a Roastery never writes, to prove the rules would not serve it.
    state: { public: {}, private: {}, user: {}, role: { staff: BOARD, enduser: { planted: true } } },
  })
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await mirror.close()
  await server.close()
})

describe("Firestore security rules (Retter's model)", () => {
  it('let any signed-in session of the project read public state, anonymous ones included', async () => {
    for (const client of [await clientAs(OWNER), await clientAs(OTHER), await clientAs(ANON, anonymous)]) {
      expect(await read(client, paths.public)).toMatchObject({ plan: 'house-blend' })
    }
  })

  it('let a user read their own user state only', async () => {
    const owner = await clientAs(OWNER)
    expect(await read(owner, paths.userState(OWNER))).toEqual({ note: 'mine' })
    await expect(read(owner, paths.userState(OTHER))).rejects.toMatchObject({ code: 'permission-denied' })
    const other = await clientAs(OTHER)
    await expect(read(other, paths.userState(OWNER))).rejects.toMatchObject({ code: 'permission-denied' })
    const anon = await clientAs(ANON, anonymous)
    await expect(read(anon, paths.userState(OWNER))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it("deny a user's document to their sessions that signed in before its session epoch, or cannot say when they did", async () => {
    const before = await clientAs(MOVED, { ...customer, signedInAt: '2026-11-20T09:59:59.999Z' })
    await expect(read(before, paths.userState(MOVED))).rejects.toMatchObject({ code: 'permission-denied' })
    const unknown = await clientAs(MOVED)
    await expect(read(unknown, paths.userState(MOVED))).rejects.toMatchObject({ code: 'permission-denied' })
    const after = await clientAs(MOVED, { ...customer, signedInAt: EPOCH })
    expect(await read(after, paths.userState(MOVED))).toEqual({ note: 'next holder', sessionsEndedAt: EPOCH })
  })

  it('let a session read the role state of its own identity only', async () => {
    const owner = await clientAs(OWNER)
    expect(await read(owner, paths.roleState('enduser'))).toMatchObject({ banner: 'hello' })
    const anon = await clientAs(ANON, anonymous)
    await expect(read(anon, paths.roleState('enduser'))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it("let only staff read a Roastery day's board: customers, anonymous sessions and other projects' staff are denied", async () => {
    const rosa = await clientAs('usr_staff', staff)
    expect(await read(rosa, day.roleState('staff'))).toMatchObject({ date: DAY, deliveries: [expect.objectContaining({ name: 'Sam Rivera' })] })
    for (const [uid, claims] of [[OWNER, customer], [ANON, anonymous], ['usr_staff', staffElsewhere]] as const) {
      const client = await clientAs(uid, claims)
      await expect(read(client, day.roleState('staff'))).rejects.toMatchObject({ code: 'permission-denied' })
    }
    const nobody = await clientAs(null)
    await expect(read(nobody, day.roleState('staff'))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it("deny a board to a token that says staff once the member's record is gone (removed from STAFF_EMAILS)", async () => {
    await members.grant('staff', 'usr_gone', 'gone@example.com')
    const gone = await clientAs('usr_gone', staff)
    expect(await read(gone, day.roleState('staff'))).toMatchObject({ date: DAY })
    await members.revoke('staff', 'usr_gone')
    // The same signed-in Firebase session, its token still claiming `staff`.
    await expect(read(gone, day.roleState('staff'))).rejects.toMatchObject({ code: 'permission-denied' })
    const neverListed = await clientAs('usr_forged', staff)
    await expect(read(neverListed, day.roleState('staff'))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it('let no session list instances (Account ids, which days have boards) or anyone\'s documents', async () => {
    for (const client of [await clientAs(OWNER), await clientAs('usr_staff', staff), await clientAs(ANON, anonymous)]) {
      await expect(getDocs(collection(client.db, 'projects/coffee-local/classes/Account/instances'))).rejects.toMatchObject({ code: 'permission-denied' })
      await expect(getDocs(collection(client.db, 'projects/coffee-local/classes/Roastery/instances'))).rejects.toMatchObject({ code: 'permission-denied' })
      await expect(getDocs(collection(client.db, 'projects/coffee-local/identities/staff/members'))).rejects.toMatchObject({ code: 'permission-denied' })
    }
    const owner = await clientAs(OWNER)
    await expect(getDocs(collection(owner.db, `${paths.public}/userState`))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it('serve no other role document of a Roastery, even to that identity; its public document is empty', async () => {
    const owner = await clientAs(OWNER)
    await expect(read(owner, day.roleState('enduser'))).rejects.toMatchObject({ code: 'permission-denied' })
    expect(await read(owner, day.public)).toEqual({})
  })

  it('push a board change to a staff listener within 2 s', async () => {
    const rosa = await clientAs('usr_staff', staff)
    const started = Date.now()
    const update = waitFor<DocumentData | undefined>(
      (push, fail) => onSnapshot(doc(rosa.db, day.roleState('staff')), (snap) => push(snap.data()), fail),
      (data) => Array.isArray(data?.deliveries) && data.deliveries.length === 0,
      2000,
    )
    await mirror.publish({ projectId: 'coffee-local', classId: 'Roastery', instanceId: DAY, state: { public: {}, private: {}, user: {}, role: { staff: { ...BOARD, deliveries: [] } } } })
    await expect(update).resolves.toMatchObject({ date: DAY, deliveries: [] })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('deny a client that is not signed in, or signed in for another project', async () => {
    const nobody = await clientAs(null)
    await expect(read(nobody, paths.public)).rejects.toMatchObject({ code: 'permission-denied' })
    const stranger = await clientAs(OWNER, otherProject)
    await expect(read(stranger, paths.public)).rejects.toMatchObject({ code: 'permission-denied' })
    await expect(read(stranger, paths.userState(OWNER))).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it('deny writes from any client', async () => {
    const owner = await clientAs(OWNER)
    await expect(setDoc(doc(owner.db, paths.public), { plan: 'free-coffee' })).rejects.toMatchObject({ code: 'permission-denied' })
    await expect(setDoc(doc(owner.db, paths.userState(OWNER)), { note: 'forged' })).rejects.toMatchObject({ code: 'permission-denied' })
    expect(await read(owner, paths.public)).toMatchObject({ plan: 'house-blend' })
  })

  it("push the user's later changes to a live listener on their user state", async () => {
    const owner = await clientAs(OWNER)
    const started = Date.now()
    const update = waitFor<DocumentData | undefined>(
      (push, fail) => onSnapshot(doc(owner.db, paths.userState(OWNER)), (snap) => push(snap.data()), fail),
      (data) => data?.note === 'changed',
      2000,
    )
    await mirror.publish({
      projectId: 'coffee-local',
      classId: 'Account',
      instanceId: INSTANCE,
      state: { public: { plan: 'house-blend' }, private: {}, user: { [OWNER]: { note: 'changed' } }, role: { enduser: { banner: 'hello' } } },
    })
    await expect(update).resolves.toMatchObject({ note: 'changed' })
    expect(Date.now() - started).toBeLessThan(2000)
  })
})
