/**
 * The Firestore mirror against the REAL Cloud Firestore emulator (started by the jest globalSetup):
 * documents land at the paths @retter/sdk 0.4.0 listens to, the newest state wins, and failures
 * never reach the caller.
 */
import type { StateChange } from '../runtime/wire-types'
import { createFirestoreMirror, instanceDocumentPaths, readDocument, waitForEmulator } from './mirror'
import { recordingLogger } from '../test/recording-logger'
import { emulatorHost, uniqueFirebaseProject } from './test-support'

// The emulator is a JVM that starts cold, and CI machines are shared: allow it time.
jest.setTimeout(30_000)

const FB = uniqueFirebaseProject('mirror')

function change(overrides: Partial<StateChange> & { public?: Record<string, unknown> } = {}): StateChange {
  return {
    projectId: 'coffee-local',
    classId: 'Account',
    instanceId: 'acct_0123456789abcdef01234567',
    state: {
      public: overrides.public ?? { email: 'ada@example.com', plan: null },
      private: { otpHash: 'secret-hash' },
      user: { user_owner: { lastSeen: 'now' } },
      role: { enduser: { banner: 'welcome' } },
    },
    ...overrides,
  }
}

/**
 * The document paths copied literally from getFirebaseState in
 * node_modules/@retter/sdk/dist/index.js (collection + "/" + document id), so a drift between
 * the mirror and the SDK fails here.
 */
function sdkPaths(projectId: string, classId: string, instanceId: string, userId: string, identity: string) {
  const strip = (p: string) => p.replace(/^\//, '')
  return {
    public: strip(`/projects/${projectId}/classes/${classId}/instances/${instanceId}`),
    user: strip(`/projects/${projectId}/classes/${classId}/instances/${instanceId}/userState/${userId}`),
    role: strip(`/projects/${projectId}/classes/${classId}/instances/${instanceId}/roleState/${identity}`),
  }
}

describe('Firestore mirror', () => {
  const host = emulatorHost()

  it('writes public, user and role documents where the SDK listens, and never private state', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host, projectId: FB, logger })
    const c = change()
    await mirror.publish(c)
    const paths = sdkPaths('coffee-local', 'Account', c.instanceId, 'user_owner', 'enduser')
    expect(await readDocument(host, FB, paths.public)).toEqual({ email: 'ada@example.com', plan: null })
    expect(await readDocument(host, FB, paths.user)).toEqual({ lastSeen: 'now' })
    expect(await readDocument(host, FB, paths.role)).toEqual({ banner: 'welcome' })
    expect(JSON.stringify(await readDocument(host, FB, paths.public))).not.toContain('secret-hash')
    expect(logger.lines.filter((l) => l.level !== 'debug')).toEqual([])
    await mirror.close()
  })

  it('keeps numbers, nested maps and arrays as the SDK will read them', async () => {
    const mirror = createFirestoreMirror({ host, projectId: FB, logger: recordingLogger() })
    const value = { count: 3, ratio: 0.25, nested: { list: [1, 'two', null, { three: true }] }, empty: {} }
    await mirror.publish(change({ instanceId: 'types', public: value }))
    expect(await readDocument(host, FB, instanceDocumentPaths('coffee-local', 'Account', 'types').public)).toEqual({
      ...value,
    })
    await mirror.close()
  })

  it('serialises writes per document so that the newest of a burst of changes wins', async () => {
    const mirror = createFirestoreMirror({ host, projectId: FB, logger: recordingLogger() })
    const publishes = Array.from({ length: 25 }, (_, i) => mirror.publish(change({ instanceId: 'burst', public: { n: i } })))
    await mirror.flush()
    // Each one reports written: the ones superseded while waiting, by the write that replaced them.
    expect(await Promise.all(publishes)).toEqual(Array.from({ length: 25 }, () => true))
    const doc = await readDocument(host, FB, instanceDocumentPaths('coffee-local', 'Account', 'burst').public)
    expect(doc).toEqual({ n: 24 })
    await mirror.close()
  })

  it('deletes a user or role document once that state is gone from the instance', async () => {
    const mirror = createFirestoreMirror({ host, projectId: FB, logger: recordingLogger() })
    const paths = instanceDocumentPaths('coffee-local', 'Account', 'shrinking')
    await mirror.publish(change({ instanceId: 'shrinking' }))
    expect(await readDocument(host, FB, paths.userState('user_owner'))).not.toBeNull()
    await mirror.publish({ ...change({ instanceId: 'shrinking' }), state: { public: { a: 1 }, private: {}, user: {}, role: {} } })
    expect(await readDocument(host, FB, paths.userState('user_owner'))).toBeNull()
    expect(await readDocument(host, FB, paths.roleState('enduser'))).toBeNull()
    await mirror.close()
  })

  it('logs instead of throwing when an id cannot be a document id, and writes nothing', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host, projectId: FB, logger })
    // false: not mirrored (the runtime keeps the instance marked, see runtime/engine/mirror-journal.ts).
    await expect(mirror.publish(change({ instanceId: 'a/b' }))).resolves.toBe(false)
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ instanceId: 'a/b' }) })])
    expect(await readDocument(host, FB, 'projects/coffee-local/classes/Account/instances/a')).toBeNull()
    await mirror.close()
  })

  it('leaves out reserved field names with a warning but still writes the rest', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host, projectId: FB, logger })
    await mirror.publish(change({ instanceId: 'reserved', public: { ok: 1, __name__: 'x' } }))
    expect(await readDocument(host, FB, instanceDocumentPaths('coffee-local', 'Account', 'reserved').public)).toEqual({
      ok: 1,
    })
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ field: '__name__' }) }))
    await mirror.close()
  })

  it('retries, then gives up with an error log (never a rejection) when the emulator is unreachable', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host: '127.0.0.1:1', projectId: FB, logger, attempts: 3, retryDelayMs: 5 })
    await expect(mirror.publish(change())).resolves.toBe(false)
    const errors = logger.lines.filter((l) => l.level === 'error')
    expect(errors.length).toBeGreaterThan(0)
    expect(errors[0]?.fields).toMatchObject({ attempts: 3 })
    await mirror.close()
  })

  it('ignores publishes after close', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host, projectId: FB, logger })
    await mirror.close()
    await mirror.publish(change({ instanceId: 'after-close' }))
    expect(await readDocument(host, FB, instanceDocumentPaths('coffee-local', 'Account', 'after-close').public)).toBeNull()
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn' }))
  })
})

describe('waitForEmulator', () => {
  it('resolves at once when the emulator answers', async () => {
    await expect(waitForEmulator(emulatorHost(), { timeoutMs: 5000 })).resolves.toBeUndefined()
  })

  it('reports while waiting and fails with a clear message after the time limit', async () => {
    const notices: number[] = []
    await expect(
      waitForEmulator('127.0.0.1:1', { timeoutMs: 600, intervalMs: 50, notifyEveryMs: 200, onWaiting: ({ elapsedMs }) => notices.push(elapsedMs) }),
    ).rejects.toThrow(/127\.0\.0\.1:1 did not answer within 1 s.*npm run dev/)
    expect(notices.length).toBeGreaterThanOrEqual(2)
  })
})
