/**
 * A refresh derives the session's identity again: a staff member taken off STAFF_EMAILS gets no new
 * tokens (their session is revoked and their member record removed), and the backend removes
 * unlisted members' records when it starts; a member the project's own state lists (the Shop's
 * members) is kept like a listed one, and loses the record the moment the list drops them.
 */
import { createBackend } from '../app'
import type { MemberRecords } from '../firestore/members'
import { createMemoryStorage } from '../storage/memory'
import { stillEntitled } from './identity-gate'
import { createTokenService, type Caller } from './tokens'

const SECRET = 'identity-gate-test-secret-0123456789abcdef'

/** Member records kept in a map, as the emulator would keep them. */
function memoryMembers(): MemberRecords & { records: Map<string, string> } {
  const records = new Map<string, string>()
  return {
    records,
    async grant(identity, userId, email) { records.set(`${identity}/${userId}`, email) },
    async revoke(identity, userId) { records.delete(`${identity}/${userId}`) },
    async list(identity) {
      return [...records].filter(([key]) => key.startsWith(`${identity}/`)).map(([key, email]) => ({ userId: key.slice(identity.length + 1), email }))
    },
  }
}

describe('identity on refresh', () => {
  const env: Record<string, string | undefined> = {}
  const lost: Caller[] = []
  const storage = createMemoryStorage()
  const tokens = createTokenService({
    projectId: 'coffee-local',
    secret: SECRET,
    storage,
    accessTtl: 900,
    refreshTtl: 3600,
    firebase: { apiKey: 'k', projectId: 'p' },
    now: Date.now,
    entitled: (caller) => stillEntitled(caller, { staff: 'STAFF_EMAILS' }, env),
    onIdentityLost: (caller) => lost.push(caller),
  })
  const signIn = async (userId: string, identity: string, email: string) => {
    const signed = await tokens.signInWithCustomToken(await tokens.createCustomToken({ userId, identity, claims: { email } }), userId)
    if (!signed.ok) throw new Error(signed.message)
    return signed.value
  }

  it('keeps a listed staff member (any spelling of the address) and revokes one taken off the list', async () => {
    env.STAFF_EMAILS = ' Rosa@Example.com ,ben@example.com'
    const rosa = await signIn('usr_rosa', 'staff', 'rosa@example.com')
    const again = await tokens.refresh(rosa.refreshToken, 'usr_rosa')
    expect(again.ok).toBe(true)
    if (!again.ok) return

    env.STAFF_EMAILS = 'ben@example.com'
    const refused = await tokens.refresh(again.value.refreshToken, 'usr_rosa')
    expect(refused).toMatchObject({ ok: false, code: 'IDENTITY_REVOKED' })
    // The session is over, not only the refresh: its still-unexpired access token stops too.
    expect(await tokens.verifyAccessToken(again.value.accessToken)).toMatchObject({ ok: false, code: 'TOKEN_REVOKED' })
    expect(lost.map((c) => c.userId)).toEqual(['usr_rosa'])
  })

  it('keeps a member the project’s own member list names, and revokes them once it no longer does', () => {
    env.STAFF_EMAILS = 'rosa@example.com'
    const listed = new Set(['rui@example.com'])
    const inState = (identity: string, email: string) => identity === 'staff' && listed.has(email)
    const rui = { identity: 'staff', claims: { email: 'Rui@Example.com' } }
    expect(stillEntitled(rui, { staff: 'STAFF_EMAILS' }, env, inState)).toBe(true)
    expect(stillEntitled(rui, { staff: 'STAFF_EMAILS' }, env)).toBe(false)
    listed.delete('rui@example.com')
    expect(stillEntitled(rui, { staff: 'STAFF_EMAILS' }, env, inState)).toBe(false)
    // The environment's owners need no list.
    expect(stillEntitled({ identity: 'staff', claims: { email: 'rosa@example.com' } }, { staff: 'STAFF_EMAILS' }, env, () => false)).toBe(true)
  })

  it('leaves customers alone whatever the list says', async () => {
    env.STAFF_EMAILS = ''
    const sam = await signIn('usr_sam', 'enduser', 'sam@example.com')
    expect((await tokens.refresh(sam.refreshToken, 'usr_sam')).ok).toBe(true)
  })
})

describe('member records kept by the backend', () => {
  const saved = process.env.STAFF_EMAILS
  afterEach(() => { process.env.STAFF_EMAILS = saved })

  it('records a staff sign-in, drops the record when a refresh finds the address unlisted, and removes unlisted members at start', async () => {
    const members = memoryMembers()
    members.records.set('staff/usr_old', 'old@example.com')
    members.records.set('staff/usr_kept', 'kept@example.com')
    const backend = await createBackend({ storage: 'memory', secret: SECRET, members, projectEnv: { STAFF_EMAILS: 'kept@example.com,rosa@example.com' } })
    try {
      expect([...members.records.keys()]).toEqual(['staff/usr_kept'])
      const tokens = createTokenService({ projectId: backend.projectId, secret: SECRET, storage: createMemoryStorage(), accessTtl: 900, refreshTtl: 3600, firebase: { apiKey: 'k', projectId: 'p' }, now: Date.now })
      const custom = await tokens.createCustomToken({ userId: 'usr_rosa', identity: 'staff', claims: { email: 'rosa@example.com' } })
      const call = (method: string, query: string) => backend.handle({ method: 'GET', url: `/root/CALL/ProjectUser/${method}/coffee-local_usr_rosa?${query}`, headers: {} })
      const signed = await call('authWithCustomToken', `customToken=${custom}`)
      expect(signed.status).toBe(200)
      expect(members.records.get('staff/usr_rosa')).toBe('rosa@example.com')

      process.env.STAFF_EMAILS = 'kept@example.com'
      const { refreshToken } = JSON.parse(signed.body) as { refreshToken: string }
      const refused = await call('refreshToken', `refreshToken=${refreshToken}`)
      expect(refused.status).toBe(401)
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'IDENTITY_REVOKED' })
      expect(members.records.has('staff/usr_rosa')).toBe(false)
    } finally {
      await backend.close()
    }
  })
})
