/**
 * Optimistic concurrency of the delivery address: a change made on a view of an older address is
 * refused with 409 ADDRESS_CHANGED and stores nothing; the last save never silently wins.
 */
import { createBackend, type Backend } from '../../../../rio-local/app'
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { userIdFor } from '../../../../rio-local/test/ids'
import type { DeliveryAddress } from '@retter-shared/BeanBloomSubscription/address'

const P = 'address-version-tests'
let backend: Backend
const { mirror } = recordingMirror()

beforeEach(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, mirror })
})
afterEach(async () => {
  await backend.close()
})

type Answer = { code?: string; message?: string; delivery?: DeliveryAddress; deliveryVersion?: number }
interface Customer { token: string; accountId: string; email: string }

async function customer(email = 'ida@example.com'): Promise<Customer> {
  return { ...(await sessions(backend).customer(email)), email }
}
function setAddress(who: Customer, body: unknown) {
  return call<Answer>(backend, 'POST', `/${P}/CALL/Account/setDeliveryAddress/${who.accountId}?_token=${who.token}`, body)
}
async function stored(who: Customer): Promise<Answer> {
  const res = await call<{ user: Record<string, Answer> }>(backend, 'POST', `/${P}/STATE/Account/${who.accountId}?_token=${who.token}`)
  return res.body.user[userIdFor(who.email)] as Answer
}

const HOME = { name: 'Ida Berg', line1: 'Storgatan 1', city: 'Stockholm', postalCode: '111 22', country: 'SE' }
const TAB_A = { ...HOME, line1: 'Storgatan 2' }
const TAB_B = { ...HOME, line1: 'Drottninggatan 9' }

test('each stored change counts up the version, from 1 for the first address', async () => {
  const ida = await customer()
  expect((await setAddress(ida, { ...HOME, version: 0 })).body).toMatchObject({ deliveryVersion: 1 })
  expect((await setAddress(ida, { ...TAB_A, version: 1 })).body).toMatchObject({ deliveryVersion: 2, delivery: TAB_A })
})

test('two tabs edit the same version: the second save is refused with 409 ADDRESS_CHANGED and stores nothing', async () => {
  const ida = await customer()
  await setAddress(ida, { ...HOME, version: 0 })
  expect((await setAddress(ida, { ...TAB_A, version: 1 })).status).toBe(200)
  const second = await setAddress(ida, { ...TAB_B, version: 1 })
  expect(second.status).toBe(409)
  expect(second.body).toEqual({
    code: 'ADDRESS_CHANGED',
    message: 'Your delivery address was changed elsewhere (in another tab or on another device) after you began editing, so this change was not saved. ' +
      'Check the address saved now; save yours again if it should replace it.',
  })
  expect(await stored(ida)).toMatchObject({ delivery: TAB_A, deliveryVersion: 2 })
  // Having seen version 2, the customer may replace it.
  expect((await setAddress(ida, { ...TAB_B, version: 2 })).body).toMatchObject({ delivery: TAB_B, deliveryVersion: 3 })
})

test('saving what is already stored is fine whatever the version; a caller without a version is not checked', async () => {
  const ida = await customer()
  await setAddress(ida, HOME)
  await setAddress(ida, { ...TAB_A, version: 1 })
  expect((await setAddress(ida, { ...TAB_A, version: 1 })).status).toBe(200)
  expect((await setAddress(ida, TAB_B)).body).toMatchObject({ delivery: TAB_B, deliveryVersion: 3 })
})

test('a version that is not a whole number of changes is 400 VALIDATION', async () => {
  const ida = await customer()
  expect((await setAddress(ida, { ...HOME, version: -1 })).body).toMatchObject({ code: 'VALIDATION' })
  expect((await setAddress(ida, { ...HOME, version: '1' })).body).toMatchObject({ code: 'VALIDATION' })
})
