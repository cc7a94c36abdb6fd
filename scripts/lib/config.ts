/**
 * What the local stack needs to know, read once from env (after `.env*` files are loaded the way
 * Next loads them) and validated, so a bad value fails before anything starts.
 */
import { loadEnvConfig } from '@next/env'
import { LOCAL_STRIPE_PUBLISHABLE_KEY } from './localstripe'
import { parseHostPort, parsePort } from './ports'

export interface StackPorts {
  /** Port of the HTTPS app (`next dev`): PORT, default 3000. */
  app: number
  /** Port of the local backend: RIO_LOCAL_PORT, default 4000. */
  backend: number
  /** Host and port of the Firestore emulator: FIRESTORE_EMULATOR_HOST, default 127.0.0.1:8080. */
  firestoreHost: string
  firestore: number
  /** Port of localstripe, the fake Stripe on 127.0.0.1: LOCALSTRIPE_PORT, default 8420. */
  stripe: number
}

/**
 * Loads `.env`, `.env.development`, `.env.local`… into process.env with Next's own loader, so the
 * script sees exactly what `next dev` will see (process env wins over files, as in Next).
 */
export function loadEnv(dir: string): void {
  loadEnvConfig(dir, true, { info: () => undefined, error: (...args: unknown[]) => process.stderr.write(`${args.join(' ')}\n`) })
}

/** True when the app is configured for the local backend (NEXT_PUBLIC_RIO_LOCAL=1). */
export function isLocalMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NEXT_PUBLIC_RIO_LOCAL === '1'
}

/** Hosts the local stack may listen on: this machine only. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** Reads and validates the ports of the local stack. */
export function readPorts(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const firestore = parseHostPort(env.FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080', 'FIRESTORE_EMULATOR_HOST')
  // The emulator accepts any write without credentials: it must never listen beyond this machine.
  if (!LOOPBACK_HOSTS.has(firestore.host)) {
    throw new Error(`FIRESTORE_EMULATOR_HOST must be a loopback address (127.0.0.1, localhost or [::1]), got "${firestore.host}".`)
  }
  return {
    app: parsePort(env.PORT, 3000, 'PORT'),
    backend: parsePort(env.RIO_LOCAL_PORT, 4000, 'RIO_LOCAL_PORT'),
    firestoreHost: firestore.host,
    firestore: firestore.port,
    stripe: parsePort(env.LOCALSTRIPE_PORT, 8420, 'LOCALSTRIPE_PORT'),
  }
}

/**
 * The browser-side variables that must agree with the ports actually used: the Firebase Auth
 * emulation lives on the backend and the browser reaches the Firestore emulator directly.
 */
export function browserEnvFor(ports: StackPorts): Record<string, string> {
  return {
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.backend}`,
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: `${ports.firestoreHost}:${ports.firestore}`,
    // The browser loads localstripe's fake Stripe.js instead of js.stripe.com, with a test key.
    NEXT_PUBLIC_STRIPE_JS_URL: `http://127.0.0.1:${ports.stripe}/js.stripe.com/v3/`,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_PUBLISHABLE_KEY,
  }
}
