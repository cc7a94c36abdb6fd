/**
 * Member records the Firestore rules check before serving a role's documents (a staff member's
 * boards): `projects/{retterProjectId}/identities/{identity}/members/{userId}`, written with the
 * admin credential. A claim in a Firebase token lives up to an hour after the member is removed;
 * a record is gone the moment the backend removes it, so the rules trust the record, not the claim
 * (as row-level security checks a table rather than a token).
 */
import { deleteDocument, listDocuments, setDocument } from './rest'
import { toFirestoreFields } from './values'

export interface MemberRecords {
  /** Records `userId` (with the e-mail it was granted for) as a member of `identity`. */
  grant(identity: string, userId: string, email: string): Promise<void>
  /** Removes the record; no error when there is none. */
  revoke(identity: string, userId: string): Promise<void>
  /** The members of `identity` and the e-mail each was granted for. */
  list(identity: string): Promise<Array<{ userId: string; email: string }>>
  /**
   * Writes again every record this backend granted or listed and has not revoked (a restarted
   * emulator lost them all); resolves with how many.
   */
  restore?(): Promise<number>
}

/** The collection holding one identity's member records. */
export function membersCollection(retterProjectId: string, identity: string): string {
  return `projects/${retterProjectId}/identities/${identity}/members`
}

/**
 * Member records of one Retter project in the emulator's Firebase project.
 * @param host the emulator's host:port
 */
export function createMemberRecords(host: string, firebaseProjectId: string, retterProjectId: string): MemberRecords {
  const collection = (identity: string) => membersCollection(retterProjectId, identity)
  const write = (identity: string, userId: string, email: string) =>
    setDocument(host, firebaseProjectId, `${collection(identity)}/${userId}`, toFirestoreFields({ email }, () => undefined))
  /** What the emulator should hold, kept here too: a restarted emulator holds nothing. */
  const known = new Map<string, { identity: string; userId: string; email: string }>()
  const keyOf = (identity: string, userId: string) => `${identity}\u0000${userId}`
  return {
    async grant(identity, userId, email) {
      known.set(keyOf(identity, userId), { identity, userId, email })
      await write(identity, userId, email)
    },
    async revoke(identity, userId) {
      known.delete(keyOf(identity, userId))
      await deleteDocument(host, firebaseProjectId, `${collection(identity)}/${userId}`)
    },
    async list(identity) {
      const docs = await listDocuments(host, firebaseProjectId, collection(identity))
      const members = docs.map((d) => ({ userId: d.id, email: typeof d.data.email === 'string' ? d.data.email : '' }))
      for (const m of members) if (!known.has(keyOf(identity, m.userId))) known.set(keyOf(identity, m.userId), { identity, ...m })
      return members
    },
    async restore() {
      const records = [...known.values()]
      await Promise.all(records.map((r) => write(r.identity, r.userId, r.email)))
      return records.length
    },
  }
}
