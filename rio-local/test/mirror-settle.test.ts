/**
 * A client subscribes to an instance's documents right after INSTANCE answers. The Cloud Firestore
 * emulator corrupts a listener's stream when a write to its document lands while its first snapshot
 * is being sent (Firebase then waits 30 to 60 s before it listens again), so INSTANCE answers only
 * once the instance's earlier mirror writes have landed (within 2 s): no write of before can land
 * during the new listener's first snapshot.
 */
import { createBackend } from '../app'
import type { StateChange, StateMirror } from '../runtime/wire-types'
import { userIdFor } from './ids'
import { call, sessions } from './in-process'

const P = 'mirror-settle-tests'
const WRITE_MS = 400

/** A mirror whose writes take WRITE_MS and are recorded as they land. */
function slowMirror(landed: StateChange[]): StateMirror {
  return {
    publish: (change) =>
      new Promise<boolean>((resolve) => {
        const copy = structuredClone(change)
        setTimeout(() => {
          landed.push(copy)
          resolve(true)
        }, WRITE_MS)
      }),
    flush: () => new Promise((resolve) => setTimeout(resolve, WRITE_MS)),
    close: async () => undefined,
  }
}

test("INSTANCE right after a sign-in answers once the sign-in's own write of the customer's state has landed", async () => {
  const landed: StateChange[] = []
  const backend = await createBackend({ projectId: P, storage: 'memory', dev: true, mirror: slowMirror(landed) })
  try {
    const email = 'just.signed.in@example.com'
    const { token, accountId } = await sessions(backend).customer(email)
    const signedIn = (c: StateChange) => c.instanceId === accountId && typeof c.state.user[userIdFor(email)]?.lastSignInAt === 'string'
    // verifyOtp's write (lastSignInAt) is still on its way to the mirror.
    expect(landed.some(signedIn)).toBe(false)
    const opened = await call<{ instanceId: string }>(backend, 'POST', `/${P}/INSTANCE/Account?_token=${token}`, { email })
    expect(opened.status).toBe(200)
    expect(landed.some(signedIn)).toBe(true)
    // With nothing on its way, INSTANCE does not wait.
    const started = Date.now()
    expect((await call(backend, 'POST', `/${P}/INSTANCE/Account?_token=${token}`, { email })).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(WRITE_MS)
  } finally {
    await backend.close()
  }
})
