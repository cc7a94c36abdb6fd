/**
 * The server-side client for the one call a prerendered page needs: the subscription plans, for
 * `getStaticProps` of `/`. Node only (never imported by browser code).
 *
 * It makes the same two requests the SDK makes in the browser for `loadPlans`, on SDK 0.4.0's wire
 * protocol: an anonymous token (`GET /root/INSTANCE/ProjectUser?projectId=P`), then
 * `POST /P/CALL/Account/getSubscriptionPlans/static?_token=…&__culture=…&__platform=…`. The SDK
 * itself cannot be used here: it always speaks https, and the local backend listens on plain http
 * on loopback (the browser reaches it at the app's `/rio`, through the TLS front every local stack
 * puts before Next, scripts/lib/https-proxy.ts).
 *
 * It never throws: when the backend cannot be reached (a CI build has none), the page is built
 * without plans and the browser loads them as it always did.
 */
import { ACCOUNT_CLASS, STATIC_INSTANCE_ID, type SubscriptionPlan } from '@/lib/contract'
import { publicEnv, readRioConfig, type RioEnv, type RioPublicConfig } from './config'
import { sortPlans } from './plans'

/** A build or revalidation waits this long for the backend before going on without plans. */
export const SERVER_PLANS_TIMEOUT_MS = 5000

const REGION_HOSTS: Record<RioPublicConfig['region'], string> = { euWest1: 'api.retter.io', euWest1Beta: 'test-api.retter.io' }

/**
 * Where the server reaches a Retter project's API (as the SDK's `buildUrl`, minus the path).
 * Local mode: the local backend on loopback, where the app's `/rio` route forwards to.
 */
export function serverApiOrigin(config: RioPublicConfig, projectInHost: string, backendPort: string): string {
  if (config.local) return `http://127.0.0.1:${backendPort}`
  return `https://${config.url ?? `${projectInHost}.${REGION_HOSTS[config.region]}`}`
}

async function getJson(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(SERVER_PLANS_TIMEOUT_MS) })
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).pathname}`)
  return response.json()
}

/** Why the plans could not be fetched; for the build log. */
export type ServerPlansResult = { plans: SubscriptionPlan[] } | { plans: null; reason: string }

/**
 * The plans sorted by ascending `sortOrder`, or `null` with the reason when the backend cannot be
 * reached or answers something else.
 * @param env configuration (defaults to the process's NEXT_PUBLIC_* and RIO_LOCAL_PORT)
 */
export async function fetchPlansOnServer(
  env: RioEnv & { RIO_LOCAL_PORT?: string } = { ...publicEnv(), RIO_LOCAL_PORT: process.env.RIO_LOCAL_PORT },
): Promise<ServerPlansResult> {
  try {
    // The host only fills local mode's browser default (`${host}/rio`), which the server never uses.
    const config = readRioConfig(env, 'localhost')
    const port = env.RIO_LOCAL_PORT || '4000'
    const culture = { __culture: config.culture, __platform: config.culture }
    const root = serverApiOrigin(config, 'root', port)
    const anonymous = await getJson(`${root}/root/INSTANCE/ProjectUser?${new URLSearchParams({ projectId: config.projectId, ...culture })}`, { method: 'GET' })
    const token = (anonymous as { response?: { accessToken?: unknown } } | null)?.response?.accessToken
    if (typeof token !== 'string') throw new Error('the anonymous token answer has no access token')
    const project = serverApiOrigin(config, config.projectId, port)
    const query = new URLSearchParams({ _token: token, ...culture })
    const plans = await getJson(`${project}/${config.projectId}/CALL/${ACCOUNT_CLASS}/getSubscriptionPlans/${STATIC_INSTANCE_ID}?${query}`, { method: 'POST' })
    if (!Array.isArray(plans)) throw new Error('the plans answer is not a list')
    return { plans: sortPlans(plans as SubscriptionPlan[]) }
  } catch (error) {
    return { plans: null, reason: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * How often a running server rebuilds `/` with fresh plans: owners change the catalogue in the app
 * (the Shop class), so a change shows on `/` within a minute without a deploy. Next serves the page
 * it has and rebuilds it in the background at most once a minute (stale-while-revalidate): a visitor
 * never waits for the backend.
 */
export const PLANS_REVALIDATE_SECONDS = 60
/** A page built without plans (backend unreachable) tries again this soon once it is requested. */
export const PLANS_RETRY_SECONDS = 15
