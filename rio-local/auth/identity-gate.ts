/**
 * Identities that only last while their holder's e-mail is on a list of the project's environment
 * (identity `staff` while the e-mail is in STAFF_EMAILS), or on a member list an instance of the
 * project keeps (the Shop's `members`, which its owners change at run time). Class code decides the identity when it
 * mints a custom token; a refresh would otherwise copy it into new tokens forever. The runtime
 * derives it again on every refresh instead, so a member taken off the list loses the identity at
 * their next refresh (and their live documents at once, through the member records).
 */
import type { Caller } from './tokens'

/** identity -> the environment variable listing the e-mails that may hold it. */
export type GatedIdentities = Record<string, string>

/** The default: staff sessions need their e-mail in STAFF_EMAILS, as the project's class code requires. */
export const DEFAULT_GATED_IDENTITIES: GatedIdentities = { staff: 'STAFF_EMAILS' }

/**
 * Where a gated identity's members may also be listed: a field of one instance's private state,
 * an object keyed by e-mail (identity `staff`: the members the Shop's owners added).
 */
export interface MemberList {
  classId: string
  instanceId: string
  field: string
}
export type MemberLists = Record<string, MemberList>

/** The default: the Shop (`main`) lists the staff members beside STAFF_EMAILS' owners. */
export const DEFAULT_MEMBER_LISTS: MemberLists = { staff: { classId: 'Shop', instanceId: 'main', field: 'members' } }

/** Whether `email` is listed as a member of `identity` in the project's own state. */
export type ListedInState = (identity: string, email: string) => boolean

/** An e-mail compared the way the project's class code compares it (NFKC, trimmed, lower case). */
export function normaliseListedEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase().normalize('NFKC')
}

/** The e-mails a variable lists (comma-separated), normalised; read on every call. */
export function listedEmails(variable: string, env: Record<string, string | undefined> = process.env): string[] {
  return (env[variable] ?? '').split(',').map(normaliseListedEmail).filter((e) => e.length > 0)
}

/** The e-mail a session's claims carry, normalised; undefined when there is none. */
export function claimedEmail(caller: Pick<Caller, 'claims'>): string | undefined {
  const email = caller.claims.email
  return typeof email === 'string' ? normaliseListedEmail(email) : undefined
}

/**
 * Whether `caller` may still hold its identity: always for an identity no list gates, and for a
 * gated one only while its e-mail is listed (in the environment, or in the project's member list).
 * @param gated which identities are gated by which variable
 */
export function stillEntitled(caller: Pick<Caller, 'identity' | 'claims'>, gated: GatedIdentities, env: Record<string, string | undefined> = process.env, listed?: ListedInState): boolean {
  const variable = gated[caller.identity]
  if (variable === undefined) return true
  const email = claimedEmail(caller)
  if (email === undefined) return false
  return listedEmails(variable, env).includes(email) || (listed !== undefined && listed(caller.identity, email))
}
