/**
 * The Firestore mirror against the REAL Cloud Firestore emulator (started by the jest globalSetup):
 * documents land at the paths @retter/sdk 0.4.0 listens to, the newest state wins, and failures
 * never reach the caller.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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

  it('writes only the documents a change altered (none for private state), and all of them when asked to rewrite', async () => {
    const logger = recordingLogger()
    const mirror = createFirestoreMirror({ host, projectId: FB, logger })
    const paths = instanceDocumentPaths('coffee-local', 'Account', 'unchanged')
    const writtenPaths = () => logger.lines.splice(0).filter((l) => l.msg === 'firestore mirror wrote document').map((l) => l.fields?.path)
    const base = change({ instanceId: 'unchanged' })
    await expect(mirror.publish(base)).resolves.toBe(true)
    expect(writtenPaths().sort()).toEqual([paths.public, paths.roleState('enduser'), paths.userState('user_owner')].sort())
    // An e-mail recorded as sent changes private state only: no listener hears of it.
    await expect(mirror.publish({ ...base, state: { ...base.state, private: { outbox: [] } } })).resolves.toBe(true)
    expect(writtenPaths()).toEqual([])
    await expect(mirror.publish({ ...base, state: { ...base.state, user: { user_owner: { lastSeen: 'later' } } } })).resolves.toBe(true)
    expect(writtenPaths()).toEqual([paths.userState('user_owner')])
    expect(await readDocument(host, FB, paths.userState('user_owner'))).toEqual({ lastSeen: 'later' })
    // After an emulator restart every document is written again, changed or not.
    await expect(mirror.publish({ ...base, state: { ...base.state, user: { user_owner: { lastSeen: 'later' } } } }, { rewrite: true })).resolves.toBe(true)
    expect(writtenPaths().sort()).toEqual([paths.public, paths.roleState('enduser'), paths.userState('user_owner')].sort())
    await mirror.close()
  })

  it('writes a document again after a write of it was given up, though the state is the one that landed before', async () => {
    // A write can land and still be reported failed (its answer lost): after giving one up the
    // mirror no longer knows what the document holds. A proxy in front of the emulator that
    // passes each request on but answers 503 plays that part.
    let answerFailure = false
    const proxy = createServer((req, res) => {
      const target = new URL(req.url ?? '/', `http://${host}`)
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        void fetch(target, { method: req.method, headers: { authorization: 'Bearer owner', 'content-type': 'application/json' }, body: chunks.length ? Buffer.concat(chunks) : undefined })
          .then(async (answer) => {
            const text = await answer.text()
            res.writeHead(answerFailure ? 503 : answer.status, { 'content-type': 'application/json' }).end(answerFailure ? '{}' : text)
          })
          .catch(() => res.writeHead(502).end())
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const port = (proxy.address() as AddressInfo).port
    const mirror = createFirestoreMirror({ host: `127.0.0.1:${port}`, projectId: FB, logger: recordingLogger(), attempts: 1 })
    const paths = instanceDocumentPaths('coffee-local', 'Account', 'given-up')
    try {
      const first = change({ instanceId: 'given-up', public: { plan: 'taster' } })
      await expect(mirror.publish(first)).resolves.toBe(true)
      answerFailure = true
      await expect(mirror.publish(change({ instanceId: 'given-up', public: { plan: 'barista' } }))).resolves.toBe(false)
      expect(await readDocument(host, FB, paths.public)).toEqual({ plan: 'barista' })
      answerFailure = false
      // Back to the state that landed first: written, since the document may hold the other one.
      await expect(mirror.publish(first)).resolves.toBe(true)
      expect(await readDocument(host, FB, paths.public)).toEqual({ plan: 'taster' })
    } finally {
      await mirror.close()
      await new Promise((resolve) => proxy.close(resolve))
    }
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
