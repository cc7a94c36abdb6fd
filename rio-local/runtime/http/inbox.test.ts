/**
 * The dev outbox and inbox: mail sent over SMTP keeps its HTML part, only sign-in e-mails carry a
 * `code`, SQLite keeps html (also in a data folder made before the column existed), and the inbox
 * page is served only with its key, never through a proxy nor with dev mode off, with a strict CSP,
 * every message's text escaped and its HTML only inside a sandboxed frame.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { createBackend, type Backend } from '../../app'
import { startServer } from './server'
import { createSqliteStorage } from '../../storage/sqlite'
import type { DevOutboxMessage } from '../../storage/types'
import { call } from '../../test/in-process'
import { recordingLogger } from '../../test/recording-logger'
import { INBOX_CSP } from './inbox-page'

const P = 'inbox-tests'
const KEY = 'k'.repeat(20) + 'inbox-key-for-tests_0123456789'
let backend: Backend

beforeEach(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, inboxKey: KEY })
})
afterEach(() => backend.close())

async function send(mail: { to: string; subject: string; text: string; html?: string }): Promise<void> {
  const transport = nodemailer.createTransport(process.env.SMTP_URL as string)
  try {
    await transport.sendMail({ from: 'Bean & Bloom <hello@example.com>', ...mail })
  } finally {
    transport.close()
  }
}
const outbox = async (to: string) => (await call<DevOutboxMessage[]>(backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(to)}`)).body
const inbox = (query: string, headers: Record<string, string> = {}, method = 'GET', on: Backend = backend) =>
  on.handle({ method, url: `/__dev/inbox${query}`, headers })

const ORDER = {
  to: 'ann@example.com',
  subject: 'Your order is on its way',
  text: 'Order 654321 goes to 75001 Paris, postcode 123456.',
  html: '<h1 style="color:#3b2a20">On its way</h1><p>Order 654321</p>',
}
const SIGN_IN = { to: 'ann@example.com', subject: 'Your Bean & Bloom sign-in code', text: 'Your sign-in code is 048213. It expires in 5 minutes.' }

describe('the outbox', () => {
  test('keeps the HTML part; only the sign-in e-mail has a code; newest first', async () => {
    await send(ORDER)
    await send(SIGN_IN)
    const messages = await outbox('Ann@Example.com')
    expect(messages).toEqual([
      { to: 'ann@example.com', subject: SIGN_IN.subject, text: SIGN_IN.text, code: '048213', sentAt: expect.any(String) },
      { to: 'ann@example.com', subject: ORDER.subject, text: ORDER.text, html: ORDER.html, sentAt: expect.any(String) },
    ])
  })

  test('SQLite keeps html and code, and a data folder made before the html column gets it on open', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rio-outbox-'))
    try {
      // The outbox table as shipped before html existed, with one message in it.
      const old = new Database(join(dir, 'backend.sqlite'))
      old.exec(`CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT, to_addr TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
        code TEXT NOT NULL, sent_at TEXT NOT NULL)`)
      old.prepare('INSERT INTO outbox (to_addr, subject, body, code, sent_at) VALUES (?, ?, ?, ?, ?)').run('bo@example.com', 'Your sign-in code', 'Code 111111', '111111', '2026-01-01T00:00:00.000Z')
      old.close()

      const storage = createSqliteStorage(dir)
      storage.commit({ outbox: [{ to: 'bo@example.com', subject: ORDER.subject, text: ORDER.text, html: ORDER.html, sentAt: '2026-01-02T00:00:00.000Z' }] })
      storage.close()
      const reopened = createSqliteStorage(dir)
      expect(reopened.listOutbox('bo@example.com')).toEqual([
        { to: 'bo@example.com', subject: ORDER.subject, text: ORDER.text, html: ORDER.html, sentAt: '2026-01-02T00:00:00.000Z' },
        { to: 'bo@example.com', subject: 'Your sign-in code', text: 'Code 111111', code: '111111', sentAt: '2026-01-01T00:00:00.000Z' },
      ])
      reopened.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the inbox page: who may open it', () => {
  test('with its key it is served without the X-Rio-Dev header, with a strict CSP and no framing', async () => {
    expect(backend.inboxPath).toBe(`/__dev/inbox?key=${KEY}`)
    const res = await inbox(`?key=${KEY}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(INBOX_CSP)
    expect(INBOX_CSP).toContain("default-src 'none'")
    expect(INBOX_CSP).not.toContain('script-src')
    expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
  })

  test.each([
    ['no key', ''],
    ['an empty key', '?key='],
    ['a wrong key of the same length', `?key=${'x'.repeat(KEY.length)}`],
    ['a prefix of the key', `?key=${KEY.slice(0, -1)}`],
  ])('%s: 403', async (_name, query) => {
    const res = await inbox(query)
    expect(res.status).toBe(403)
    expect(res.body).not.toContain(KEY)
  })

  test('through a proxy: 404, even with the key', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'via']) expect((await inbox(`?key=${KEY}`, { [header]: 'x' })).status).toBe(404)
  })

  test('with dev mode off: 404, and no inbox path to print', async () => {
    const prod = await createBackend({ projectId: P, storage: 'memory', dev: false, inboxKey: KEY })
    try {
      expect(prod.inboxPath).toBeNull()
      expect((await inbox(`?key=${KEY}`, {}, 'GET', prod)).status).toBe(404)
    } finally {
      await prod.close()
    }
  })

  test('only GET', async () => {
    expect((await inbox(`?key=${KEY}`, {}, 'POST')).status).toBe(405)
  })

  test('a short key is refused at start', async () => {
    await expect(createBackend({ projectId: P, storage: 'memory', dev: true, inboxKey: 'short' })).rejects.toThrow(/at least 32 characters/)
  })

  test('over HTTP: no CORS headers, and the key never reaches the request log', async () => {
    const logger = recordingLogger()
    const server = await startServer(backend, { logger })
    try {
      const res = await fetch(`${server.origin}/__dev/inbox?key=${KEY}`, { headers: { origin: 'https://localhost:3000' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(logger.lines).toEqual([expect.objectContaining({ msg: 'request', fields: expect.objectContaining({ path: '/__dev/inbox', status: 200 }) })])
      expect(JSON.stringify(logger.lines)).not.toContain(KEY)
    } finally {
      await server.close()
    }
  })
})

describe('the inbox page: what it shows', () => {
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
  const page = async (query = '') => (await inbox(`?key=${KEY}${query}`)).body

  test('newest first, filtered by address; HTML in a sandboxed srcdoc frame beside the plain text', async () => {
    await send(ORDER)
    await send({ ...SIGN_IN, to: 'bea@example.com' })
    const all = await page()
    expect(all.indexOf('sign-in code')).toBeLessThan(all.indexOf('Your order is on its way'))
    expect(all).toContain('048213')
    const ann = await page('&to=ANN@example.com')
    expect(ann).not.toContain('bea@example.com')
    expect(ann).toContain('<pre>Order 654321 goes to 75001 Paris, postcode 123456.</pre>')
    const frames = [...ann.matchAll(/<iframe sandbox="" referrerpolicy="no-referrer" title="[^"]*" srcdoc="([^"]*)"><\/iframe>/g)]
    expect(frames.map((f) => decode(f[1] as string))).toEqual([ORDER.html])
    // The filter form carries the key and the address.
    expect(ann).toContain(`<input type="hidden" name="key" value="${KEY}">`)
    expect(ann).toContain('value="ann@example.com"')
  })

  test('a message cannot run script in the page: subject, text and address are escaped, its HTML stays inside the sandboxed frame', async () => {
    const evil = {
      to: 'eve@example.com',
      subject: '<script>alert(1)</script> "quoted" \'single\'',
      text: '</pre><script>alert(2)</script><img src=x onerror=alert(3)>',
      html: '<p>Hi</p><script>alert(4)</script><img src=x onerror=alert(5)>"\'&',
    }
    await send(evil)
    const body = await page('&to=eve@example.com')
    // Outside the frames' srcdoc, only the page's own tags exist, none with an event handler.
    const tags = [...body.replace(/srcdoc="[^"]*"/g, 'srcdoc=""').matchAll(/<\/?([a-z0-9!]+)([^>]*)>/gi)]
    expect(new Set(tags.map((t) => (t[1] as string).toLowerCase()))).toEqual(
      new Set(['!doctype', 'html', 'head', 'meta', 'title', 'style', 'body', 'header', 'h1', 'form', 'input', 'label', 'button', 'span', 'main', 'article', 'dl', 'dt', 'dd', 'div', 'section', 'iframe', 'pre']),
    )
    expect(tags.filter((t) => /\son\w*=/i.test(t[2] as string))).toEqual([])
    expect(body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#34;quoted&#34; &#39;single&#39;')
    expect(body).toContain('<pre>&#60;/pre&#62;&#60;script&#62;alert(2)')
    const frame = /<iframe sandbox="" [^>]*srcdoc="([^"]*)"/.exec(body)
    expect(decode(frame?.[1] as string)).toBe(evil.html)
  })

  test('a blank address shows every address; limit keeps the newest, and a bad one is refused as on the outbox', async () => {
    await send(ORDER)
    await send({ ...SIGN_IN, to: 'bea@example.com' })
    const blank = await page('&to=%20')
    expect(blank).toContain(ORDER.subject)
    expect(blank).toContain('048213')
    const newest = await page('&limit=1')
    expect(newest).toContain('048213')
    expect(newest).not.toContain(ORDER.subject)
    for (const limit of ['0', '501', '1.5', 'ten']) {
      const res = await inbox(`?key=${KEY}&limit=${limit}`)
      expect(res.status).toBe(400)
      expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_LIMIT', message: '"limit" must be an integer from 1 to 500' })
    }
  })

  test('no mail yet says so', async () => {
    expect(await page('&to=nobody@example.com')).toContain('No e-mail to nobody@example.com yet.')
  })
})
