/** In-process helpers: drive `backend.handle` directly (no sockets), as the web app's mocks do. */
import type { Backend } from '../app'
import { retryWhileBusy } from '../../lib/rio/busy-retry'
import { signTestToken } from './sign-token'

export interface Reply<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Record<string, string>
}

export interface CallOptions {
  /** 'answer': give back a 570 as it came, for tests of the lock itself (default 'retry'). */
  busy?: 'retry' | 'answer'
}

/**
 * Calls `backend.handle` with a JSON body and parses the JSON answer. A 570 (an instance busy with
 * another write, e.g. the e-mail a change hands on) is retried as the web app's SDK retries it.
 */
export async function call<T = Record<string, unknown>>(backend: Backend, method: string, url: string, body?: unknown, options: CallOptions = {}): Promise<Reply<T>> {
  const once = () => backend.handle({
    method,
    url,
    // Dev endpoints want their non-simple header (see DEV_HEADER in app.ts).
    headers: url.startsWith('/__dev/') ? { 'content-type': 'application/json', 'x-rio-dev': '1' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const res = options.busy === 'answer' ? await once() : await retryWhileBusy(once)
  return { status: res.status, body: JSON.parse(res.body) as T, headers: res.headers }
}

/** A session through the public calls: anonymous, or a customer signed in with an OTP. */
export function sessions(backend: Backend) {
  const p = backend.projectId
  return {
    async anonymous(): Promise<string> {
      const res = await call<{ response: { accessToken: string } }>(backend, 'GET', `/root/INSTANCE/ProjectUser?projectId=${p}`)
      return res.body.response.accessToken
    },
    /**
     * An access token of the platform's own `developer` identity, as a delayed call (`data.tasks`)
     * runs with: lets a test run a task method now, the way the platform would later.
     */
    platform(): string {
      const iat = Math.floor(Date.now() / 1000)
      return signTestToken({ projectId: p, userId: '', identity: 'developer', anonymous: false, claims: {}, kind: 'access', iat, exp: iat + 600 }, backend.secret)
    },
    async customer(email: string): Promise<{ token: string; accountId: string }> {
      const anon = await this.anonymous()
      const inst = await call<{ instanceId: string }>(backend, 'POST', `/${p}/INSTANCE/Account?_token=${anon}`, { email })
      const accountId = inst.body.instanceId
      await call(backend, 'POST', `/${p}/CALL/Account/sendOtp/${accountId}?_token=${anon}`)
      // The newest sign-in code (other e-mails to this address may have arrived since).
      const outbox = await call<Array<{ code?: string }>>(backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`)
      const verified = await call<{ data: { customToken: string } }>(backend, 'POST', `/${p}/CALL/Account/verifyOtp/${accountId}?_token=${anon}`, {
        code: outbox.body.find((m) => m.code !== undefined)?.code,
      })
      const customToken = verified.body.data.customToken
      const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
      const signedIn = await call<{ accessToken: string }>(backend, 'GET', `/root/CALL/ProjectUser/authWithCustomToken/${p}_${userId}?customToken=${customToken}`)
      return { token: signedIn.body.accessToken, accountId }
    },
  }
}
