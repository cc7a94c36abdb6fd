/**
 * A plan's price changes with notice, with the Shop, Account and Roastery classes run by the local
 * runtime in-process (fake `Date`, tasks at their time) against localstripe: a new subscriber pays
 * the new price at once; an existing one is e-mailed the old and the new price and the date, in
 * their language, and is charged the old price until their first delivery whose final moment is
 * PRICE_NOTICE_DAYS away, the new one from it; the reminder and the receipt say the price charged.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import type { DeliveryPayment } from '@retter-shared/BeanBloomSubscription/payments'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Customer as Who } from '../../../../rio-local/test/account-client'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { AccountUserState } from '../customer'
import { accountTestBackend, baristaSubscriber } from '../__tests__/backend'

const P = 'price-tests'
const OWNER = 'olga@example.com'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: Barista delivers every Wednesday from 25 Nov
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Sub = SubscriptionFields & AccountUserState

const { mirror } = recordingMirror()
let seq = 0

const t = accountTestBackend<Sub>(START, () => ({
  projectId: P, storage: 'memory', dev: true, mirror, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
  projectEnv: { STAFF_EMAILS: OWNER, SUBSCRIPTION_CHANGES_PER_HOUR: '1000', CUSTOMER_EMAILS_PER_HOUR: '1000' },
}))
const account = t.account
const mails = async (who: Who) => (await account.outbox(who.email)).filter((m) => !/code/i.test(m.subject))
const charged = async (who: Who) => ((await account.userState(who)) as Sub).payments?.map((p: DeliveryPayment) => [p.date.slice(0, 10), p.amountCents]) ?? []

/** A Barista subscriber (Visa), in `locale` when one is given. */
async function subscriber(name: string, locale?: string): Promise<Who> {
  const who = await account.signIn(`${name}.${process.pid}.${++seq}@example.com`)
  if (locale) await account.ok(who, 'setLocale', { locale })
  return baristaSubscriber(account, who, HOME)
}
/** The owner, signed in, with the Shop opened (as their first visit to the staff pages opens it). */
async function owner(): Promise<{ token: string }> {
  const olga = await sessions(t.backend).customer(OWNER)
  expect((await call(t.backend, 'POST', `/${P}/INSTANCE/Shop/main?_token=${olga.token}`)).status).toBe(200)
  return olga
}
async function changePrice(planId: string, amountCents: number): Promise<{ from: string }> {
  const olga = await owner()
  const res = await call<{ from: string }>(t.backend, 'POST', `/${P}/CALL/Shop/changePrice/main?_token=${olga.token}`, { planId, amountCents })
  expect(res.status).toBe(200)
  return res.body
}

test('existing subscribers pay the old price until the notice is over and are told; a new one pays the new price at once', async () => {
  const sam = await subscriber('sam')
  const lea = await subscriber('lea', 'de')
  t.time.advance(60_000)
  // 30 days of notice from Monday 23 November 09:01: the first delivery final after 23 December 09:01 is the 25th.
  expect(await changePrice('barista', 2200)).toMatchObject({ from: '2026-12-25T00:00:00.000Z' })
  await t.walkTo('2026-11-23T09:05:00Z')
  const notice = (await mails(sam)).find((m) => m.subject === 'The price of Barista changes from Wednesday 30 December 2026')
  expect(notice?.text).toContain('From your delivery of Wednesday 30 December 2026, Barista costs €22.00 a delivery instead of €20.00. Every delivery before it stays at €20.00.')
  expect(notice?.text).toMatch(/switch to another plan, pause or cancel on your account page/)
  const german = (await mails(lea)).find((m) => m.subject.startsWith('Der Preis von Barista ändert sich ab'))
  expect(german?.text).toContain('kostet Barista 22,00\u00a0€ pro Lieferung statt 20,00\u00a0€')

  // Sam's page learns his price and the change ahead from his own state.
  expect(((await account.userState(sam)) as Sub).yourPlan).toMatchObject({ id: 'barista', name: 'Barista', amount: 2000, nextPrice: { amount: 2200, from: '2026-12-30T00:00:00.000Z' } })

  const ana = await subscriber('ana')
  // Ana chose Barista after the change: no notice, the new price from her first delivery.
  expect((await mails(ana)).some((m) => m.subject.startsWith('The price of'))).toBe(false)

  await t.walkTo('2026-12-29T00:00:01Z')
  expect(await charged(sam)).toEqual([
    ['2026-11-25', 2000], ['2026-12-02', 2000], ['2026-12-09', 2000], ['2026-12-16', 2000], ['2026-12-23', 2000], ['2026-12-30', 2200],
  ])
  expect((await charged(ana)).every(([, cents]) => cents === 2200)).toBe(true)
  expect(((await account.userState(ana)) as Sub).yourPlan).toMatchObject({ id: 'barista', amount: 2200 })
  expect(((await account.userState(ana)) as Sub).yourPlan?.nextPrice).toBeUndefined()
  // Charged the new price now: nothing announced ahead any more.
  expect(((await account.userState(sam)) as Sub).yourPlan).toMatchObject({ amount: 2200 })
  expect(((await account.userState(sam)) as Sub).yourPlan?.nextPrice).toBeUndefined()
  // The reminder of the first delivery at the new price pre-notifies it.
  const reminder = (await mails(sam)).find((m) => m.subject === 'Your coffee arrives Wednesday 30 December 2026')
  expect(reminder?.text).toContain('We will charge €22.00')
  // Told once, however often the task runs.
  expect((await mails(sam)).filter((m) => m.subject.startsWith('The price of')).length).toBe(1)
}, 60_000)

test('a retired plan stays named, described and priced in its subscribers’ own state', async () => {
  const kim = await subscriber('kim')
  const olga = await owner()
  const retired = await call(t.backend, 'POST', `/${P}/CALL/Shop/retirePlan/main?_token=${olga.token}`, { planId: 'barista' })
  expect(retired.status).toBe(200)
  // Kim's next request (any) refreshes her plan: still Barista at her price, now marked retired.
  await account.ok(kim, 'setLocale', { locale: 'de' })
  expect(((await account.userState(kim)) as Sub).yourPlan).toMatchObject({ id: 'barista', name: 'Barista', amount: 2000, retired: true })
  expect(((await account.userState(kim)) as Sub).yourPlan?.translations?.de?.name).toBe('Barista')
}, 60_000)

// A READ's state is not kept: an announcement made there would be lost and made again at every
// read. So each READ method of the Account is wrapped as one (catalogue-source.ts withCatalogue).
test('every READ method of the Account runs with the catalogue as a READ, which announces nothing', () => {
  const root = join(__dirname, '..')
  const template = parseYaml(readFileSync(join(root, 'template.yml'), 'utf8')) as { methods: Array<{ method: string; type: string; handler: string }> }
  const reads = template.methods.filter((m) => m.type === 'READ')
  expect(reads.map((m) => m.method)).toContain('exportMyData')
  for (const read of reads) {
    const [file, name] = read.handler.split('.') as [string, string]
    const line = readFileSync(join(root, `${file}.ts`), 'utf8').split('\n').find((l) => l.startsWith(`export const ${name} = `))
    expect({ method: read.method, line }).toEqual({ method: read.method, line: expect.stringContaining(`, 'read')`) })
  }
})
