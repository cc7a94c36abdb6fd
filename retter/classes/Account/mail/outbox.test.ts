/**
 * The customer's e-mails through the outbox (mail/outbox.ts), sent by the customer's Mailer
 * (classes/Mailer), and the per-customer hourly limits (limits.ts), with the classes run by the
 * local runtime in-process on a fake `Date`: an SMTP outage loses nothing and spends one try per
 * message per back-off step with one task; a send run that dies after sending repeats at most the
 * message it was sending; what fails every
 * try is dead-lettered and listed on the mail desk, where staff send it again; flipping a delivery back and forth stops at the change limit with a 429,
 * with one pending reminder task per delivery.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { accountClient, type Customer as Who } from '../../../../rio-local/test/account-client'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { savePaymentMethod, TEST_CARDS } from '../../../../rio-local/test/payments'
import { composeProject, type TempProject } from '../../../../rio-local/test/projects'
import { CHANGES_PER_HOUR, EMAILS_PER_HOUR } from '../limits'
import { HANDOFF_CHECK_SECONDS, MAIL_RETRY_DELAYS_SECONDS } from './outbox'
import { findFreePort } from '../../../../scripts/lib/ports'

const P = 'outbox-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday
const DEAD_SMTP = 'smtp://127.0.0.1:9' // nothing listens there

let time: ReturnType<typeof fakeDate>
let backend: Backend
let project: TempProject
let smtp: string | undefined
let errors: jest.SpyInstance

interface Task { classId: string; method: string; dueAt: string; payload: Record<string, unknown> }

beforeAll(() => {
  // The same project, with a switch that makes a Mailer's send run die right after it ran (no
  // commit), as a process killed between the SMTP server's answer and the state's write would.
  project = composeProject()
  project.write('classes/Mailer/crash.ts', [
    "import { Data } from '@retter/rdk'",
    "import { send as real } from './deliver'",
    'export async function send(data: Data<{ at?: number }>) {',
    '  const out = await real(data)',
    "  if (process.env.TEST_CRASH_AFTER_SEND === '1') throw new Error('killed before the commit')",
    '  return out',
    '}',
  ].join('\n'))
  const file = join(project.dir, 'classes/Mailer/template.yml')
  project.write('classes/Mailer/template.yml', readFileSync(file, 'utf8').replace('handler: deliver.send', 'handler: crash.send'))
})
afterAll(() => project.remove())
beforeEach(async () => {
  time = fakeDate(START)
  process.env.TEST_CRASH_AFTER_SEND = '0'
  // The default limits (another test file may have lifted them in this worker).
  delete process.env.SUBSCRIPTION_CHANGES_PER_HOUR
  delete process.env.CUSTOMER_EMAILS_PER_HOUR
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, projectDir: project.dir, projectEnv: { STAFF_EMAILS: 'rosa@example.com' } })
  smtp = process.env.SMTP_URL
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(async () => {
  process.env.SMTP_URL = smtp
  errors.mockRestore()
  await backend.close()
  jest.useRealTimers()
})

async function customer(email = 'sam@example.com'): Promise<Who> {
  const who = { ...(await sessions(backend).customer(email)), email }
  await savePaymentMethod((name, body) => method(who, name, body))
  return who
}
const account = accountClient(() => backend)
const method = account.method
const mails = async (who: Who) => (await account.outbox(who.email)).map((m) => m.subject).filter((s) => !/code/i.test(s) && s !== 'Your payment method is saved')
const tasks = async (name: string, classId = 'Account') => (await call<Task[]>(backend, 'GET', '/__dev/tasks')).body.filter((t) => t.method === name && t.classId === classId)
/** The Mailer's pending send runs. */
const sendTasks = () => tasks('send', 'Mailer')
/** Every pending task of the mail path: the Account's outbox runs and the Mailer's send runs. */
const mailTasks = async () => [...(await tasks('retryMail')), ...(await sendTasks())]
/** Moves the clock to the earliest pending task of the mail path and runs what is due; false when none is pending. */
async function runNextMailTask(): Promise<boolean> {
  const pending = await mailTasks()
  if (pending.length === 0) return false
  const due = Math.min(...pending.map((t) => Date.parse(t.dueAt)))
  time.advance(Math.max(0, due - time.now()))
  await call(backend, 'POST', '/__dev/tasks/run')
  return true
}
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const ADDRESSES = Array.from({ length: 10 }, (_, i) => ({ ...HOME, line1: `Torstraße ${i + 1}` }))
const counts = (subjects: string[]) => subjects.reduce<Record<string, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {})

test('an SMTP outage: every e-mail arrives exactly once afterwards, with one pending task and one try per message per step', async () => {
  const sam = await customer()
  process.env.SMTP_URL = DEAD_SMTP
  for (const address of ADDRESSES) expect((await method(sam, 'setDeliveryAddress', address)).status).toBe(200)
  expect(await mails(sam)).toEqual([])
  // Ten messages wait at the Mailer, served by one task (the old queue added a task per failure);
  // the Account keeps one task, to hand them over again should no report come back.
  expect(await sendTasks()).toHaveLength(1)
  expect(await tasks('retryMail')).toHaveLength(1)
  const tries = () => errors.mock.calls.filter((c) => /could not be sent/.test(String(c[0]))).length
  expect(tries()).toBe(10)
  // Still down at the first retry: each message is tried once more, then waits five minutes.
  while ((await mailTasks()).some((t) => Date.parse(t.dueAt) <= START + 61_000)) await runNextMailTask()
  expect(tries()).toBe(20)
  expect((await sendTasks()).length).toBeLessThanOrEqual(1)
  process.env.SMTP_URL = smtp
  for (let i = 0; i < 30 && (await runNextMailTask()); i++) {
    // One message per run, each run's commit before the next.
  }
  expect(counts(await mails(sam))).toEqual({ 'Your delivery address is saved': 1, 'Your delivery address has changed': ADDRESSES.length - 1 })
  expect(await mailTasks()).toEqual([])
})

test('a send run that dies after sending repeats at most the message it was sending', async () => {
  const sam = await customer()
  process.env.SMTP_URL = DEAD_SMTP
  for (const address of ADDRESSES.slice(0, 5)) await method(sam, 'setDeliveryAddress', address)
  process.env.SMTP_URL = smtp
  process.env.TEST_CRASH_AFTER_SEND = '1'
  await runNextMailTask()
  process.env.TEST_CRASH_AFTER_SEND = '0'
  // The dead run's task is gone; the next e-mail, a minute later, finds it overdue and schedules one.
  time.advance(60_000)
  sam.token = (await sessions(backend).customer(sam.email)).token
  expect((await method(sam, 'setDeliveryAddress', HOME)).status).toBe(200)
  for (let i = 0; i < 30 && (await runNextMailTask()); i++) {
    // drain
  }
  const subjects = await mails(sam)
  // Six address e-mails, every one delivered; at most the one being sent when the run died went twice.
  expect(subjects.length).toBeGreaterThanOrEqual(6)
  expect(subjects.length).toBeLessThanOrEqual(7)
  expect(subjects.filter((s) => s === 'Your delivery address is saved')).toHaveLength(subjects.length - 5)
})

test('a message that fails every try moves to the dead letters after about a day, logged, never silently dropped', async () => {
  const sam = await customer()
  process.env.SMTP_URL = DEAD_SMTP
  await method(sam, 'setDeliveryAddress', HOME)
  // Every step of the Mailer's back-off, and the Account's checks on its hand-off in between.
  for (let i = 0; i < 3 * (MAIL_RETRY_DELAYS_SECONDS.length + 2) && (await runNextMailTask()); i++) {
    // the next step
  }
  expect(time.now() - START).toBeGreaterThan(24 * 60 * 60 * 1000)
  expect(await mailTasks()).toEqual([])
  expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining(`"Your delivery address is saved" could not be sent`))
  expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/moved to the dead letters after 10 tries/))
  const state = await call<{ private: Record<string, unknown> }>(backend, 'POST', `/${P}/STATE/Account/${sam.accountId}?_token=${sessions(backend).platform()}`)
  expect(state.status).toBeLessThan(500)

  // Staff see it on the mail desk (recipient, subject, why; never its body) and send it again.
  process.env.SMTP_URL = smtp
  const rosa = await sessions(backend).customer('rosa@example.com')
  const desk = async () => (await call<{ role: { staff?: { deadLetters: Array<Record<string, unknown>> } } }>(backend, 'POST', `/${P}/STATE/MailDesk/desk?_token=${rosa.token}`)).body.role.staff?.deadLetters ?? []
  const listed = await desk()
  expect(listed).toEqual([expect.objectContaining({ accountId: sam.accountId, to: sam.email, subject: 'Your delivery address is saved', attempts: 10, error: expect.any(String) })])
  expect(JSON.stringify(listed)).not.toContain('Torstraße')
  // Customers cannot read or resend (a fresh session: a day has passed).
  sam.token = (await sessions(backend).customer(sam.email)).token
  expect((await call(backend, 'POST', `/${P}/STATE/MailDesk/desk?_token=${sam.token}`)).status).toBe(403)
  expect((await call(backend, 'POST', `/${P}/CALL/MailDesk/resendDeadLetter/desk?_token=${sam.token}`, { key: listed[0]?.key })).status).toBe(403)
  const resent = await call(backend, 'POST', `/${P}/CALL/MailDesk/resendDeadLetter/desk?_token=${rosa.token}`, { key: listed[0]?.key })
  expect(resent.status).toBe(200)
  expect(await desk()).toEqual([])
  // The fresh round's first try goes at once (the Account's later check on it is not due yet).
  await call(backend, 'POST', '/__dev/tasks/run')
  expect(await mails(sam)).toEqual(['Your delivery address is saved'])
  // Asked again for the same one: it is off the list.
  expect((await call(backend, 'POST', `/${P}/CALL/MailDesk/resendDeadLetter/desk?_token=${rosa.token}`, { key: listed[0]?.key })).status).toBe(404)
})

test('a message handed over again (no report came back yet) is still sent once', async () => {
  const sam = await customer()
  process.env.SMTP_URL = DEAD_SMTP
  await method(sam, 'setDeliveryAddress', HOME)
  // The Mailer is still trying when the Account's check comes: it hands the message over again.
  while ((await mailTasks()).some((t) => Date.parse(t.dueAt) <= START + HANDOFF_CHECK_SECONDS * 1000)) await runNextMailTask()
  expect(time.now() - START).toBeGreaterThanOrEqual(HANDOFF_CHECK_SECONDS * 1000)
  process.env.SMTP_URL = smtp
  for (let i = 0; i < 30 && (await runNextMailTask()); i++) {
    // drain
  }
  expect(await mails(sam)).toEqual(['Your delivery address is saved'])
})

test('a dead letter keeps the mail server’s reason without the recipient’s address, on the Account and on the desk', async () => {
  // A server that refuses the recipient and names them, as Postfix does.
  const port = await findFreePort()
  const refusing = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], disableReverseLookup: true, logger: false,
    onRcptTo(address, _session, callback) {
      const upper = address.address.toUpperCase()
      callback(Object.assign(new Error(`5.1.1 <${upper}>: Recipient address rejected: User unknown (${address.address.replace('@', '%40')})`), { responseCode: 550 }))
    },
  })
  await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', () => resolve()))
  try {
    const sam = await customer()
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    await method(sam, 'setDeliveryAddress', HOME)
    for (let i = 0; i < 3 * (MAIL_RETRY_DELAYS_SECONDS.length + 2) && (await runNextMailTask()); i++) {
      // every step of the back-off
    }
    process.env.SMTP_URL = smtp
    const rosa = await sessions(backend).customer('rosa@example.com')
    const desk = (await call<{ role: { staff?: { deadLetters: Array<{ to: string; error: string }> } } }>(backend, 'POST', `/${P}/STATE/MailDesk/desk?_token=${rosa.token}`)).body.role.staff?.deadLetters ?? []
    expect(desk).toHaveLength(1)
    expect(desk[0]?.to).toBe(sam.email)
    expect(desk[0]?.error).toMatch(/Recipient address rejected: User unknown/)
    expect(desk[0]?.error.toLowerCase()).not.toContain('sam@example.com')
    expect(desk[0]?.error.toLowerCase()).not.toContain('sam%40example.com')
    // Nor does the function log carry it.
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((line) => /could not be sent/.test(line))
    expect(logged.length).toBeGreaterThan(MAIL_RETRY_DELAYS_SECONDS.length)
    expect(logged.filter((line) => /sam(@|%40)example\.com/i.test(line))).toEqual([])
  } finally {
    await new Promise<void>((resolve) => refusing.close(() => resolve()))
  }
})

test('nobody but the Account class hands e-mail to the Mailer, and nobody reads or runs a Mailer', async () => {
  const sam = await customer()
  await method(sam, 'setDeliveryAddress', HOME)
  const handed = { id: 'm99', messageId: '<m99.x@mail.beanbloom.invalid>', mail: { to: 'eve@example.com', subject: 'Hi', text: 'Hi' } }
  const rosa = await sessions(backend).customer('rosa@example.com')
  for (const token of [sam.token, rosa.token]) {
    expect((await call(backend, 'POST', `/${P}/CALL/Mailer/handOver?_token=${token}`, handed)).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Mailer/accept/${sam.accountId}?_token=${token}`, handed)).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Mailer/send/${sam.accountId}?_token=${token}`, {})).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/STATE/Mailer/${sam.accountId}?_token=${token}`)).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Account/mailReported/${sam.accountId}?_token=${token}`, { id: 'm1', sent: true, at: 0 })).status).toBe(403)
  }
  expect((await call(backend, 'POST', `/${P}/CALL/Mailer/handOver`, handed)).status).toBe(401)
  expect(await mails({ ...sam, email: 'eve@example.com' })).toEqual([])
})

test('flipping a delivery back and forth: one pending reminder per delivery, then 429 CHANGE_LIMIT, and e-mails stay within the hourly cap', async () => {
  const sam = await customer()
  await method(sam, 'setDeliveryAddress', HOME)
  await method(sam, 'selectPlan', { planId: 'barista' })
  const answers: number[] = []
  for (let i = 0; i < 50; i++) answers.push((await method(sam, i % 2 === 0 ? 'skipDelivery' : 'unskipDelivery', { date: '2026-12-02' })).status)
  // The start before the flips counts too (the address saved just before it is part of the start's entry).
  expect(answers.filter((s) => s === 200)).toHaveLength(CHANGES_PER_HOUR - 1)
  expect(answers.slice(CHANGES_PER_HOUR - 1).every((s) => s === 429)).toBe(true)
  const refused = await method(sam, 'skipDelivery', { date: '2026-12-02' })
  expect(refused.status).toBe(429)
  expect(refused.body).toMatchObject({ code: 'CHANGE_LIMIT', retryAfterSeconds: expect.any(Number) })
  expect(String(refused.body.message)).toMatch(/^You have made 15 changes to your subscription in the last hour, the most we accept\. Your subscription is as you left it; you can change it again in \d+ minutes?\.$/)
  const reminders = await tasks('sendDeliveryReminder')
  expect(new Set(reminders.map((t) => t.payload.date)).size).toBe(reminders.length)
  expect(reminders.length).toBeLessThanOrEqual(2)
  expect((await mails(sam)).length).toBeLessThanOrEqual(EMAILS_PER_HOUR)
  // An hour later the customer may change it again.
  time.advance(60 * 60 * 1000)
  sam.token = (await sessions(backend).customer(sam.email)).token
  expect((await method(sam, 'unskipDelivery', { date: '2026-12-02' })).status).not.toBe(429)
})

test('the hourly cap holds back only what the customer’s own changes trigger: a payment’s outcome goes out at once', async () => {
  process.env.CUSTOMER_EMAILS_PER_HOUR = '3'
  const sam = { ...(await sessions(backend).customer('dana@example.com')), email: 'dana@example.com' }
  await savePaymentMethod((name, body) => method(sam, name, body), { card: TEST_CARDS.declined })
  await method(sam, 'setDeliveryAddress', HOME)
  expect((await method(sam, 'selectPlan', { planId: 'barista' })).status).toBe(200)
  // Half an hour before the first delivery becomes final (00:00 on the 24th), three more changes.
  time.advance(Date.parse('2026-11-23T23:30:00Z') - time.now())
  sam.token = (await sessions(backend).customer(sam.email)).token
  for (const address of ADDRESSES.slice(0, 4)) expect((await method(sam, 'setDeliveryAddress', address)).status).toBe(200)
  const changedMails = async () => (await mails(sam)).filter((subject) => subject === 'Your delivery address has changed').length
  const sentBefore = await changedMails()
  expect(sentBefore).toBeLessThanOrEqual(3)
  // The charge at the final moment is declined: the customer hears of it then, cap or not.
  time.advance(Date.parse('2026-11-24T00:01:00Z') - time.now())
  await call(backend, 'POST', '/__dev/tasks/run')
  await call(backend, 'POST', '/__dev/tasks/run')
  expect((await mails(sam)).filter((subject) => subject.startsWith('Payment failed for your delivery of '))).toHaveLength(1)
  // The address confirmations past the cap still wait their turn (an hour after the first of the three).
  expect(await changedMails()).toBe(sentBefore)
})
