/**
 * The Shop's private state and who may act on it: its members with their roles, the audit log, the
 * catalogue and what is left of its old list of subscribers; a staff caller's roles, and the one
 * check every staff method makes against the role table.
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { bootstrapRoles, cleanRoles, mayDo, Role, StaffAction, staffEmailOf } from 'BeanBloomIdentity'
import type { Catalogue } from 'BeanBloomSubscription'
import type { AuditEntry } from './audit'

/** A member the owners added (bootstrap owners are not stored: the environment names them). */
export interface Member {
  roles: Role[]
  /** ISO instant and owner of the last change. */
  changedAt: string
  changedBy: string
}

export interface ShopPrivate {
  members: { [email: string]: Member }
  audit: AuditEntry[]
  /** The plans and coffees (seeded at init, or on first use by a Shop opened before it existed). */
  catalogue?: Catalogue
  /**
   * The plans each subscriber's Account was on, by Account id, as the Accounts told it before their
   * customer-directory entries named their plans; emptied as each entry does, then gone. Every
   * Account call reads this state, so it must not grow with the customers.
   */
  subscribers?: { [accountId: string]: string[] }
}

/** The Shop's private state, its lists made when a Shop stored before them lacks them. */
export function shopOf(data: Data): ShopPrivate {
  const priv = (data.state.private || (data.state.private = {})) as Partial<ShopPrivate>
  if (!priv.members || typeof priv.members !== 'object') priv.members = {}
  if (!Array.isArray(priv.audit)) priv.audit = []
  if (priv.subscribers !== undefined && (!priv.subscribers || typeof priv.subscribers !== 'object')) delete priv.subscribers
  return priv as ShopPrivate
}

/** The roles of `email`: a bootstrap owner's, and a stored member's (each once). */
export function rolesOf(shop: ShopPrivate, email: string): Role[] {
  const stored = Object.prototype.hasOwnProperty.call(shop.members, email) ? (shop.members[email] as Member).roles : []
  return cleanRoles(bootstrapRoles(email).concat(stored)) || []
}

/**
 * The caller's e-mail when their roles allow `action`; otherwise 403 FORBIDDEN with `refusal` is
 * answered and undefined returned.
 */
export function memberWhoMay(data: Data, action: StaffAction, refusal: string): string | undefined {
  const email = staffEmailOf(data.context)
  if (email && mayDo(rolesOf(shopOf(data), email), action)) return email
  refuse(data, 403, 'FORBIDDEN', refusal)
  return undefined
}
