/**
 * What the journeys ask the local backend directly: codes from the dev outbox, state changes through
 * the dev endpoint, and the plan list (to check what the page shows against the data).
 */
import { expect } from '@playwright/test'
import type { OutboxMessage, SubscriptionPlan } from '../../lib/contract'
import { awsIdFor } from '../../rio-local/test/ids'
import { outbox as outboxAt, waitForCode as waitForCodeAt } from '../../scripts/lib/outbox'
import { E2E_ENV, E2E_PROJECT_ID, requireEnv } from './env'

function backendUrl(): string {
  return requireEnv(E2E_ENV.backendUrl)
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text()
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** Instance id of the AWS object of a customer (the stack runs with the local CUSTOMER_ID_SECRET). */
export function awsInstanceId(email: string): string {
  return awsIdFor(email)
}

/** Messages sent to `email`, newest first. */
export function outbox(email: string): Promise<OutboxMessage[]> {
  return outboxAt(backendUrl(), email)
}

/** The one message to `email` whose subject matches, once it has arrived (a second one fails). */
export async function mailMatching(email: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage[] = []
  await expect.poll(async () => {
    found = (await outbox(email)).filter((m) => subject.test(m.subject))
    return found.length
  }, { timeout: 20_000 }).toBe(1)
  return found[0] as OutboxMessage
}

/**
 * Waits for a code sent to `email` after `previousCount` sign-in codes had arrived, and returns it.
 * Codes are never hard-coded: the journeys read what the backend really sent.
 */
export function waitForCode(email: string, previousCount = 0): Promise<{ code: string; count: number }> {
  return waitForCodeAt(backendUrl(), email, previousCount)
}

/** Merges `publicState` into an instance's public state through the dev endpoint (what another system would do). */
export async function setDevState(classId: string, instanceId: string, publicState: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${backendUrl()}/__dev/state/${classId}/${instanceId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Rio-Dev': '1' },
    body: JSON.stringify(publicState),
  })
  await json<unknown>(res, `POST /__dev/state/${classId}/${instanceId}`)
}

/** The plan list as the backend serves it, fetched the way the SDK does (anonymous token, static call). */
export async function fetchPlans(): Promise<SubscriptionPlan[]> {
  const base = backendUrl()
  const anon = await json<{ response?: { accessToken: string }; accessToken?: string }>(
    await fetch(`${base}/root/INSTANCE/ProjectUser?projectId=${E2E_PROJECT_ID}`),
    'anonymous token',
  )
  const token = anon.response?.accessToken ?? anon.accessToken
  if (!token) throw new Error('The anonymous token answer carried no accessToken.')
  const res = await fetch(`${base}/${E2E_PROJECT_ID}/CALL/Account/getSubscriptionPlans/static?_token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return json<SubscriptionPlan[]>(res, 'getSubscriptionPlans')
}

/** Stops or restarts the backend of the e2e stack (the outage journey, backend-outage.spec.ts). */
export async function controlBackend(action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${requireEnv(E2E_ENV.controlUrl)}/backend/${action}`, { method: 'POST' })
  if (!res.ok) throw new Error(`Could not ${action} the backend: ${res.status} ${await res.text()}`)
}
