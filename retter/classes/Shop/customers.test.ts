/**
 * Finding a customer (the Shop's findCustomers over the Directory's shards), with the Shop, Account
 * and Directory classes run by the local runtime in-process: support and owners find a customer by
 * e-mail, name, postal code or delivery id as the Accounts keep their entries; other roles and
 * customers get 403; a changed address is found by its new value, an e-mail change under the new
 * address only, and a deleted account not at all.
 */
import { directoryShardOf } from '@retter-shared/BeanBloomSubscription/directory'
import { call } from '../../../rio-local/test/in-process'
import { sessions } from '../../../rio-local/test/in-process'
import type { Customer as Who } from '../../../rio-local/test/account-client'
import { shopTestBackend } from './__tests__/shop-backend'
import { savePaymentMethod } from '../../../rio-local/test/payments'

const P = 'shop-customers'
const { backend, account, newEmail, shop, owner } = shopTestBackend(P)

const BERLIN = { name: 'Sam Müller', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const AMSTERDAM = { name: 'Anouk de Vries', line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' }

/** A customer signed in with an address. */
async function customerAt(name: string, address: typeof BERLIN): Promise<Who> {
  const who = await account.signIn(newEmail(name))
  await account.ok(who, 'setDeliveryAddress', address)
  return who
}

/** The e-mails `query` finds, as `who`. */
async function found(who: Who, query: string): Promise<string[]> {
  const answer = await shop('findCustomers', who, { query })
  expect({ query, status: answer.status }).toEqual({ query, status: 200 })
  return (answer.body.customers as Array<{ email: string }>).map((c) => c.email)
}

/** A member with `roles`, signed in. */
async function member(olga: Who, roles: string[]): Promise<Who> {
  const email = newEmail(roles.join('-'))
  await shop('setMember', olga, { email, roles })
  return account.signIn(email)
}

test('support finds a customer by e-mail, name (any case, no accents), postal code or delivery id, with what the contract names', async () => {
  const olga = await owner()
  const sam = await customerAt('sam', BERLIN)
  const anouk = await customerAt('anouk', AMSTERDAM)
  const sue = await member(olga, ['support'])
  const answer = await shop('findCustomers', sue, { query: sam.email })
  expect(answer.body).toEqual({ customers: [{ accountId: sam.accountId, email: sam.email, name: 'Sam Müller', postalCode: '10119', status: 'none' }] })
  expect(await found(sue, 'MULLER')).toEqual([sam.email])
  expect(await found(sue, '1015cj')).toEqual([anouk.email])
  expect(await found(sue, '1015 CJ')).toEqual([anouk.email])
  expect(await found(sue, 'anouk vries')).toEqual([anouk.email])
  expect(await found(sue, `${sam.accountId}:2026-12-02`)).toEqual([sam.email])
  // Words of several customers find each of them, in one order whatever the shards' order.
  const both = await found(olga, `.${process.pid}.`)
  expect(both).toEqual(expect.arrayContaining([anouk.email, sam.email]))
  expect(both).toEqual([...both].sort())
  expect(await found(olga, 'nobody-has-this')).toEqual([])
})

test('only support and owners may search; a short or long query is refused with its field', async () => {
  const olga = await owner()
  await customerAt('sam', BERLIN)
  for (const roles of [['roaster'], ['finance']]) {
    expect((await shop('findCustomers', await member(olga, roles), { query: 'sam' })).body).toMatchObject({ code: 'FORBIDDEN' })
  }
  const customer = await account.signIn(newEmail('cy'))
  expect((await shop('findCustomers', customer, { query: 'sam' })).status).toBe(403)
  expect((await shop('findCustomers', undefined, { query: 'sam' })).status).toBe(401)
  expect((await shop('findCustomers', olga, { query: ' s ' })).body).toMatchObject({ code: 'QUERY_TOO_SHORT', field: 'query' })
  expect((await shop('findCustomers', olga, { query: 'x'.repeat(101) })).body).toMatchObject({ code: 'QUERY_TOO_LONG', field: 'query' })
  // In the member's language.
  const inGerman = await call(backend(), 'POST', `/${P}/CALL/Shop/findCustomers/main?_token=${olga.token}&__culture=de-de`, { query: 's' })
  expect(inGerman.body).toMatchObject({ code: 'QUERY_TOO_SHORT', message: expect.stringContaining('mindestens 2 Zeichen') })
})

test('the directory follows the customer: a new address, an e-mail change, a deletion', async () => {
  const olga = await owner()
  const sam = await customerAt('sam', BERLIN)
  await account.ok(sam, 'setDeliveryAddress', AMSTERDAM)
  expect(await found(olga, '10119')).toEqual([])
  expect(await found(olga, '1015 CJ')).toEqual([sam.email])

  // A new address: the old one finds nothing, the new one finds the customer there.
  const moved = newEmail('sam-new')
  await account.ok(sam, 'requestEmailChange', { newEmail: moved })
  const mail = async (to: string, subject: RegExp) => (await account.outbox(to)).find((m) => subject.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  await account.ok(sam, 'confirmEmailChange', {
    code: await mail(moved, /code to use this address/), currentCode: await mail(sam.email, /code to move your Bean & Bloom account/),
  })
  expect(await found(olga, sam.email)).toEqual([])
  const there = await shop('findCustomers', olga, { query: moved })
  expect(there.body.customers).toEqual([expect.objectContaining({ email: moved, name: 'Anouk de Vries', postalCode: '1015 CJ' })])

  // Deleted: found no more, by any of it.
  const samThere: Who = { ...(await account.signIn(moved)), email: moved }
  expect(samThere.accountId).not.toBe(sam.accountId)
  await account.ok(samThere, 'requestAccountDeletion', {})
  const code = await mail(moved, /code to delete/)
  await account.ok(samThere, 'deleteMyAccount', { code })
  expect(await found(olga, moved)).toEqual([])
  expect(await found(olga, 'Anouk')).toEqual([])
})

test('the directory is the project’s own: no session may write or read a shard, and an Account writes only its own entry', async () => {
  const olga = await owner()
  const sam = await customerAt('sam', BERLIN)
  const shard = directoryShardOf(sam.accountId)
  for (const token of [olga.token, sam.token]) {
    expect((await call(backend(), 'POST', `/${P}/CALL/Directory/search/${shard}?_token=${token}`, { query: 'sam' })).status).toBe(403)
    expect((await call(backend(), 'POST', `/${P}/CALL/Directory/setEntry/${shard}?_token=${token}`, { entry: null })).status).toBe(403)
    expect((await call(backend(), 'POST', `/${P}/CALL/Directory/subscribersOf/${shard}?_token=${token}`, { planId: 'barista' })).status).toBe(403)
    expect((await call(backend(), 'POST', `/${P}/STATE/Directory/${shard}?_token=${token}`)).status).toBe(403)
  }
  // The developer's own credentials are no Account: they cannot write an entry either.
  const platform = sessions(backend()).platform()
  expect((await call(backend(), 'POST', `/${P}/CALL/Directory/setEntry/${shard}?_token=${platform}`, { entry: null })).status).toBe(403)
  expect(await found(olga, sam.email)).toEqual([sam.email])
})

test('finance and owners read the month’s report, live: subscriptions, MRR and cancellations with their reasons', async () => {
  const olga = await owner()
  const month = new Date().toISOString().slice(0, 7)
  const subscribe = async (name: string): Promise<Who> => {
    const who = await customerAt(name, BERLIN)
    await savePaymentMethod((method, body) => account.method(who, method, body))
    await account.ok(who, 'selectPlan', { planId: 'barista' })
    return who
  }
  await subscribe('sam')
  const ana = await subscribe('ana')
  await account.ok(ana, 'cancelSubscription', { reason: 'moving', note: 'Moving abroad' })
  const fin = await member(olga, ['finance'])
  const report = await shop('getReport', fin, { month })
  expect(report.status).toBe(200)
  expect(report.body).toMatchObject({
    month, activeSubscriptions: 1, activeByPlan: { barista: 1 }, pausedSubscriptions: 0, newSubscriptions: 2, cancelledSubscriptions: 1,
    cancelReasons: { moving: 1 },
    // Barista: €20.00 a week, round(2000 × 52 / 12).
    mrrCents: 8667, collectedCents: 0, refundedCents: 0, churnRate: 0,
    cohorts: { [month]: { customers: 2, subscribed: [1] } },
  })
  expect((await shop('getReport', olga, { month })).body).toEqual(report.body)
  for (const roles of [['support'], ['roaster']]) expect((await shop('getReport', await member(olga, roles), { month })).body).toMatchObject({ code: 'FORBIDDEN' })
  expect((await shop('getReport', fin, { month: '2026-13' })).body).toMatchObject({ code: 'INVALID_MONTH', field: 'month' })
})
