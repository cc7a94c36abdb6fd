/**
 * A customer never waits on their own e-mail: with a mail server that takes 500 ms per message,
 * ten changes in a row by one customer meet no busy answer (570) on the specification's retry
 * (lib/rio/busy-retry.ts), because the Account hands each message to the customer's Mailer and
 * never talks SMTP itself; and every e-mail still arrives once, with a Message-ID of its own, and
 * lands in the customer's sent log for the export. The runtime serves HTTP and runs delayed calls on
 * its timers, as deployed; the client speaks HTTP, so the runtime's work interleaves with its calls
 * as it would with a browser's.
 */
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { startTestServer, type TestServer } from '../../../../rio-local/test/harness'
import { BUSY_RETRY, retryWhileBusy } from '../../../../lib/rio/busy-retry'
import { findFreePort } from '../../../../scripts/lib/ports'

const P = 'mail-wait-tests'
const SMTP_DELAY_MS = 500
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

interface Received { to: string; subject: string; text: string; messageId: string }

/** An SMTP server on loopback that takes `delayMs` to accept each message, as a slow provider does. */
async function slowMailServer(port: number, delayMs: number) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        setTimeout(() => {
          for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject: parsed.subject ?? '', text: parsed.text ?? '', messageId: parsed.messageId ?? '' })
          callback()
        }, delayMs)
      }, (err: Error) => callback(err))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let server: TestServer | undefined
let mail: Awaited<ReturnType<typeof slowMailServer>> | undefined

beforeEach(() => {
  // The default hourly cap (another test file may have lifted it in this worker).
  delete process.env.CUSTOMER_EMAILS_PER_HOUR
})
afterEach(async () => {
  await server?.close()
  await mail?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(25)) {
    const value = await read()
    if (value !== undefined) return value
  }
  throw new Error(`timed out waiting for ${what}`)
}

test('ten changes in a row against a mail server taking 500 ms each meet no busy answer, and every e-mail arrives once', async () => {
  const smtpPort = await findFreePort()
  const smtp = (mail = await slowMailServer(smtpPort, SMTP_DELAY_MS))
  const running = (server = await startTestServer({ projectId: P, smtpUrl: `smtp://127.0.0.1:${smtpPort}` }))
  /** One HTTP call, tried again on 570 on the specification's schedule, as our clients do. */
  const send = <T>(method: string, path: string, body?: unknown) => retryWhileBusy(async () => {
    const res = await fetch(running.origin + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, body: (await res.json().catch(() => null)) as T }
  })
  const email = 'sam@example.com'

  // Sign in: the code goes to the slow server too (sent in the request: the customer waits for it).
  const anon = (await send<{ response: { accessToken: string } }>('GET', `/root/INSTANCE/ProjectUser?projectId=${P}`)).body.response.accessToken
  const accountId = (await send<{ instanceId: string }>('POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })).body.instanceId
  expect((await send('POST', `/${P}/CALL/Account/sendOtp/${accountId}?_token=${anon}`)).status).toBe(200)
  const code = await until('the sign-in code', () => smtp.received.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean), 5000)
  const verified = await send<{ data: { customToken: string } }>('POST', `/${P}/CALL/Account/verifyOtp/${accountId}?_token=${anon}`, { code })
  const customToken = verified.body.data.customToken
  const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
  const token = (await send<{ accessToken: string }>('GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)).body.accessToken
  const before = smtp.received.length
  const firstChange = running.exchanges.length

  // Ten changes back to back, each retried on the specification's schedule; the server counts every 570.
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) {
    statuses.push((await send('POST', `/${P}/CALL/Account/setDeliveryAddress/${accountId}?_token=${token}`, { ...HOME, line1: `Torstraße ${i + 1}` })).status)
  }
  const busy = running.exchanges.slice(firstChange).filter((e) => e.status === 570).length
  expect({ busy, statuses }).toEqual({ busy: 0, statuses: Array(10).fill(200) })
  expect(BUSY_RETRY).toEqual({ delay: 50, count: 3, rate: 1.5 })

  // Every confirmation arrives, once, each with a Message-ID of its own.
  const confirmations = () => smtp.received.slice(before).filter((m) => /delivery address/.test(m.subject))
  const arrived = await until('ten confirmations', () => (confirmations().length >= 10 ? confirmations() : undefined), 30_000)
  await sleep(SMTP_DELAY_MS * 2)
  expect(confirmations()).toHaveLength(10)
  expect(arrived.every((m) => m.to === email && m.messageId.endsWith(`.${accountId}@mail.beanbloom.invalid>`))).toBe(true)
  expect(new Set(arrived.map((m) => m.messageId)).size).toBe(10)

  // Each was reported back: the customer's export lists them as sent, none waiting.
  type Exported = { emailsSent: Array<{ subject: string }>; emailsWaitingToBeSent: unknown[] }
  const exported = await until('the sent log', async () => {
    const res = await send<Exported>('POST', `/${P}/CALL/Account/exportMyData/${accountId}?_token=${token}`)
    return res.body.emailsWaitingToBeSent.length === 0 ? res.body : undefined
  }, 10_000)
  expect(exported.emailsSent.filter((m) => /delivery address/.test(m.subject))).toHaveLength(10)
}, 60_000)
