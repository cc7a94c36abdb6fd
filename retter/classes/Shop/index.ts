/**
 * The `Shop` class (one instance, `main`): the shop's staff members with their roles, its catalogue
 * of plans and coffees (catalogue.ts), and the audit log of what staff did. The owners in
 * STAFF_EMAILS bootstrap the shop; they add, change and remove every other member here, and the
 * other classes ask `memberRoles` at each staff request, so a removed member (or a role taken away)
 * is refused at their next request.
 *
 * Who may do what (the authorizer; the handlers then check the caller's roles in this state):
 * - anyone, signed in or not: `getCatalogue` (the plans on offer and the coffees available);
 * - staff sessions: `myRoles`; owners also `getStaff`, `setMember`, `removeMember`, `getAuditLog`,
 *   `savePlan`, `retirePlan`, `saveCoffee`, `saveExtra`, `changePrice`; support and owners `findCustomers`;
 *   finance and owners `getReport`;
 * - the platform (the other classes): `memberRoles`, `recordAudit`, `noteSubscriber`;
 * - nobody else: 401 without a session, 403 with one. All state stays private.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data, Response } from '@retter/rdk'
import { ALLOW, checkEmail, deny, isPlatformCall, SHOP_INSTANCE, STAFF_IDENTITY, staffEmails } from 'BeanBloomIdentity'
import { actionsOf, bootstrapRoles, cleanRoles, Role, staffEmailOf } from 'BeanBloomIdentity'
import { wordedForCaller } from 'BeanBloomKit/i18n/caller-words'
import { auditLog, AuditEntry, record } from './audit'
import * as catalogue from './catalogue'
import * as customers from './customers'
import { seedCatalogue } from 'BeanBloomSubscription'
import { Member, memberWhoMay, rolesOf, shopOf } from './state'

export type { Member, ShopPrivate } from './state'
export { rolesOf } from './state'

const FOR_ANYONE = ['getCatalogue']
const FOR_STAFF = ['INIT', 'GET', 'myRoles', 'getStaff', 'setMember', 'removeMember', 'getAuditLog', 'savePlan', 'retirePlan', 'saveCoffee', 'saveExtra', 'changePrice', 'findCustomers', 'getReport']
const FOR_PLATFORM = ['INIT', 'GET', 'memberRoles', 'recordAudit', 'noteSubscriber']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  const method = context.methodName
  if (FOR_ANYONE.indexOf(method) >= 0) return ALLOW
  if (FOR_PLATFORM.indexOf(method) >= 0 && isPlatformCall(context)) return ALLOW
  if (FOR_STAFF.indexOf(method) >= 0 && context.identity === STAFF_IDENTITY && !context.isAnonymous) return ALLOW
  if (method === 'LIST') return deny(context, 'The shop is one instance; it cannot be listed')
  return deny(context, 'Only the shop’s staff may do this')
}

export async function init(data: Data): Promise<Data> {
  if (data.context.instanceId !== SHOP_INSTANCE) return refuse(data, 400, 'UNKNOWN_SHOP', 'The shop instance is "' + SHOP_INSTANCE + '".')
  data.state.public = {}
  data.state.private = { members: {}, audit: [], catalogue: seedCatalogue() }
  data.state.user = {}
  data.state.role = {}
  return respond(data)
}

/** STATE: nothing is readable through it (members and the log are read through their methods). */
export async function getState(): Promise<Response> {
  return { statusCode: 200, body: { public: {}, private: {}, user: {}, role: {} } }
}

/** The caller's e-mail when they are an owner; otherwise the 403 is answered and undefined returned. */
function ownerOf(data: Data): string | undefined {
  return memberWhoMay(data, 'staff.manage', 'Only an owner may manage the staff.')
}

/** READ (staff): `{email, roles, actions}` of the caller. */
async function myRolesOf(data: Data): Promise<Data> {
  const email = staffEmailOf(data.context) || ''
  const roles = rolesOf(shopOf(data), email)
  return respond(data, { email: email, roles: roles, actions: actionsOf(roles) })
}

/** READ (owners): every member, bootstrap owners first (`bootstrap: true`: the environment names them). */
async function getStaffOf(data: Data): Promise<Data> {
  if (!ownerOf(data)) return data
  const shop = shopOf(data)
  const listed: Array<{ email: string; roles: Role[]; bootstrap: boolean; changedAt?: string; changedBy?: string }> = []
  for (const email of staffEmails()) listed.push({ email: email, roles: rolesOf(shop, email), bootstrap: true })
  for (const email of Object.keys(shop.members).sort()) {
    if (bootstrapRoles(email).length > 0) continue
    const member = shop.members[email] as Member
    listed.push({ email: email, roles: member.roles, bootstrap: false, changedAt: member.changedAt, changedBy: member.changedBy })
  }
  return respond(data, { members: listed })
}

/** The e-mail in the body, normalised; otherwise a 400 naming the field is answered and undefined returned. */
function emailIn(data: Data): string | undefined {
  const body = (data.request.body || {}) as { email?: unknown }
  const checked = typeof body.email === 'string' ? checkEmail(body.email) : undefined
  if (checked && checked.ok) return checked.email
  refuse(data, 400, 'INVALID_EMAIL', checked && !checked.ok ? checked.message : 'An "email" with a valid e-mail address is required', { field: 'email' })
  return undefined
}

/** WRITE (owners) {email, roles}: adds the member or changes their roles; answers the member. */
async function setMemberOf(data: Data<{ email: string; roles: string[] }>): Promise<Data> {
  const owner = ownerOf(data)
  if (!owner) return data
  const email = emailIn(data)
  if (!email) return data
  const given = data.request.body ? data.request.body.roles : undefined
  const roles = cleanRoles(given)
  // An unknown role, or one named twice, is a mistake to point out, not to drop quietly.
  if (!roles || roles.length === 0 || !Array.isArray(given) || roles.length !== given.length) {
    return refuse(data, 400, 'INVALID_ROLES', 'Give a member at least one of the roles owner, roaster, support and finance (each once).', { field: 'roles' })
  }
  if (bootstrapRoles(email).length > 0) {
    return refuse(data, 409, 'BOOTSTRAP_OWNER', email + ' is an owner named by the project environment (STAFF_EMAILS); change it there.', { field: 'email' })
  }
  const shop = shopOf(data)
  const before = shop.members[email]
  const now = new Date().toISOString()
  shop.members[email] = { roles: roles, changedAt: now, changedBy: owner }
  record(shop.audit, { at: now, by: owner, action: before ? 'member.changed' : 'member.added', target: email, before: before ? before.roles.join(' ') : '', after: roles.join(' ') })
  return respond(data, { email: email, roles: roles })
}

/** WRITE (owners) {email}: removes the member (404 when they are none). */
async function removeMemberOf(data: Data<{ email: string }>): Promise<Data> {
  const owner = ownerOf(data)
  if (!owner) return data
  const email = emailIn(data)
  if (!email) return data
  if (bootstrapRoles(email).length > 0) {
    return refuse(data, 409, 'BOOTSTRAP_OWNER', email + ' is an owner named by the project environment (STAFF_EMAILS); change it there.', { field: 'email' })
  }
  const shop = shopOf(data)
  const before = shop.members[email]
  if (!before) return refuse(data, 404, 'NOT_A_MEMBER', email + ' is not a member of the staff.', { field: 'email' })
  delete shop.members[email]
  record(shop.audit, { at: new Date().toISOString(), by: owner, action: 'member.removed', target: email, before: before.roles.join(' '), after: '' })
  return respond(data, { email: email, removed: true })
}

/** READ (owners): the audit log, newest first. */
async function getAuditLogOf(data: Data): Promise<Data> {
  if (!ownerOf(data)) return data
  return respond(data, { entries: auditLog(shopOf(data).audit) })
}

/** READ (platform) {email}: that e-mail's roles (none for a customer). */
export async function memberRoles(data: Data<{ email: string }>): Promise<Data> {
  const email = emailIn(data)
  if (!email) return data
  return respond(data, { email: email, roles: rolesOf(shopOf(data), email) })
}

/** WRITE (platform) {by, action, target, before, after}: records what a member did in another class. */
export async function recordAudit(data: Data<AuditEntry>): Promise<Data> {
  const body = data.request.body || ({} as AuditEntry)
  const shop = shopOf(data)
  record(shop.audit, { at: new Date().toISOString(), by: String(body.by), action: String(body.action), target: body.target || '', before: body.before || '', after: body.after || '' })
  return respond(data, { recorded: true })
}

export const getCatalogue = wordedForCaller(catalogue.getCatalogue)
export const savePlan = wordedForCaller(catalogue.savePlan)
export const retirePlan = wordedForCaller(catalogue.retirePlan)
export const saveCoffee = wordedForCaller(catalogue.saveCoffee)
export const saveExtra = wordedForCaller(catalogue.saveExtra)
export const changePrice = wordedForCaller(catalogue.changePrice)
export const noteSubscriber = catalogue.noteSubscriber
export const findCustomers = wordedForCaller(customers.findCustomers)
export const getReport = wordedForCaller(customers.getReport)

// Staff methods as the template names them, their refusals in the member's language (the call's culture).
export const myRoles = wordedForCaller(myRolesOf)
export const getStaff = wordedForCaller(getStaffOf)
export const setMember = wordedForCaller(setMemberOf)
export const removeMember = wordedForCaller(removeMemberOf)
export const getAuditLog = wordedForCaller(getAuditLogOf)
