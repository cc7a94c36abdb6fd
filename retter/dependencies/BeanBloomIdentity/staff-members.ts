/**
 * A staff member's roles as the other classes read them at each staff request: the owners of
 * STAFF_EMAILS at once, every other member from the Shop class (`main`), asked by a platform call.
 * A Shop nobody opened yet has no members; a Shop that cannot be reached grants nothing but the
 * bootstrap owners' roles (a staff request fails closed).
 */
import type { Context, Data } from '@retter/rdk'
import { normaliseEmail } from './email'
import { isStaffEmail, STAFF_IDENTITY } from './identity'
import { AuditEntry, cleanRoles, mayDo, Role, StaffAction } from './roles'
import { callOpening, succeeded } from 'BeanBloomKit/calls'

/** The e-mail of a staff session (a `staff` token, not anonymous); undefined for any other caller. */
export function staffEmailOf(context: Context): string | undefined {
  if (context.identity !== STAFF_IDENTITY || context.isAnonymous) return undefined
  const email = context.claims ? context.claims.email : undefined
  return typeof email === 'string' && email ? normaliseEmail(email) : undefined
}

/** The roles the project environment gives `email`: every bootstrap owner is an owner. */
export function bootstrapRoles(email: string): Role[] {
  return isStaffEmail(email) ? ['owner'] : []
}

export const SHOP_CLASS = 'Shop'
export const SHOP_INSTANCE = 'main'

/** The part of the RDK a class asks the Shop through. */
export interface ShopCaller {
  methodCall(input: { classId: string; instanceId: string; methodName: string; body?: unknown }): Promise<{ statusCode: number; body?: unknown } | undefined>
  /** Opens (creates when missing) an instance; the audit log opens the Shop with it. */
  getInstance(input: { classId: string; instanceId: string }): Promise<{ statusCode: number; body?: unknown } | undefined>
}

/** The roles of `email`: a bootstrap owner's, else the Shop's answer (none when it has none or did not answer). */
export async function rolesOfEmail(rdk: ShopCaller, email: string): Promise<Role[]> {
  const bootstrap = bootstrapRoles(email)
  if (bootstrap.length > 0) return bootstrap
  try {
    const answer = await rdk.methodCall({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE, methodName: 'memberRoles', body: { email: email } })
    if (!answer || answer.statusCode < 200 || answer.statusCode >= 300) return []
    const roles = answer.body && typeof answer.body === 'object' ? (answer.body as { roles?: unknown }).roles : undefined
    return cleanRoles(roles) || []
  } catch {
    // The Shop did not answer: the member gets nothing this time (fail closed), bootstrap owners excepted.
    return []
  }
}

/** True when the call is a staff session whose member may do `action` now. */
export async function staffMayDo(rdk: ShopCaller, context: Context, action: StaffAction): Promise<boolean> {
  const email = staffEmailOf(context)
  if (!email) return false
  return mayDo(await rolesOfEmail(rdk, email), action)
}

/** True when `email` is on the staff (a bootstrap owner or a member with any role): its sessions are `staff`. */
export async function isStaffMember(rdk: ShopCaller, email: string): Promise<boolean> {
  return (await rolesOfEmail(rdk, email)).length > 0
}

/** What a staff action changed, for the audit log: its kind, on what, and the value before and after. */
export type StaffActionRecord = Pick<AuditEntry, 'action' | 'target'> & Partial<Pick<AuditEntry, 'before' | 'after'>>

/**
 * Records on the Shop's audit log what the staff session of `context` did, opening the Shop when
 * nobody has yet (a bootstrap owner may ship before any staff page opened it) and waiting out a
 * busy Shop. A log that cannot be written never undoes the action: it is logged to the function
 * log instead.
 */
export async function recordStaffAction(rdk: ShopCaller, context: Context, record: StaffActionRecord): Promise<void> {
  const by = staffEmailOf(context)
  if (!by) return
  const body = { by: by, action: record.action, target: record.target.slice(0, 200), before: (record.before || '').slice(0, 500), after: (record.after || '').slice(0, 500) }
  // The Shop may be busy with another write (a price change asks the directory while it holds it).
  const answer = await callOpening(
    function () { return rdk.methodCall({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE, methodName: 'recordAudit', body: body }) },
    function () { return rdk.getInstance({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE }) },
  )
  if (!succeeded(answer)) console.error('[audit] not recorded (' + answer.statusCode + '): ' + JSON.stringify(body))
}

type Body = { [key: string]: unknown }

/**
 * A staff method that goes on the audit log once it succeeded: `record` says what it did from the
 * request and the answer (nothing: nothing to record).
 */
export function audited<T>(rdk: ShopCaller, handler: (data: Data<T>) => Promise<Data>, record: (data: Data<T>, request: Body, answer: Body) => StaffActionRecord | undefined): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    const done = await handler(data)
    const status = done.response ? done.response.statusCode : 200
    const answer = (done.response && done.response.body && typeof done.response.body === 'object' ? done.response.body : {}) as Body
    const recorded = status >= 200 && status < 300 ? record(data, (data.request.body || {}) as Body, answer) : undefined
    if (recorded) await recordStaffAction(rdk, data.context, recorded)
    return done
  }
}
