/**
 * Behaviours Retter documents, each checked against the page that documents it, on a small project
 * written the way Retter's documentation writes classes. Pages are those of Retter's v1
 * documentation (docs.retter.io, source in the public rettersoft/docs repository).
 */
import { createBackend, type Backend } from '../app'
import { silentLogger } from '../logger'
import { ProjectError } from '../project/errors'
import { call, sessions } from './in-process'
import { emptyProject, type TempProject } from './projects'
import { recordingLogger } from './recording-logger'

jest.setTimeout(60_000)

const P = 'semantics'
let project: TempProject
let backend: Backend
let anon: string
let logger: ReturnType<typeof recordingLogger>

beforeAll(async () => {
  project = emptyProject()
  // Components > Models, "Error Validations": the example model and the issue it documents.
  project.write('models/SayHelloInput.json', JSON.stringify({
    type: 'object',
    required: ['firstName'],
    properties: {
      firstName: { type: 'string', description: "The person's first name." },
      lastName: { type: 'string', description: "The person's last name." },
      age: { description: 'Age in years which must be equal to or greater than zero.', type: 'integer', minimum: 0 },
    },
  }))
  project.write('models/Greeting.json', JSON.stringify({ type: 'object', required: ['greeting'], properties: { greeting: { type: 'string' } } }))
  project.write('classes/Doc/template.yml', [
    'init: index.init',
    'getState: index.getState',
    'getInstanceId: index.getInstanceId',
    'methods:',
    '  - method: setState',
    '    type: WRITE',
    '    handler: index.setState',
    '  - method: touch',
    '    type: WRITE',
    '    handler: index.touch',
    '  - method: sayHello',
    '    type: READ',
    '    inputModel: SayHelloInput',
    '    outputModel: Greeting',
    '    handler: index.sayHello',
    '  - method: badGreeting',
    '    type: READ',
    '    outputModel: Greeting',
    '    handler: index.badGreeting',
    '  - method: plain',
    '    type: STATIC',
    '    handler: index.plain',
    '  - method: requestTime',
    '    type: STATIC',
    '    handler: index.requestTime',
    '  - method: register',
    '    type: STATIC',
    '    handler: index.register',
    '  - method: keyOfOtherClass',
    '    type: STATIC',
    '    handler: index.keyOfOtherClass',
    '  - method: append',
    '    type: QUEUED_WRITE',
    '    handler: index.append',
    '  - method: broken',
    '    type: READ',
    '    handler: index.notExported',
    '',
  ].join('\n'))
  project.write('classes/Doc/index.ts', `
import RDK, { Data, Response } from '@retter/rdk'
const rdk = new RDK()
export async function getInstanceId(data: Data): Promise<string> { return data.request.body.name }
export async function init(data: Data): Promise<Data> {
  data.state.public = { message: 'Hello, World!', log: [] }
  await rdk.setLookUpKey({ key: { name: 'name', value: data.request.body.name } })
  return data
}
// Getting Started (first-project): the getState / setState pair of the optimistic-concurrency sample.
export async function getState(data: Data): Promise<Response> {
  return { statusCode: 200, body: data.state, headers: { 'x-rio-state-version': data.version.toString() } }
}
export async function setState(data: Data): Promise<Data> {
  const { state, version } = data.request.body || {}
  if (data.version === version) {
    data.state = state
    data.response = { statusCode: 204 }
  } else {
    data.response = { statusCode: 409, body: { message: \`Your state version (\${version}) is behind the current version (\${data.version}).\` } }
  }
  return data
}
export async function touch(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { version: data.version } }
  return data
}
export async function sayHello(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { greeting: 'Hello ' + data.request.body.firstName } }
  return data
}
export async function badGreeting(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { greet: 42 } }
  return data
}
export async function plain(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: 'Success!', headers: { 'content-type': 'text/plain' } }
  return data
}
export async function requestTime(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { requestTime: (data.request as unknown as { requestTime: string }).requestTime } }
  return data
}
// Samples > Email/password authentication: look the user up by key; only a failed lookup means "new".
export async function register(data: Data): Promise<Data> {
  const instance = await rdk.getInstance({ classId: 'Doc', lookupKey: { name: 'name', value: data.request.body.name } })
  data.response = { statusCode: 200, body: { lookupStatus: instance.statusCode, exists: instance.statusCode === 200 } }
  return data
}
export async function keyOfOtherClass(data: Data): Promise<Data> {
  const own = await rdk.getLookUpKey({ key: { name: 'tag', value: 'x' } })
  const other = await rdk.getLookUpKey({ classId: 'Tag', key: { name: 'tag', value: 'x' } } as never)
  data.response = { statusCode: 200, body: { own, other } }
  return data
}
export async function append(data: Data): Promise<Data> {
  await new Promise((r) => setTimeout(r, 5 * (5 - data.request.body.n)))
  data.state.public.log.push(data.request.body.n)
  return data
}
`)
  project.write('classes/Tag/template.yml', 'init: index.init\ngetInstanceId: index.getInstanceId\nmethods: []\n')
  project.write('classes/Tag/index.ts', `
import RDK, { Data } from '@retter/rdk'
const rdk = new RDK()
export async function getInstanceId(): Promise<string> { return 'tag-x' }
export async function init(data: Data): Promise<Data> {
  await rdk.setLookUpKey({ key: { name: 'tag', value: 'x' } })
  return data
}
`)
  logger = recordingLogger()
  backend = await createBackend({ projectId: P, storage: 'memory', projectDir: project.dir, logger, timers: false })
  anon = await sessions(backend).anonymous()
})
afterAll(async () => {
  await backend.close()
  project.remove()
})

const open = (name: string) => call<{ instanceId: string; newInstance: boolean }>(backend, 'POST', `/${P}/INSTANCE/Doc?_token=${anon}`, { name })
const run = <T = Record<string, unknown>>(method: string, id: string, body?: unknown) => call<T>(backend, 'POST', `/${P}/CALL/Doc/${method}/${id}?_token=${anon}`, body)

test('an unknown lookup key finds nothing and creates nothing, over REST and through rdk.getInstance (Samples > Email/password authentication)', async () => {
  const byKey = await call(backend, 'POST', `/${P}/INSTANCE/Doc/name!ghost?_token=${anon}`)
  expect(byKey).toMatchObject({ status: 404, body: { code: 'INSTANCE_NOT_FOUND' } })
  expect((await call(backend, 'POST', `/${P}/STATE/Doc/ghost?_token=${anon}`)).status).toBe(404)
  expect((await run('register', 'static', { name: 'ghost' })).body).toEqual({ lookupStatus: 404, exists: false })
  // Once created (getInstanceId from the body), the same key finds it.
  expect((await open('ghost')).body.newInstance).toBe(true)
  expect((await call<{ instanceId: string }>(backend, 'POST', `/${P}/INSTANCE/Doc/name!ghost?_token=${anon}`)).body.instanceId).toBe('ghost')
  expect((await run('register', 'static', { name: 'ghost' })).body).toEqual({ lookupStatus: 200, exists: true })
  // getInstanceId naming an existing id opens it: init runs once per id (Components > Classes, "init").
  expect((await open('ghost')).body.newInstance).toBe(false)
})

test('data.version counts state changes: the optimistic-concurrency sample accepts the current version and refuses an old one (Getting Started)', async () => {
  await open('doc-v')
  const read = async () => {
    const res = await call<{ public: Record<string, unknown> }>(backend, 'POST', `/${P}/STATE/Doc/doc-v?_token=${anon}`)
    return { state: res.body, version: Number(res.headers['x-rio-state-version']) }
  }
  const first = await read()
  expect(first.version).toBe(1)
  // A call that changes nothing keeps the version.
  expect((await run('touch', 'doc-v')).body).toEqual({ version: 1 })
  expect((await read()).version).toBe(1)
  const written = await run('setState', 'doc-v', { state: { public: { message: 'one' } }, version: first.version })
  expect(written.status).toBe(204)
  const second = await read()
  expect(second.version).toBe(2)
  expect(second.state.public).toEqual({ message: 'one' })
  // A writer still holding version 1 is refused with the sample's message.
  const stale = await run<{ message: string }>('setState', 'doc-v', { state: { public: { message: 'stale' } }, version: 1 })
  expect(stale.status).toBe(409)
  expect(stale.body.message).toBe('Your state version (1) is behind the current version (2).')
  expect((await read()).state.public).toEqual({ message: 'one' })
})

test('a failed input model answers the documented 400 body, schemaPath included (Components > Models, "Error Validations")', async () => {
  await open('doc-m')
  const res = await run('sayHello', 'doc-m', {})
  expect(res.status).toBe(400)
  expect(res.body).toEqual({
    code: 'VALIDATION',
    message: 'Model validation has been failed.',
    issues: [{ instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: 'firstName' }, message: "must have required property 'firstName'" }],
  })
  expect((await run('sayHello', 'doc-m', { firstName: 'Ada' })).body).toEqual({ greeting: 'Hello Ada' })
})

test('an answer its outputModel refuses is not sent as if it were fine (Components > Classes, Method Model "outputModel")', async () => {
  await open('doc-o')
  const res = await run<{ code: string; issues: Array<{ schemaPath: string }> }>('badGreeting', 'doc-o')
  expect(res.status).toBe(500)
  expect(res.body.code).toBe('VALIDATION')
  expect(res.body.issues[0]?.schemaPath).toBe('#/required')
})

test('a text/plain body goes out as text, not JSON-quoted (Components > Classes, "Response": body \'Success!\')', async () => {
  const res = await backend.handle({ method: 'POST', url: `/${P}/CALL/Doc/plain/static?_token=${anon}`, headers: {} })
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toBe('text/plain')
  expect(res.body).toBe('Success!')
})

test('data.request.requestTime is the ISO time of the request (Components > Classes, "Request")', async () => {
  const before = Date.now()
  const res = await run<{ requestTime: string }>('requestTime', 'static')
  expect(res.body.requestTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  expect(Date.parse(res.body.requestTime)).toBeGreaterThanOrEqual(before - 5)
  expect(Date.parse(res.body.requestTime)).toBeLessThanOrEqual(Date.now())
})

test('getLookUpKey reads another class\'s key when given its classId (RDK > Lookup Keys, GetLookUpKey.classId)', async () => {
  await call(backend, 'POST', `/${P}/INSTANCE/Tag?_token=${anon}`, {})
  const res = await run<{ own: { success: boolean }; other: { success: boolean; data: { instanceId: string } } }>('keyOfOtherClass', 'static')
  expect(res.body.own.success).toBe(false)
  expect(res.body.other).toEqual({ success: true, data: { instanceId: 'tag-x' } })
})

test('QUEUED_WRITE calls are accepted at once and run one at a time in the order they came; a WRITE meanwhile gets 570 (Components > Classes, "QUEUED_WRITE")', async () => {
  await open('doc-q')
  // The handler sleeps less for later calls: run side by side they would land out of order.
  const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => run('append', 'doc-q', { n })))
  expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202])
  const busy = await call(backend, 'POST', `/${P}/CALL/Doc/touch/doc-q?_token=${anon}`, undefined, { busy: 'answer' })
  expect(busy.status).toBe(570)
  await backend.queuesIdle()
  const state = await call<{ public: { log: number[] } }>(backend, 'POST', `/${P}/STATE/Doc/doc-q?_token=${anon}`)
  expect(state.body.public.log).toEqual([1, 2, 3, 4, 5])
  // A queued call's input is still checked before it is accepted.
  expect((await call(backend, 'POST', `/${P}/CALL/Doc/append/ghost-q?_token=${anon}`, { n: 6 })).status).toBe(404)
})

test('a method whose handler the code does not export: the project loads, the start log names it and its template line, calls to it answer 500', async () => {
  expect(logger.lines.some((l) => l.level === 'warn' && l.msg.includes('Doc.broken') && l.msg.includes('classes/Doc/template.yml:37') && l.msg.includes('exports no function "notExported"'))).toBe(true)
  await open('doc-b')
  const res = await run<{ code: string; message: string }>('broken', 'doc-b')
  expect(res.status).toBe(500)
  expect(res.body.code).toBe('HANDLER_NOT_FOUND')
  expect(res.body.message).toContain('index.notExported')
  expect((await run('touch', 'doc-b')).status).toBe(200)
})

test.each([
  ['destroy', 'destroy: index.destroy\n', 'classes/Gone/template.yml:2', 'the "destroy" delegate'],
  ['destinations', 'destinations:\n  - MyDestination\n', 'classes/Gone/template.yml:2', 'state "destinations"'],
  ['subscriptions', 'subscriptions:\n  - event: orderCreated\n', 'classes/Gone/template.yml:2', 'event "subscriptions"'],
])('a template with %s is refused at load with the feature and its line (never run without it)', async (_name, yaml, where, feature) => {
  const other = emptyProject()
  try {
    other.write('classes/Gone/template.yml', `init: index.init\n${yaml}methods: []\n`)
    other.write('classes/Gone/index.ts', 'export async function init(data: unknown) { return data }\n')
    const started = createBackend({ projectId: 'refused', storage: 'memory', projectDir: other.dir, logger: silentLogger, timers: false })
    await expect(started).rejects.toThrow(ProjectError)
    await expect(started).rejects.toThrow(where)
    await expect(started).rejects.toThrow(feature)
  } finally {
    other.remove()
  }
})

test('init with an outputModel: an answer the model refuses is 500 VALIDATION and creates nothing (Components > Classes, Handler Model "outputModel")', async () => {
  const other = emptyProject()
  try {
    other.write('models/Created.json', JSON.stringify({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } }))
    other.write('classes/Made/template.yml', 'init:\n  handler: index.init\n  outputModel: Created\nmethods: []\n')
    other.write('classes/Made/index.ts', [
      "import { Data } from '@retter/rdk'",
      'export async function init(data: Data): Promise<Data> {',
      "  data.response = { statusCode: 200, body: data.request.body && data.request.body.good ? { id: 'x' } : { nope: true } }",
      '  return data',
      '}',
      '',
    ].join('\n'))
    const made = await createBackend({ projectId: 'made', storage: 'memory', projectDir: other.dir, logger: silentLogger, timers: false })
    try {
      const token = await sessions(made).anonymous()
      const bad = await call<{ code: string }>(made, 'POST', `/made/INSTANCE/Made/m-1?_token=${token}`, {})
      expect(bad).toMatchObject({ status: 500, body: { code: 'VALIDATION' } })
      expect((await call(made, 'POST', `/made/STATE/Made/m-1?_token=${token}`)).status).toBe(404)
      const good = await call<{ response: unknown; newInstance: boolean }>(made, 'POST', `/made/INSTANCE/Made/m-1?_token=${token}`, { good: true })
      expect(good.body).toMatchObject({ newInstance: true, response: { id: 'x' } })
    } finally {
      await made.close()
    }
  } finally {
    other.remove()
  }
})

/** A class of one STATIC method `method` (with `template` lines added to it) whose handler's body is `body`. */
function writeOneMethodClass(project: TempProject, classId: string, method: string, body: string, template: string[] = []): void {
  project.write(`classes/${classId}/template.yml`, ['init: index.init', 'getState: index.getState', 'methods:', `  - method: ${method}`, '    type: STATIC', ...template.map((line) => `    ${line}`), `    handler: index.${method}`, ''].join('\n'))
  project.write(`classes/${classId}/index.ts`, [
    "import { Data } from '@retter/rdk'",
    'export async function init(data: Data) { return data }',
    'export async function getState(data: Data) { data.response = { statusCode: 200, body: data.state }; return data }',
    `export async function ${method}(data: Data) { ${body} return data }`,
    '',
  ].join('\n'))
}

test('a model ajv refuses: not a schema at all stops every start; one only strict mode refuses stops the runtime a developer starts, and in-process answers 500 when first used', async () => {
  const other = emptyProject()
  const log = recordingLogger()
  const start = (compileModelsAtStart: boolean) => createBackend({ projectId: 'models', storage: 'memory', projectDir: other.dir, logger: log, timers: false, dev: true, compileModelsAtStart })
  try {
    writeOneMethodClass(other, 'Echo', 'echo', "data.response = { statusCode: 200, body: 'ok' };", ['inputModel: Typo'])
    // Not a JSON Schema: "type" must name a type.
    other.write('models/Typo.json', JSON.stringify({ type: 'objekt' }))
    await expect(start(false)).rejects.toThrow(/^Model Typo is not a schema ajv accepts: .*type/)
    // A schema by the meta-schema, but a keyword strict mode does not know ("requried").
    other.write('models/Typo.json', JSON.stringify({ type: 'object', requried: ['name'] }))
    await expect(start(true)).rejects.toThrow(/^Model Typo is not a schema ajv accepts: strict mode: unknown keyword: "requried"/)
    const backend = await start(false)
    try {
      const res = await call<{ code: string }>(backend, 'POST', '/models/CALL/Echo/echo/any', { body: {} })
      // The caller learns nothing of the project; the runtime's log names the model and the keyword.
      expect(res.status).toBe(500)
      expect(res.body.code).toBe('INTERNAL')
      expect(log.lines.some((l) => l.level === 'error' && JSON.stringify(l).includes('Model Typo is not a schema ajv accepts: strict mode: unknown keyword: \\"requried\\"'))).toBe(true)
    } finally {
      await backend.close()
    }
  } finally {
    other.remove()
  }
})

test('closing lets a request under way finish with its own answer first; a request after that is refused', async () => {
  const other = emptyProject()
  try {
    writeOneMethodClass(other, 'Slow', 'slow', "await new Promise((resolve) => setTimeout(resolve, 300)); data.response = { statusCode: 200, body: 'done' };")
    const backend = await createBackend({ projectId: 'closing', storage: 'memory', projectDir: other.dir, logger: silentLogger, timers: false })
    const order: string[] = []
    const answer = call<string>(backend, 'POST', '/closing/CALL/Slow/slow/any', { body: {} }).then((res) => { order.push('answered'); return res })
    // The request is under way (its handler waits) when the runtime is told to close.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await backend.close().then(() => order.push('closed'))
    expect(order).toEqual(['answered', 'closed'])
    expect((await answer).body).toBe('done')
    expect((await call<{ code: string }>(backend, 'POST', '/closing/CALL/Slow/slow/any', { body: {} })).body.code).toBe('SHUTTING_DOWN')
  } finally {
    other.remove()
  }
})
