/**
 * The staff and their roles, with the Shop, Roastery, mail desk and Account classes run by the local
 * runtime in-process: the owners of STAFF_EMAILS add, change and remove members; a member signs in
 * as staff; every staff method is allowed exactly to the roles the table (BeanBloomIdentity
 * roles.ts) names, checked at each request, so a removed member or a role taken away is refused at
 * once; bad input names its field and changes nothing; every change is on the audit log.
 */
import fc from 'fast-check'
import { ALLOWED, mayDo, ROLES, type Role, type StaffAction } from '@retter-shared/BeanBloomIdentity/roles'
import type { Customer as Who } from '../../../rio-local/test/account-client'
import { call, type Reply } from '../../../rio-local/test/in-process'
import { OWNER, shopTestBackend } from './__tests__/shop-backend'
import { savePaymentMethod } from '../../../rio-local/test/payments'

const P = 'shop-tests'
const DAY = '2026-12-02'

const { backend, account, newEmail, shop, owner } = shopTestBackend(P)

function identityOf(who: Who): string {
  return (JSON.parse(Buffer.from(who.token.split('.')[1] as string, 'base64url').toString()) as { identity: string }).identity
}

/** A staff method of each kind, and how to call it: its answer is 403 unless the caller's roles allow its action. */
const PROBES: Array<{ name: string; action: StaffAction; run: (who: Who) => Promise<Reply> }> = [
  { name: 'Roastery STATE', action: 'board.read', run: async (who) => {
    await call(backend(), 'POST', `/${P}/INSTANCE/Roastery/${DAY}?_token=${who.token}`)
    return call(backend(), 'POST', `/${P}/STATE/Roastery/${DAY}?_token=${who.token}`)
  } },
  { name: 'Roastery markAllShipped', action: 'board.ship', run: (who) => call(backend(), 'POST', `/${P}/CALL/Roastery/markAllShipped/${DAY}?_token=${who.token}`, {}) },
  { name: 'Roastery refundDelivery', action: 'money.refund', run: (who) => call(backend(), 'POST', `/${P}/CALL/Roastery/refundDelivery/${DAY}?_token=${who.token}`, { deliveryId: `nobody:${DAY}`, amountCents: 100, reason: 'Probe' }) },
  { name: 'MailDesk STATE', action: 'mail.resend', run: async (who) => {
    await call(backend(), 'POST', `/${P}/INSTANCE/MailDesk/desk?_token=${who.token}`)
    return call(backend(), 'POST', `/${P}/STATE/MailDesk/desk?_token=${who.token}`)
  } },
  { name: 'Shop getStaff', action: 'staff.manage', run: (who) => shop('getStaff', who) },
  // The catalogue's staff methods, each with input that changes nothing when allowed (a 400 or 404 of its own).
  { name: 'Shop getCatalogue {all}', action: 'catalogue.manage', run: (who) => shop('getCatalogue', who, { all: true }) },
  { name: 'Shop savePlan', action: 'catalogue.manage', run: (who) => shop('savePlan', who, { plan: {} }) },
  { name: 'Shop retirePlan', action: 'catalogue.manage', run: (who) => shop('retirePlan', who, { planId: 'no-such-plan' }) },
  { name: 'Shop saveCoffee', action: 'catalogue.manage', run: (who) => shop('saveCoffee', who, { coffee: {} }) },
  { name: 'Shop changePrice', action: 'catalogue.manage', run: (who) => shop('changePrice', who, { planId: 'no-such-plan', amountCents: 100 }) },
  { name: 'Shop findCustomers', action: 'customer.find', run: (who) => shop('findCustomers', who, { query: 'nobody' }) },
  { name: 'Shop getReport', action: 'reports.read', run: (who) => shop('getReport', who, { month: '2026-11' }) },
  // Allowed without a reason: 400 REASON_REQUIRED, so nothing changes either way.
  { name: 'Account skipNextDelivery for a customer', action: 'customer.act', run: async (who) => {
    probeCustomer ??= await account.signIn(newEmail('probe'))
    return account.method(probeCustomer, 'skipNextDelivery', {}, who.token)
  } },
]
let probeCustomer: Who | undefined
beforeEach(() => { probeCustomer = undefined })

const OWNERS_ONLY: StaffAction[] = ['staff.manage', 'catalogue.manage']

test('the table gives every action to the owner, and names each action at least one other role but the owners’ own', () => {
  for (const action of Object.keys(ALLOWED) as StaffAction[]) {
    expect(mayDo(['owner'], action)).toBe(true)
    expect(ALLOWED[action].length > 1).toBe(!OWNERS_ONLY.includes(action))
  }
})

test('an owner adds members; a member signs in as staff; a customer stays a customer and may not manage the staff', async () => {
  const olga = await owner()
  const rui = newEmail('rui')
  expect((await shop('setMember', olga, { email: rui.toUpperCase(), roles: ['roaster'] })).body).toEqual({ email: rui, roles: ['roaster'] })
  const member = await account.signIn(rui)
  expect(identityOf(member)).toBe('staff')
  expect((await shop('myRoles', member)).body).toEqual({ email: rui, roles: ['roaster'], actions: ['board.read', 'board.ship'] })
  const customer = await account.signIn(newEmail('cy'))
  expect(identityOf(customer)).toBe('enduser')
  expect((await shop('setMember', customer, { email: newEmail('x'), roles: ['owner'] })).status).toBe(403)
  expect((await shop('setMember', member, { email: newEmail('x'), roles: ['owner'] })).status).toBe(403)
  expect((await shop('getStaff', olga)).body).toEqual({
    members: [
      { email: OWNER, roles: ['owner'], bootstrap: true },
      { email: rui, roles: ['roaster'], bootstrap: false, changedAt: expect.any(String), changedBy: OWNER },
    ],
  })
})

test('every staff method answers exactly the roles the table allows (property over role sets)', async () => {
  const olga = await owner()
  const email = newEmail('mo')
  await shop('setMember', olga, { email, roles: ['support'] })
  const member = await account.signIn(email)
  // The owner opens the instances first: a member who may not open one would otherwise read its absence (404).
  await call(backend(), 'POST', `/${P}/INSTANCE/MailDesk/desk?_token=${olga.token}`)
  await call(backend(), 'POST', `/${P}/INSTANCE/Roastery/${DAY}?_token=${olga.token}`)
  await fc.assert(fc.asyncProperty(fc.subarray([...ROLES], { minLength: 1 }), async (roles: Role[]) => {
    expect((await shop('setMember', olga, { email, roles })).status).toBe(200)
    for (const probe of PROBES) {
      const answer = await probe.run(member)
      // Allowed: the method runs (its own answer, whatever it is); refused: 403 FORBIDDEN.
      expect({ probe: probe.name, roles, forbidden: answer.status === 403 }).toEqual({ probe: probe.name, roles, forbidden: !mayDo(roles, probe.action) })
    }
  }), { numRuns: 12 })
})

test('a removed member, or a role taken away, is refused at the next request with the session they hold', async () => {
  const olga = await owner()
  const email = newEmail('fay')
  await shop('setMember', olga, { email, roles: ['finance', 'roaster'] })
  const fay = await account.signIn(email)
  expect((await PROBES[0]!.run(fay)).status).toBe(200)
  expect((await PROBES[1]!.run(fay)).status).toBe(200)
  await shop('setMember', olga, { email, roles: ['finance'] })
  expect((await PROBES[1]!.run(fay)).status).toBe(403)
  expect((await PROBES[0]!.run(fay)).status).toBe(200)
  expect((await shop('removeMember', olga, { email })).body).toEqual({ email, removed: true })
  expect((await PROBES[0]!.run(fay)).status).toBe(403)
  expect((await shop('myRoles', fay)).body).toMatchObject({ roles: [], actions: [] })
})

test('bad input names its field and changes nothing', async () => {
  const olga = await owner()
  const email = newEmail('gil')
  const before = (await shop('getStaff', olga)).body
  expect((await shop('setMember', olga, { email: 'not an address', roles: ['roaster'] })).body).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' })
  expect((await shop('setMember', olga, { email, roles: [] })).body).toMatchObject({ code: 'INVALID_ROLES', field: 'roles' })
  expect((await shop('setMember', olga, { email, roles: ['barista'] })).body).toMatchObject({ code: 'INVALID_ROLES', field: 'roles' })
  expect((await shop('setMember', olga, { email, roles: ['roaster', 'roaster'] })).body).toMatchObject({ code: 'INVALID_ROLES', field: 'roles' })
  expect((await shop('setMember', olga, { email: OWNER, roles: ['roaster'] })).body).toMatchObject({ code: 'BOOTSTRAP_OWNER', field: 'email' })
  expect((await shop('removeMember', olga, { email: OWNER })).body).toMatchObject({ code: 'BOOTSTRAP_OWNER', field: 'email' })
  expect((await shop('removeMember', olga, { email })).body).toMatchObject({ code: 'NOT_A_MEMBER', field: 'email' })
  // An owner reads the refusal in their own language (the call's culture); the code stays.
  const inGerman = await call(backend(), 'POST', `/${P}/CALL/Shop/setMember/main?_token=${olga.token}&__culture=de-de`, { email, roles: ['barista'] })
  expect(inGerman.body).toMatchObject({ code: 'INVALID_ROLES', field: 'roles', message: 'Gib einem Mitglied mindestens eine der Rollen Inhaber, Rösterei, Kundenservice und Finanzen, jede nur einmal. Es wurde nichts geändert.' })
  expect((await shop('getStaff', olga)).body).toEqual(before)
  expect((await shop('getAuditLog', olga)).body).toEqual({ entries: [] })
})

test('every change to the staff is on the audit log, newest first, with who, when, what, before and after', async () => {
  const olga = await owner()
  const email = newEmail('hal')
  await shop('setMember', olga, { email, roles: ['support'] })
  await shop('setMember', olga, { email, roles: ['support', 'finance'] })
  await shop('removeMember', olga, { email })
  const { entries } = (await shop('getAuditLog', olga)).body as { entries: Array<Record<string, string>> }
  expect(entries.map((e) => [e.action, e.target, e.before, e.after, e.by])).toEqual([
    ['member.removed', email, 'support finance', '', OWNER],
    ['member.changed', email, 'support', 'support finance', OWNER],
    ['member.added', email, '', 'support', OWNER],
  ])
  for (const entry of entries) expect(Date.parse(entry.at!)).not.toBeNaN()
  const member = await account.signIn(newEmail('ivy'))
  expect((await shop('getAuditLog', member)).status).toBe(403)
})

test('staff actions in the other classes go on the audit log once they succeed', async () => {
  const olga = await owner()
  const sam = await account.signIn(newEmail('sam'))
  await account.ok(sam, 'setDeliveryAddress', { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  await savePaymentMethod((name, body) => account.method(sam, name, body))
  await account.ok(sam, 'selectPlan', { planId: 'barista' })
  const day = ((await account.userState(sam)) as { nextDeliveryAt: string }).nextDeliveryAt.slice(0, 10)
  const deliveryId = `${sam.accountId}:${day}`
  const tracked = await call(backend(), 'POST', `/${P}/CALL/Roastery/setTracking/${day}?_token=${olga.token}`, { entries: [{ deliveryId, carrier: 'gls', trackingNumber: '123456789012' }] })
  expect(tracked.status).toBe(200)
  // Refused (not paid yet): nothing recorded.
  expect((await call(backend(), 'POST', `/${P}/CALL/Roastery/markShipped/${day}?_token=${olga.token}`, { deliveryId })).status).toBe(409)
  const { entries } = (await shop('getAuditLog', olga)).body as { entries: Array<Record<string, string>> }
  expect(entries.map((e) => [e.action, e.target, e.after, e.by])).toEqual([['tracking.saved', day, '1', OWNER]])
})

test('a bootstrap owner’s first staff action, before anyone opened the Shop, opens it and is on the audit log', async () => {
  const sam = await account.signIn(newEmail('sam'))
  await account.ok(sam, 'setDeliveryAddress', { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  await savePaymentMethod((name, body) => account.method(sam, name, body))
  await account.ok(sam, 'selectPlan', { planId: 'barista' })
  const day = ((await account.userState(sam)) as { nextDeliveryAt: string }).nextDeliveryAt.slice(0, 10)
  const olga = await account.signIn(OWNER)
  expect((await shop('getAuditLog', olga)).status).toBe(404)
  const entries = [{ deliveryId: `${sam.accountId}:${day}`, carrier: 'gls', trackingNumber: '123456789012' }]
  expect((await call(backend(), 'POST', `/${P}/CALL/Roastery/setTracking/${day}?_token=${olga.token}`, { entries })).status).toBe(200)
  const log = (await shop('getAuditLog', olga)).body as { entries: Array<Record<string, string>> }
  expect(log.entries.map((e) => [e.action, e.target, e.by])).toEqual([['tracking.saved', day, OWNER]])
})
