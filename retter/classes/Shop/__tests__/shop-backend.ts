/**
 * The backend a Shop class test runs against: a new in-process backend before each test with one
 * bootstrap owner (STAFF_EMAILS), the Account calls over it, and the Shop's own calls as a caller.
 * One fixture, so each test file states only what is its own. Lives in `__tests__/`, which never
 * deploys (retter/.rioignore).
 */
import { createBackend, type Backend } from '../../../../rio-local/app'
import { accountClient, type Customer as Who } from '../../../../rio-local/test/account-client'
import { call, type Reply } from '../../../../rio-local/test/in-process'

export const OWNER = 'olga@example.com'

/** Registers the hooks that give every test of the file its own backend, for the project `projectId`. */
export function shopTestBackend(projectId: string) {
  let current: Backend | undefined
  beforeEach(async () => {
    current = await createBackend({ projectId, storage: 'memory', dev: true, projectEnv: { STAFF_EMAILS: OWNER } })
  })
  afterEach(async () => {
    await current?.close()
  })
  afterAll(() => {
    delete process.env.STAFF_EMAILS
  })
  const backend = (): Backend => {
    if (!current) throw new Error('the backend is made before each test: use it inside a test or hook')
    return current
  }
  const account = accountClient(backend)
  let seq = 0
  return {
    backend,
    account,
    /** A fresh address for `name`, never used before in this run. */
    newEmail: (name: string) => `${name}.${process.pid}.${++seq}@example.com`,
    /** A Shop method as `who` (no session: a visitor). */
    shop: (method: string, who: Who | undefined, body?: unknown): Promise<Reply> =>
      call(backend(), 'POST', `/${projectId}/CALL/Shop/${method}/main${who ? `?_token=${who.token}` : ''}`, body),
    /** The bootstrap owner, signed in, with the Shop opened. */
    async owner(): Promise<Who> {
      const olga = await account.signIn(OWNER)
      expect((await call(backend(), 'POST', `/${projectId}/INSTANCE/Shop/main?_token=${olga.token}`)).status).toBe(200)
      return olga
    },
  }
}
