/**
 * The whole local product as one unit: Firestore emulator, local backend and the HTTPS app.
 * `npm run dev` runs it with `next dev`, `npm run start:local` and the e2e run with a production
 * build; either way Next serves plain http on a loopback port of its own behind the same TLS front
 * (./https-proxy), which is the only thing routing `/rio` to the backend.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { findFirestoreEmulator } from './firestore-emulator'
import { findFreePort } from './ports'
import { formatEmulatorHost } from '../../rio-local/firestore/emulator-host'
import { ensureLocalhostCert, type CertPaths } from './cert'
import { browserEnvFor, type StackPorts } from './config'
import { startFirestore, type FirestoreHandle } from './firestore'
import { startHttpsProxy, type HttpsProxy } from './https-proxy'
import { LOCAL_STRIPE_SECRET_KEY, startLocalstripe, type RunningLocalstripe } from './localstripe'
import { assertShopEnv, localstripeCeiling, shopDefaults } from './shop-env'
import { startChild, stopAll, typeScriptCommand, type RunningChild } from './processes'
import { waitForHttp } from './wait'
import { createServiceRun, type Service, type ServiceRun } from './services'

export type AppMode =
  /** `next dev` (hot reload) behind the TLS front. */
  | { kind: 'dev' }
  /** `next build` into `distDir`, then `next start` behind the TLS front. */
  | { kind: 'production'; distDir: string }

export interface StackOptions {
  root: string
  ports: StackPorts
  app: AppMode
  /** Extra env for the backend (token TTLs, data dir, storage). */
  backendEnv?: Record<string, string>
  /** Where prefixed child output goes (default stdout/stderr). */
  output?: NodeJS.WritableStream
  /** Aborting (Ctrl-C during start-up) stops what already runs and makes the start reject. */
  signal?: AbortSignal
  /**
   * `required` (e2e, CI): no Java or emulator fails the start. `optional` (`npm run dev`): the
   * backend then runs without live documents, after one line saying what to install.
   */
  liveState?: 'required' | 'optional'
  /** Told the one line when live state is off. */
  onNoLiveState?: (reason: string) => void
}

export interface LocalStack {
  appUrl: string
  backendUrl: string
  /** The backend's dev inbox page (e-mails rendered), with this run's key. */
  inboxUrl: string
  /** Undefined when live state is off (no emulator on this machine). */
  firestoreHost: string | undefined
  /** localstripe's address (STRIPE_API_URL of the backend). */
  stripeUrl: string
  cert: CertPaths
  /** Stops only the backend (e2e: the backend going away mid-session). */
  stopBackend(): Promise<void>
  /** Starts the backend again with the same settings and waits until it answers (no-op while it runs). */
  startBackend(): Promise<void>
  /** Stops everything this stack started, newest first. */
  stop(): Promise<void>
  /** Resolves with a part's name when it exits on its own (a crash), never on a deliberate stop. */
  readonly unexpectedExit: Promise<string>
}

const PREFIX_WIDTH = 9

function bin(root: string, name: string): string {
  return path.join(root, 'node_modules', '.bin', name)
}

/** Starts emulator, localstripe, backend, app and TLS front in that order, waiting for each to answer; cleans up on failure. */
export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const { root, ports } = options
  const run = createServiceRun()
  const firestoreHost = formatEmulatorHost({ host: ports.firestoreHost, port: ports.firestore })
  const backendUrl = `http://127.0.0.1:${ports.backend}`

  let liveState = true
  if (options.liveState === 'optional') {
    const found = findFirestoreEmulator()
    if (found instanceof Error) {
      liveState = false
      options.onNoLiveState?.(found.message)
    }
  }

  // One key per run, kept across backend restarts (stopBackend/startBackend), so the printed link stays valid.
  const inboxKey = options.backendEnv?.RIO_LOCAL_INBOX_KEY || process.env.RIO_LOCAL_INBOX_KEY?.trim() || randomBytes(32).toString('base64url')
  // The TLS front signs each client's address with this; only it and the backend know it (a new
  // one per stack).
  const frontSecret = randomBytes(32).toString('base64url')
  const backendChildEnv = backendEnvFor({ env: process.env, ports, inboxKey, frontSecret, liveState, extra: options.backendEnv })
  // The shop's checks, before anything starts (the runtime makes none of a project's).
  assertShopEnv(backendChildEnv)
  const cert = await ensureLocalhostCert(path.join(root, '.certs'))

  const stripe = localstripeService(options, run)
  const backend = backendService(options, backendUrl, backendChildEnv, run)
  const app = appService(options, run)
  const front = frontService(ports, cert, frontSecret, () => app.port())
  const firestore = liveState ? [firestoreService(ports, firestoreHost, options.output)] : []
  await run.start([...firestore, stripe, backend, app, front], options.signal)
  return {
    appUrl: front.address(),
    backendUrl: backend.address(),
    inboxUrl: `${backendUrl}/__dev/inbox?key=${inboxKey}`,
    firestoreHost: firestore[0]?.address(),
    stripeUrl: stripe.address(),
    cert,
    stopBackend: backend.stop,
    startBackend: backend.start,
    stop: run.stop,
    unexpectedExit: run.unexpectedExit,
  }
}

function firestoreService(ports: StackPorts, host: string, output: NodeJS.WritableStream | undefined): Service {
  let handle: FirestoreHandle | undefined
  return {
    name: 'firestore',
    address: () => host,
    start: async () => {
      handle = await startFirestore({ host: ports.firestoreHost, port: ports.firestore, prefixWidth: PREFIX_WIDTH, output })
    },
    stop: async () => { await handle?.stop() },
  }
}

function localstripeService(options: StackOptions, run: ServiceRun): Service {
  let stripe: RunningLocalstripe | undefined
  return {
    name: 'localstripe',
    start: async () => {
      stripe = await startLocalstripe({ root: options.root, port: options.ports.stripe, prefixWidth: PREFIX_WIDTH, output: options.output })
      run.watch(stripe.child)
    },
    stop: async () => { await stripe?.stop() },
    address: () => {
      if (!stripe) throw new Error('localstripe has not started')
      return stripe.url
    },
  }
}

/** The backend, which e2e stops and starts again mid-run (the backend going away mid-session). */
function backendService(options: StackOptions, backendUrl: string, env: NodeJS.ProcessEnv, run: ServiceRun): Service {
  let backend: RunningChild | undefined
  return {
    name: 'backend',
    address: () => backendUrl,
    // Starts it again with the same settings and waits until it answers (no-op while it runs).
    start: async () => {
      if (backend && !backend.hasExited()) return
      backend = startChild({
        name: 'backend',
        // One process, so a stop reaches it once and it shuts down gracefully (typeScriptCommand says why).
        ...typeScriptCommand(options.root, 'rio-local/main.ts'),
        cwd: options.root,
        env,
        prefixWidth: PREFIX_WIDTH,
        stdout: options.output,
        stderr: options.output,
      })
      const current = backend
      run.watch(current, () => backend === current)
      // Its health route: probing `/` logged a "GET / 404" at every start, which read as an error.
      await waitForHttp(`${backendUrl}/__health`, { what: 'The local backend', timeoutMs: 60_000, child: current, accept: (status) => status === 200 })
    },
    stop: async () => {
      // Forget it first so its exit is not reported as a crash.
      const current = backend
      backend = undefined
      await current?.stop()
    },
  }
}

/** `next dev`, or `next build` then `next start`, on plain http on a loopback port of its own. */
function appService(options: StackOptions, run: ServiceRun): Service & { port(): number } {
  const { root, ports } = options
  const out = options.output
  const children: RunningChild[] = []
  let port: number | undefined
  const appEnv: NodeJS.ProcessEnv = {
    // Next's telemetry notice on every first start is noise in the stack's terminal (and nothing is sent).
    NEXT_TELEMETRY_DISABLED: '1', ...process.env, ...browserEnvFor(ports), RIO_LOCAL_PORT: String(ports.backend),
  }
  /** Starts `next <mode>` on a free loopback port and waits until it answers; its port. */
  const startNext = async (mode: 'dev' | 'start', env: NodeJS.ProcessEnv, timeoutMs: number): Promise<number> => {
    const free = await findFreePort()
    const next = startChild({
      name: 'next',
      command: bin(root, 'next'),
      args: [mode, '--hostname', '127.0.0.1', '--port', String(free)],
      cwd: root,
      env,
      prefixWidth: PREFIX_WIDTH,
      stdout: out,
      stderr: out,
    })
    children.push(next)
    run.watch(next)
    await waitForHttp(`http://127.0.0.1:${free}/`, { what: `next ${mode}`, timeoutMs, child: next })
    return free
  }
  return {
    name: 'app',
    start: async () => {
      if (options.app.kind === 'dev') {
        // The first request compiles `/`, so this also warms the page the user opens first.
        port = await startNext('dev', appEnv, 180_000)
        return
      }
      const distEnv = { ...appEnv, NEXT_DIST_DIR: options.app.distDir, NODE_ENV: 'production' }
      // Ports are inlined into the bundle (emulator URLs): always a build of our own.
      const build = startBuild(root, distEnv, out)
      // Tracked like the servers, so an interrupt during the build stops it too.
      children.push(build)
      await waitForBuild(build, root, String(distEnv.NEXT_DIST_DIR))
      if (options.signal?.aborted) return
      port = await startNext('start', distEnv, 60_000)
    },
    stop: () => stopAll(children),
    port: () => {
      if (port === undefined) throw new Error('The app has not started')
      return port
    },
    address: () => `http://127.0.0.1:${String(port)}`,
  }
}

/**
 * The TLS front browsers meet on `ports.app`: it adds TLS and routes `/rio` to the backend, in dev
 * as in production (Next itself never listens on the LAN).
 */
function frontService(ports: StackPorts, cert: CertPaths, frontSecret: string, appPort: () => number): Service {
  let proxy: HttpsProxy | undefined
  return {
    name: 'front',
    address: () => appUrlOf(ports),
    start: async () => {
      proxy = await startHttpsProxy({
        listenPort: ports.app, appPort: appPort(), backendPort: ports.backend, keyFile: cert.keyFile, certFile: cert.certFile, frontSecret,
      })
    },
    stop: async () => { await proxy?.close() },
  }
}

/**
 * The environment of the stack's backend: what `env` holds, plus this stack's ports, keys and
 * origin. Its APP_URL (the e-mails' links) is the app on the port it really runs on
 * (`https://localhost:<PORT>`), unless `env` names another address on purpose (a tunnel to this
 * machine, say); the shop's other local settings where `env` has none (./shop-env); `extra` (the
 * caller's backendEnv) wins over everything.
 */
export function backendEnvFor(options: {
  env: NodeJS.ProcessEnv
  ports: StackPorts
  inboxKey: string
  frontSecret: string
  liveState: boolean
  extra?: Record<string, string>
}): NodeJS.ProcessEnv {
  const { env, ports } = options
  const appUrl = appUrlOf(ports)
  const backend: NodeJS.ProcessEnv = {
    ...env,
    // Only what env leaves unset or blank (a blank value must not hide the default).
    ...shopDefaults(env),
    RIO_LOCAL_INBOX_KEY: options.inboxKey,
    RIO_LOCAL_FRONT_SECRET: options.frontSecret,
    RIO_LOCAL_PORT: String(ports.backend),
    RIO_LOCAL_DEV: '1',
    FIRESTORE_EMULATOR_HOST: formatEmulatorHost({ host: ports.firestoreHost, port: ports.firestore }),
    RIO_LOCAL_LIVE_STATE: options.liveState ? '1' : '0',
    // CORS: the one browser origin of this stack (the Firebase Auth calls go to the backend directly).
    RIO_LOCAL_ALLOWED_ORIGINS: appUrl,
    APP_URL: env.APP_URL?.trim() || appUrl,
    // Class code charges through localstripe, with any test key it accepts.
    STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}`,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    ...options.extra,
  }
  // localstripe has no rate limit: the classes' ceiling toward Stripe is lifted unless set (a real
  // Stripe in `extra` keeps it).
  return { ...backend, ...localstripeCeiling(backend) }
}

/** The address browsers open: the TLS front on `ports.app`. */
export function appUrlOf(ports: StackPorts): string {
  return `https://localhost:${ports.app}`
}

function startBuild(root: string, env: NodeJS.ProcessEnv, out?: NodeJS.WritableStream): RunningChild {
  return startChild({
    name: 'build',
    command: bin(root, 'next'),
    args: ['build'],
    cwd: root,
    env,
    prefixWidth: PREFIX_WIDTH,
    stdout: out,
    stderr: out,
  })
}

async function waitForBuild(build: RunningChild, root: string, distDir: string): Promise<void> {
  const code = await build.exited
  if (code !== 0) throw new Error(`next build failed (exit ${String(code)}); see the [build] lines of the log.`)
  if (!fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) throw new Error(`next build left no ${distDir}/BUILD_ID.`)
}
