/**
 * The staff of a page test against the in-process backend: one bootstrap owner (STAFF_EMAILS) for
 * each test of the file, and members the owner adds through the Shop, as the staff section does.
 */
import type { Role } from '@retter-shared/BeanBloomIdentity/roles'
import { backendCall, backendSession } from './backend'

/** Makes `email` the shop's bootstrap owner for each test of the file (and no one's after). */
export function ownerForEachTest(email: string): void {
  beforeEach(() => {
    process.env.STAFF_EMAILS = email
  })
  afterEach(() => {
    delete process.env.STAFF_EMAILS
  })
}

/**
 * The owner `owner` opens the Shop and makes `email` a member with `roles`.
 * @returns the owner's session, for later calls (a second code within the resend wait is refused)
 */
export async function addMember(owner: string, email: string, roles: Role[]): Promise<{ token: string }> {
  const session = await backendSession(owner)
  expect((await backendCall('INSTANCE/Shop/main', session.token)).status).toBe(200)
  expect((await backendCall('CALL/Shop/setMember/main', session.token, { email, roles })).status).toBe(200)
  return session
}
