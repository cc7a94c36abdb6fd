/**
 * Happy-path msw handlers: every host the SDK and Firebase Auth use is answered by the in-process
 * backend core (test/backend.ts). Error, slow and rate-limit cases are `server.use()` overrides in
 * the tests themselves. Requests to the run's localstripe (STRIPE_API_URL, test/global-setup.ts),
 * from the class code's Stripe client and the tests' fake Stripe.js, go through to it; any other
 * origin stays unhandled, an error. The app's `/api/messages` is answered by the route's own function.
 */
import { http, HttpResponse, passthrough, type HttpHandler } from 'msw'
import { backendHandle } from '../backend'
import { bundleAnswer } from '@/lib/i18n/bundle-answer'

/** The app's own route for words loaded after the first paint (pages/api/messages.ts); tests override it by this. */
export const APP_MESSAGES = /^https?:\/\/[^/]+\/api\/messages(?=\?|$)/

/** Where the SDK's calls can go: the local `/rio` route on the app's origin, or Retter's own hosts. */
export const RIO_LOCAL_PREFIX = /^https:\/\/[^/]+\/rio(?=\/)/
const RETTER_HOST = /^https:\/\/[^/]+\.(test-)?api\.retter\.io(?=\/)/
/** Firebase Auth after connectAuthEmulator (NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL in .env). */
export const AUTH_EMULATOR = 'http://127.0.0.1:4000'
/** Firebase Auth's own host, used in cloud mode (no emulator); the backend serves its emulation. */
export const FIREBASE_AUTH_HOST = 'https://identitytoolkit.googleapis.com'

async function delegate(request: Request, pathAndQuery: string): Promise<Response> {
  const method = request.method.toUpperCase()
  const response = await backendHandle({
    method,
    url: pathAndQuery,
    headers: Object.fromEntries(request.headers.entries()),
    body: method === 'GET' || method === 'HEAD' ? undefined : await request.text(),
  })
  return new HttpResponse(response.body, { status: response.status, headers: response.headers })
}

function stripPrefix(prefix: RegExp) {
  return ({ request }: { request: Request }) => delegate(request, request.url.replace(prefix, ''))
}

/** The origin of the run's localstripe; only it is let through. */
function localstripeOrigin(): string {
  const url = process.env.STRIPE_API_URL
  if (!url) throw new Error('STRIPE_API_URL is not set: the app project starts localstripe in test/global-setup.ts')
  return new URL(url).origin
}

export const handlers: HttpHandler[] = [
  // Answered as the route answers.
  http.get(APP_MESSAGES, ({ request }) => {
    const query = new URL(request.url).searchParams
    const answer = bundleAnswer(query.get('bundle') ?? undefined, query.get('locale') ?? undefined)
    return HttpResponse.json(answer.body, { status: answer.status })
  }),
  http.all(`${localstripeOrigin()}/*`, () => passthrough()),
  http.all(RIO_LOCAL_PREFIX, stripPrefix(RIO_LOCAL_PREFIX)),
  http.all(RETTER_HOST, stripPrefix(RETTER_HOST)),
  http.all(`${AUTH_EMULATOR}/*`, ({ request }) => {
    const url = new URL(request.url)
    return delegate(request, url.pathname + url.search)
  }),
  // The emulator's paths are the production paths behind the host name.
  http.all(`${FIREBASE_AUTH_HOST}/*`, ({ request }) => {
    const url = new URL(request.url)
    return delegate(request, `/identitytoolkit.googleapis.com${url.pathname}${url.search}`)
  }),
]
