/**
 * The backend an Account class test runs against: a new in-process backend before each test, on a
 * fake clock that starts at `start`, closed (and the real clock back) after it, with the customer
 * calls of rio-local's account client over it. One fixture, so each test file states only the
 * options that are its own. Lives in `__tests__/`, which never deploys (retter/.rioignore).
 */
import { createBackend, DEFAULT_PROJECT_ID, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { accountClient, type Customer } from '../../../../rio-local/test/account-client'
import { savePaymentMethod, TEST_CARDS } from '../../../../rio-local/test/payments'
import { walkTo } from '../../../../rio-local/test/walk'
import { call } from '../../../../rio-local/test/in-process'
import type { Board, BoardDelivery } from '@retter-shared/BeanBloomBoard'

type BackendOptions = Parameters<typeof createBackend>[0]

/** The test's backend and clock (each test gets new ones) and the Account calls over them. */
export interface AccountTestBackend<S> {
  readonly backend: Backend
  readonly time: ReturnType<typeof fakeDate>
  readonly account: ReturnType<typeof accountClient<S>>
  /** Moves the clock to `iso` as the test clock does, running each task at its own due time. */
  walkTo(iso: string): Promise<void>
  /** `who`'s user state (the test fails here when there is none). */
  stateOf(who: Customer): Promise<S>
  /** The deliveries on the board of `day` (`YYYY-MM-DD`), read with a staff member's session. */
  boardOf(staff: Customer, day: string): Promise<BoardDelivery[]>
}

/**
 * Registers the hooks that give every test of the file its own backend.
 * @param options the backend's options, read before each test (so they may name per-test values)
 */
export function accountTestBackend<S>(start: number, options: () => BackendOptions): AccountTestBackend<S> {
  let time: ReturnType<typeof fakeDate> | undefined
  let backend: Backend | undefined
  let projectId = ''
  beforeEach(async () => {
    time = fakeDate(start)
    const made = options()
    projectId = made.projectId ?? DEFAULT_PROJECT_ID
    backend = await createBackend(made)
  })
  afterEach(async () => {
    await backend?.close()
    jest.useRealTimers()
  })
  const current = (): Backend => {
    if (!backend) throw new Error('the backend is made before each test: use it inside a test or hook')
    return backend
  }
  const account = accountClient<S>(current)
  const clock = (): ReturnType<typeof fakeDate> => {
    if (!time) throw new Error('the clock is made before each test: use it inside a test or hook')
    return time
  }
  return {
    get backend() {
      return current()
    },
    get time() {
      return clock()
    },
    account,
    walkTo: (iso) => walkTo(current(), clock(), iso),
    async stateOf(who) {
      const state = await account.userState(who)
      if (!state) throw new Error('no user state for ' + who.email)
      return state
    },
    async boardOf(staff, day) {
      const res = await call<{ role: { staff?: Board } }>(current(), 'POST', `/${projectId}/STATE/Roastery/${day}?_token=${staff.token}`)
      return res.body.role?.staff?.deliveries ?? []
    },
  }
}

/** The customer `who` with `home` as delivery address, a Visa card saved and Barista started. */
export async function baristaSubscriber(account: Pick<ReturnType<typeof accountClient>, 'ok' | 'method'>, who: Customer, home: unknown): Promise<Customer> {
  await account.ok(who, 'setDeliveryAddress', home)
  await savePaymentMethod((name, body) => account.method(who, name, body), { card: TEST_CARDS.visa })
  await account.ok(who, 'selectPlan', { planId: 'barista' })
  return who
}

/** Sets the process variable `name` to `value` for each test of the block it is called in, and removes it after. */
export function envForEachTest(name: string, value: string): void {
  beforeEach(() => {
    process.env[name] = value
  })
  afterEach(() => {
    delete process.env[name]
  })
}

/** Monday 23 November 2026, 09:00 UTC: Barista started then delivers on Wednesdays, from 25 November. */
export const MONDAY = Date.parse('2026-11-23T09:00:00Z')
/** A delivery address in Berlin. */
export const BERLIN_HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
/** The staff member of the subscription tests (an owner, through STAFF_EMAILS). */
export const ROSA = 'rosa@example.com'

let emails = 0
/** An e-mail address no other test of this process has used: `name`, the process and a counter. */
export function freshEmail(name: string): string {
  return `${name}.${process.pid}.${++emails}@example.com`
}

/**
 * The backend of a subscription test file: in memory, with the dev endpoints, on a fake clock from
 * MONDAY, with ROSA as staff; `projectId` keeps each file's data apart.
 */
export function subscriptionTestBackend<S>(projectId: string): AccountTestBackend<S> {
  return accountTestBackend<S>(MONDAY, () => ({ projectId, storage: 'memory', dev: true, projectEnv: { STAFF_EMAILS: ROSA } }))
}
