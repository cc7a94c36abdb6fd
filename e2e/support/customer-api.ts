/**
 * A customer's own session outside the browser, for the changes the journeys make that the pages do
 * not offer yet (the delivery address, coffee preferences, unskipping one date): signed in with a
 * code from the dev outbox, as the app does, and refreshed before its short e2e lifetime runs out.
 */
import { retryWhileBusy } from '../../lib/rio/busy-retry'
import { accountIdFor } from '../../rio-local/test/ids'
import { E2E_ACCESS_TOKEN_TTL_SECONDS, E2E_ENV, E2E_PROJECT_ID, requireEnv } from './env'
import { waitForCode } from './backend'

interface TokenData {
  accessToken: string
  refreshToken: string
}

/** The answer of one call: its status and JSON body. */
export interface ApiAnswer {
  status: number
  body: Record<string, unknown>
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init)
  const text = await res.text()
  if (!res.ok) throw new Error(`${url.split('?')[0]} answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** Signs `email` in over the backend's HTTP API; `codesBefore`: how many codes the outbox held for it. */
export async function customerApi(email: string, codesBefore = 0): Promise<{ accountId: string; call(method: string, body?: unknown): Promise<ApiAnswer> }> {
  const base = requireEnv(E2E_ENV.backendUrl)
  const p = E2E_PROJECT_ID
  const anon = await getJson<{ response: TokenData }>(`${base}/root/INSTANCE/ProjectUser?projectId=${p}`)
  const accountId = accountIdFor(email)
  await getJson(`${base}/${p}/INSTANCE/Account?_token=${anon.response.accessToken}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })
  await getJson(`${base}/${p}/CALL/Account/sendOtp/${accountId}?_token=${anon.response.accessToken}`, { method: 'POST' })
  const { code } = await waitForCode(email, codesBefore)
  const verified = await getJson<{ data: { customToken: string } }>(`${base}/${p}/CALL/Account/verifyOtp/${accountId}?_token=${anon.response.accessToken}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }),
  })
  const customToken = verified.data.customToken
  const userId = (JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()) as { userId: string }).userId
  let tokens = await getJson<TokenData>(`${base}/root/CALL/ProjectUser/authWithCustomToken/${p}_${userId}?customToken=${customToken}`)
  let issuedAt = Date.now()

  return {
    accountId,
    async call(method, body = {}) {
      // Well before the access token's end, as the SDK does (its own refresh token: the browser's session is untouched).
      if (Date.now() - issuedAt > (E2E_ACCESS_TOKEN_TTL_SECONDS - 20) * 1000) {
        tokens = await getJson<TokenData>(`${base}/root/CALL/ProjectUser/refreshToken/${p}_${userId}?refreshToken=${tokens.refreshToken}`)
        issuedAt = Date.now()
      }
      // A busy account (570: the e-mail of the last change is being sent) is asked again, as the app's SDK does.
      const res = await retryWhileBusy(() => fetch(`${base}/${p}/CALL/Account/${method}/${accountId}?_token=${tokens.accessToken}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      }))
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    },
  }
}
