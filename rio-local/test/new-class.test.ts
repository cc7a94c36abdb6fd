/**
 * The runtime runs a class it has never seen, written the way 2022 Retter projects are (template.yml,
 * models, `import RDK from '@retter/rdk'` + `new RDK()`, handlers in more than one file), with no
 * change to the runtime: written into a temporary project folder next to our classes and driven
 * through the real @retter/sdk 0.4.0 over HTTP, with live state through the Firestore emulator.
 */
import type Retter from '@retter/sdk'
import type { RetterCloudObject } from '@retter/sdk'
import { createSdk, disposeSdk, rejection, startTestServer, type TestServer } from './harness'
import { composeProject } from './projects'

jest.setTimeout(60_000)

const PROJECT = 'new-class'
const project = composeProject()

project.write('models/PantryInit.json', JSON.stringify({
  type: 'object',
  required: ['label'],
  properties: { label: { type: 'string', pattern: '^[a-z]{3,20}$' } },
}))
project.write('models/PantryAddInput.json', JSON.stringify({
  type: 'object',
  required: ['item'],
  additionalProperties: false,
  properties: { item: { type: 'string', minLength: 1 }, bestBefore: { type: 'string', format: 'date' } },
}))
project.write('classes/Pantry/package.json', JSON.stringify({ dependencies: { '@retter/rdk': '1.1.15' } }))
project.write('classes/Pantry/template.yml', `
init:
  handler: index.init
  inputModel: PantryInit
getState: index.getState
authorizer: index.authorizer
methods:
  - method: add
    type: WRITE
    inputModel: PantryAddInput
    handler: index.add
  - method: secret
    type: READ
    handler: index.secret
  - method: planCount
    type: STATIC
    handler: shelf.planCount
  - method: tryUnavailable
    type: STATIC
    handler: shelf.tryUnavailable
`)
project.write('classes/Pantry/index.ts', `
import RDK, { Data, Response } from '@retter/rdk'

const rdk = new RDK()

export async function authorizer(data: Data): Promise<Response> {
  if (data.context.methodName === 'secret') {
    return { statusCode: 403, body: { code: 'FORBIDDEN', message: 'The pantry keeps its secret' } }
  }
  return { statusCode: 200 }
}

export async function init(data: Data): Promise<Data> {
  data.state.public = { label: data.request.body.label, items: [] }
  await rdk.setLookUpKey({ key: { name: 'label', value: data.request.body.label } })
  return data
}

export async function getState(data: Data): Promise<Response> {
  return { statusCode: 200, body: { public: data.state.public, private: {}, user: {}, role: {} } }
}

export async function add(data: Data): Promise<Data> {
  var items = data.state.public.items as string[]
  items.push(data.request.body.item)
  data.response = { statusCode: 200, body: { count: items.length } }
  return data
}

export async function secret(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: { secret: 42 } }
  return data
}
`)
project.write('classes/Pantry/shelf.ts', `
import RDK, { Data } from '@retter/rdk'

const rdk = new RDK()

/** STATIC, in a second file: asks another class (Account) through rdk.methodCall. */
export async function planCount(data: Data): Promise<Data> {
  const res = await rdk.methodCall({ classId: 'Account', methodName: 'getSubscriptionPlans', instanceId: 'static' })
  data.response = { statusCode: 200, body: { status: res ? res.statusCode : 0, plans: res && Array.isArray(res.body) ? res.body.length : -1 } }
  return data
}

export async function tryUnavailable(data: Data): Promise<Data> {
  try {
    await rdk.deployClass({ classId: 'Pantry' })
    data.response = { statusCode: 200, body: { error: null } }
  } catch (e) {
    data.response = { statusCode: 200, body: { error: (e as Error).message } }
  }
  return data
}
`)

let ts: TestServer
let sdk: Retter
let pantry: RetterCloudObject

beforeAll(async () => {
  ts = await startTestServer({ projectId: PROJECT, projectDir: project.dir, liveState: true })
  sdk = createSdk(PROJECT, ts.host)
  pantry = await sdk.getCloudObject({ classId: 'Pantry', body: { label: 'larder' } })
})

afterAll(async () => {
  await disposeSdk(sdk, PROJECT)
  await ts.close()
  project.remove()
})

test('INSTANCE with a body creates it (init sets a lookup key); the lookup key finds it again', async () => {
  expect(pantry.isNewInstance).toBe(true)
  const again = await sdk.getCloudObject({ classId: 'Pantry', key: { name: 'label', value: 'larder' } })
  expect(again).toMatchObject({ instanceId: pantry.instanceId, isNewInstance: false })
  expect(pantry.methods.map((m) => m.name)).toEqual(['add', 'secret', 'planCount', 'tryUnavailable'])
})

test('INIT input is validated against its model (400 VALIDATION, nothing created)', async () => {
  const bad = await rejection(sdk.getCloudObject({ classId: 'Pantry', body: { label: 'NO' } }))
  expect(bad.response?.status).toBe(400)
  expect(bad.response?.data).toMatchObject({ code: 'VALIDATION', message: 'Model validation has been failed.' })
})

test('WRITE changes public state, which STATE returns and the live listener receives', async () => {
  const seen: Array<Record<string, unknown>> = []
  const subscription = pantry.state?.public.subscribe((s: Record<string, unknown>) => seen.push(s))
  try {
    const res = await pantry.call<{ count: number }>({ method: 'add', body: { item: 'oats', bestBefore: '2027-01-31' } })
    expect(res.data).toEqual({ count: 1 })
    expect((await pantry.getState()).data.public).toEqual({ label: 'larder', items: ['oats'] })
    const deadline = Date.now() + 15_000
    while (!seen.some((s) => Array.isArray(s.items) && s.items.includes('oats'))) {
      if (Date.now() > deadline) throw new Error(`no live update; saw ${JSON.stringify(seen)}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    subscription?.unsubscribe()
  }
})

test("method input models use ajv-formats (format: date), failing with Retter's 400 VALIDATION body", async () => {
  const bad = await rejection(pantry.call({ method: 'add', body: { item: 'rice', bestBefore: 'soon' } }))
  expect(bad.response?.status).toBe(400)
  expect(bad.response?.data).toMatchObject({ code: 'VALIDATION', issues: [expect.objectContaining({ instancePath: '/bestBefore' })] })
})

test('the authorizer denies one method', async () => {
  const denied = await rejection(pantry.call({ method: 'secret' }))
  expect(denied.response?.status).toBe(403)
  expect(denied.response?.data).toEqual({ code: 'FORBIDDEN', message: 'The pantry keeps its secret' })
})

test('a STATIC method in a second file calls into Account with rdk.methodCall', async () => {
  const res = await pantry.call<{ status: number; plans: number }>({ method: 'planCount' })
  expect(res.data.status).toBe(200)
  expect(res.data.plans).toBeGreaterThanOrEqual(3)
})

test('an rdk operation the local runtime lacks fails with an error naming it', async () => {
  const res = await pantry.call<{ error: string }>({ method: 'tryUnavailable' })
  expect(res.data.error).toMatch(/rdk\.deployClass is not available in the local Retter runtime/)
})
