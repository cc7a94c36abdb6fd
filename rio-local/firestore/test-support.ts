/**
 * Helpers for the live-state tests (mirror, rules, Firebase Auth emulation): the emulator address
 * from the jest globalSetup, a throw-away HTTP server for a RouteHandler, custom tokens as the
 * backend signs them, and Firebase JS SDK clients wired to the emulators. Test-only code.
 */
import { createServer, type IncomingMessage } from 'node:http'
import { randomBytes } from 'node:crypto'
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth'
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore'
import type { RouteHandler } from '../runtime/wire-types'
import { signTestToken } from '../test/sign-token'
import { parseEmulatorHost } from './emulator-host'

/** host:port of the emulator the backend jest globalSetup started. */
export function emulatorHost(): string {
  const host = process.env.FIRESTORE_EMULATOR_HOST
  if (!host) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: run these tests through jest (rio-local/test/global-setup.ts starts the emulator).')
  }
  return host
}

/**
 * Points a Firebase app at our Auth routes (`authOrigin`) and the Firestore emulator (`host:port`),
 * as lib/rio wires the browser; the one place tests do this.
 */
export function connectToEmulators(app: FirebaseApp, authOrigin: string, firestoreHost: string): { auth: Auth; db: Firestore } {
  const auth = getAuth(app)
  connectAuthEmulator(auth, authOrigin, { disableWarnings: true })
  const db = getFirestore(app)
  // The host as written: the SDK puts `host:port` together again, so an IPv6 host keeps its brackets.
  const { host, port } = parseEmulatorHost(firestoreHost)
  connectFirestoreEmulator(db, host, port)
  return { auth, db }
}

/** A Firebase project id no other test uses, so documents and rules of parallel tests never mix. */
export function uniqueFirebaseProject(prefix: string): string {
  return `demo-${prefix}-${randomBytes(4).toString('hex')}`
}

/** A Firebase custom token exactly as the backend puts it in TokenData.firebase.customToken. */
export function firebaseCustomToken(
  secret: string,
  uid: string,
  claims: Record<string, unknown>,
  options: { iat?: number; ttlSeconds?: number; aud?: string } = {},
): string {
  const iat = options.iat ?? Math.floor(Date.now() / 1000)
  return signTestToken({ uid, claims, aud: options.aud ?? 'local-firebase-custom', iat, exp: iat + (options.ttlSeconds ?? 3600) }, secret)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Serves one RouteHandler over http on 127.0.0.1 and an ephemeral port (404 when it answers null). */
export async function serveRoutes(handler: RouteHandler): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v
        const answer = await handler({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: await readBody(req) })
        if (!answer) {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":"NOT_FOUND","message":"no route"}')
          return
        }
        res.writeHead(answer.status, answer.headers).end(answer.body)
      } catch (err) {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: (err as Error).message }))
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface FirebaseTestClient {
  app: FirebaseApp
  auth: Auth
  db: Firestore
  close(): Promise<void>
}

/**
 * A Firebase JS SDK app (unique name) whose Auth talks to `authOrigin` (our routes) and whose
 * Firestore talks to the emulator, like lib/rio wires the browser.
 */
export function firebaseClient(opts: { authOrigin: string; firestoreHost: string; projectId: string; apiKey: string }): FirebaseTestClient {
  const app = initializeApp(
    { apiKey: opts.apiKey, projectId: opts.projectId, authDomain: `${opts.projectId}.firebaseapp.com` },
    `test-${randomBytes(6).toString('hex')}`,
  )
  const { auth, db } = connectToEmulators(app, opts.authOrigin, opts.firestoreHost)
  return {
    app,
    auth,
    db,
    close: async () => {
      await terminate(db)
      await deleteApp(app)
    },
  }
}

/** Resolves with the first value `predicate` accepts; rejects on `fail` (a listener error) or after `timeoutMs`. */
export function waitFor<T>(
  subscribe: (push: (value: T) => void, fail: (error: Error) => void) => () => void,
  predicate: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let done = false
    const timer = setTimeout(() => {
      done = true
      unsubscribe()
      reject(new Error(`No matching value within ${timeoutMs} ms`))
    }, timeoutMs)
    const finish = (settle: () => void) => {
      done = true
      clearTimeout(timer)
      // The listener may fire synchronously during subscribe, before `unsubscribe` is assigned.
      setImmediate(() => unsubscribe())
      settle()
    }
    const unsubscribe = subscribe(
      (value) => {
        if (!done && predicate(value)) finish(() => resolve(value))
      },
      (error) => {
        if (!done) finish(() => reject(error))
      },
    )
  })
}
