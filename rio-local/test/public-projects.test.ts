/**
 * Public Retter v1 projects by others, unchanged (fixtures/public/SOURCES.md says where each comes
 * from), run on the runtime as their authors run them on Retter. Each is copied to a temporary
 * folder first: loading a project without `rio.ts` runs `rio generate` in it, as `rio deploy` does.
 * The only stand-in is the `postmark` package (Postmark's e-mail API is on the internet), which
 * the copy gets in its class folders' node_modules, where `rio deploy`'s npm install would put it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createBackend, type Backend } from '../app'
import { call, sessions } from './in-process'
import { FIXTURES_DIR } from './projects'
import { recordingLogger } from './recording-logger'

jest.setTimeout(90_000)

const PROJECTS_DIR = resolve(__dirname, '.projects')

/** A copy of `fixtures/public/<name>` with each `package.json.source` back to `package.json`. */
function copyPublicProject(name: string): string {
  mkdirSync(PROJECTS_DIR, { recursive: true })
  const dir = mkdtempSync(join(PROJECTS_DIR, `${name}-`))
  cpSync(join(FIXTURES_DIR, 'public', name), dir, { recursive: true })
  const restore = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry)
      if (statSync(path).isDirectory()) restore(path)
      else if (entry === 'package.json.source') renameSync(path, join(folder, 'package.json'))
    }
  }
  restore(dir)
  return dir
}

interface SentMail { To: string; Subject: string; TextBody?: string }
const sentMail = (): SentMail[] => ((globalThis as { __postmarkSent?: SentMail[] }).__postmarkSent ??= [])

/** The `postmark` package's ServerClient, recording instead of sending. */
function stubPostmark(classDir: string): void {
  const dir = join(classDir, 'node_modules', 'postmark')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'postmark', version: '3.0.14', main: 'index.js' }))
  writeFileSync(join(dir, 'index.js'), [
    '// Test stand-in for Postmark (an internet service): records each e-mail instead of sending it.',
    'const sent = (globalThis.__postmarkSent = globalThis.__postmarkSent || [])',
    'class ServerClient {',
    '  constructor(token) { this.token = token }',
    '  async sendEmail(message) { sent.push(Object.assign({}, message)); return { ErrorCode: 0, Message: "OK", To: message.To } }',
    '}',
    'module.exports = { ServerClient }',
    '',
  ].join('\n'))
}

describe('rettersoft/rio-samples email-tutorial', () => {
  const P = 'email-tutorial'
  let dir: string
  let backend: Backend
  let anon: string
  const logger = recordingLogger()

  beforeAll(async () => {
    dir = copyPublicProject('rio-samples-email-tutorial')
    for (const cls of ['Mailer', 'Subscribe']) stubPostmark(join(dir, 'classes', cls))
    backend = await createBackend({ projectId: P, storage: 'memory', projectDir: dir, logger, timers: false, projectEnv: { POSTMARK_API_TOKEN: 'test-token' } })
    anon = await sessions(backend).anonymous()
  })
  afterAll(async () => {
    await backend?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('loads without rio.ts: rio generate ran, as rio deploy does', () => {
    expect(existsSync(join(dir, 'classes', 'Subscribe', 'rio.ts'))).toBe(true)
    expect(existsSync(join(dir, 'classes', 'Mailer', 'rio.ts'))).toBe(true)
    expect(logger.at('warn').some((l) => l.msg.includes('rio generate'))).toBe(true)
  })

  test('the template entry without a handler is named at start with its line, answers 500, and the rest of the class works', async () => {
    const warning = logger.at('warn').find((l) => l.msg.includes('Subscribe.sendMailToSubscribers'))
    expect(warning?.msg).toContain('classes/Subscribe/template.yml:17')
    expect(warning?.msg).toContain('exports no function "sendMailToSubscribers"')
    const opened = await call<{ instanceId: string }>(backend, 'POST', `/${P}/INSTANCE/Subscribe?_token=${anon}`)
    expect(opened.body.instanceId).toBe('defaultInstance')
    const broken = await call<{ code: string }>(backend, 'POST', `/${P}/CALL/Subscribe/sendMailToSubscribers/defaultInstance?_token=${anon}`)
    expect(broken).toMatchObject({ status: 500, body: { code: 'HANDLER_NOT_FOUND' } })
  })

  test('subscribe, validate by the e-mailed link, then the scheduled Mailer reaches every subscriber through the generated client', async () => {
    const base = `/${P}/CALL/Subscribe`
    await call(backend, 'POST', `/${P}/INSTANCE/Subscribe?_token=${anon}`)
    const before = sentMail().length
    const subscribed = await call<{ status: string }>(backend, 'POST', `${base}/subscribe/defaultInstance?_token=${anon}`, { email: 'ada@example.com' })
    expect(subscribed).toMatchObject({ status: 200, body: { status: 'New preSubscriber added to preSubscribers' } })
    const confirmation = sentMail()[before]
    expect(confirmation).toMatchObject({ To: 'ada@example.com', Subject: 'Confirm your subscription' })
    expect(confirmation?.TextBody).toContain('/CALL/Subscribe/validate/defaultInstance?email=ada@example.com')
    // The input model (format: email) refuses a bad address before the handler runs.
    expect((await call(backend, 'POST', `${base}/subscribe/defaultInstance?_token=${anon}`, { email: 'not-an-address' })).status).toBe(400)
    const validated = await call<{ status: string }>(backend, 'POST', `${base}/validate/defaultInstance?email=ada%40example.com&_token=${anon}`, { email: 'ada@example.com' })
    expect(validated).toMatchObject({ status: 200, body: { status: 'New subscriber ada@example.com added to subscribers' } })

    const sent = await call<{ status: string; subscribersArray: Array<{ email: string; isApproved: boolean }> }>(backend, 'POST', `/${P}/CALL/Mailer/sendMailToSubscribers/static?_token=${anon}`)
    expect(sent.status).toBe(200)
    expect(sent.body.subscribersArray).toEqual([expect.objectContaining({ email: 'ada@example.com', isApproved: true })])
    expect(sentMail().at(-1)).toMatchObject({ To: 'ada@example.com', Subject: 'Hi From Retter!' })
  })
})

describe('retterio/simple_todo_example', () => {
  const P = 'simple-todo'
  let dir: string
  let backend: Backend
  let anon: string

  beforeAll(async () => {
    dir = copyPublicProject('simple-todo-example')
    backend = await createBackend({ projectId: P, storage: 'memory', projectDir: dir, logger: recordingLogger(), timers: false })
    anon = await sessions(backend).anonymous()
  })
  afterAll(async () => {
    await backend?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a todo list: upsert, get, remove, with its input models; and a custom token from the STATIC method', async () => {
    const opened = await call<{ instanceId: string; newInstance: boolean }>(backend, 'POST', `/${P}/INSTANCE/TodoProject?_token=${anon}`)
    expect(opened.body.newInstance).toBe(true)
    const todo = `/${P}/CALL/TodoProject`
    const id = opened.body.instanceId
    const added = await call<{ success: boolean; newTodo: { id: number; todo: string } }>(backend, 'POST', `${todo}/upsert/${id}?_token=${anon}`, { todo: 'roast beans', id: 7 })
    expect(added.body).toEqual({ success: true, newTodo: { todo: 'roast beans', id: 7 } })
    expect((await call(backend, 'POST', `${todo}/upsert/${id}?_token=${anon}`, { id: 8 })).status).toBe(400)
    expect((await call(backend, 'POST', `${todo}/get/${id}?_token=${anon}`)).body).toEqual({ success: true, todos: [{ id: 7, todo: 'roast beans' }] })
    expect((await call(backend, 'POST', `${todo}/remove/${id}?_token=${anon}`, { id: 7 })).body).toMatchObject({ success: true })
    expect((await call(backend, 'POST', `${todo}/get/${id}?_token=${anon}`)).body).toEqual({ success: true, todos: [] })
    const token = await call<{ success: boolean; data: { customToken: string } }>(backend, 'POST', `/${P}/CALL/Authenticate/generateCustomToken/static?_token=${anon}`, { userId: 'u1' })
    expect(token.body.success).toBe(true)
    expect(token.body.data.customToken.split('.')).toHaveLength(3)
  })
})
