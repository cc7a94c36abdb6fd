/**
 * What each staff role may do: one table, read by every staff method's authorizer (the Roastery,
 * the mail desk, the Shop) and shown as it is in docs/staff.md. A member may hold several roles;
 * an owner may do everything. The owners listed in STAFF_EMAILS (project environment) bootstrap the
 * shop; every other member is kept by the Shop class (`main`), where owners add and remove them.
 * Pure: the app reads the same table to offer a member what their roles allow.
 */

export const ROLES = ['owner', 'roaster', 'support', 'finance'] as const
export type Role = typeof ROLES[number]

/** What staff do, each allowed to the roles named (an owner may do everything). */
export type StaffAction = 'board.read' | 'board.ship' | 'money.refund' | 'mail.resend' | 'staff.manage' | 'catalogue.manage' | 'customer.find' | 'customer.act' | 'reports.read'

export const ALLOWED: { [action in StaffAction]: ReadonlyArray<Role> } = {
  /** Open and read a day's board: its packing list, its payments and refunds (the money view), live. */
  'board.read': ['owner', 'roaster', 'support', 'finance'],
  /** Mark deliveries shipped and record their tracking. */
  'board.ship': ['owner', 'roaster'],
  /** Refund a delivery, with its credit note. */
  'money.refund': ['owner', 'finance'],
  /** See the e-mails that could not be sent, and send them again. */
  'mail.resend': ['owner', 'support'],
  /** Add, change and remove staff members; read the audit log. */
  'staff.manage': ['owner'],
  /** Create, edit and retire plans, save coffees and change prices (with notice). */
  'catalogue.manage': ['owner'],
  /** Look a customer up by e-mail, name, postal code, document number or delivery id. */
  'customer.find': ['owner', 'support'],
  /** Change a customer's subscription or details for them, with a reason (their own methods, their rules). */
  'customer.act': ['owner', 'support'],
  /** Read the monthly reports (subscriptions, MRR, money collected and refunded, churn, cohorts) and their CSV. */
  'reports.read': ['owner', 'finance'],
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as ReadonlyArray<string>).indexOf(value) >= 0
}

/** True when a member with `roles` may do `action`. */
export function mayDo(roles: ReadonlyArray<Role>, action: StaffAction): boolean {
  const allowed = ALLOWED[action]
  for (let i = 0; i < roles.length; i++) if (allowed.indexOf(roles[i] as Role) >= 0) return true
  return false
}

/** The actions `roles` allow, in the table's order (what the app offers a member). */
export function actionsOf(roles: ReadonlyArray<Role>): StaffAction[] {
  return (Object.keys(ALLOWED) as StaffAction[]).filter(function (action) { return mayDo(roles, action) })
}

/** The roles in `value` (unknown ones dropped, each once, in ROLES' order); undefined when it is not a list. */
export function cleanRoles(value: unknown): Role[] | undefined {
  if (!Array.isArray(value)) return undefined
  return ROLES.filter(function (role) { return value.indexOf(role) >= 0 })
}

/** One staff action on the Shop's audit log (the Shop keeps it; the app shows and exports it). */
export interface AuditEntry {
  /** ISO instant. */
  at: string
  /** The member's e-mail. */
  by: string
  /** What was done: `member.added`, `member.changed`, `member.removed`, `delivery.shipped`, `delivery.refunded`, … */
  action: string
  /** What it was done to: a member's e-mail, a delivery id. */
  target: string
  /** The value before and after, in words (roles, an amount). */
  before: string
  after: string
}
