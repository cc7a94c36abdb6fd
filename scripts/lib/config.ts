/**
 * What the local stack needs to know, read once from env (after `.env*` files are loaded the way
 * Next loads them) and validated by a zod schema, so a bad value fails before anything starts.
 */
import { loadEnvConfig } from '@next/env'
import { LOCAL_STRIPE_PUBLISHABLE_KEY } from './localstripe'
import { z } from 'zod'
import { formatEmulatorHost, parseEmulatorHost, type EmulatorHost } from '../../rio-local/firestore/emulator-host'
import type { BrowserEnvName } from '../../lib/browser-env'

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

/** Hosts the local stack may listen on: this machine only (IPv6 as FIRESTORE_EMULATOR_HOST writes it, in brackets). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Blank is unset: `PORT=` in a .env file means "use the default". */
const unsetIfBlank = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))

/** A TCP port, `fallback` when unset; the message names the variable. */
const port = (envVar: string, fallback: number) =>
  unsetIfBlank.transform((value, ctx) => {
    if (value === undefined) return fallback
    const parsed = Number(value)
    if (Number.isInteger(parsed) && parsed >= 1 && parsed <= 65535) return parsed
    ctx.addIssue({ code: 'custom', message: `${envVar} must be a port number between 1 and 65535, got "${value}".` })
    return z.NEVER
  })

/** The emulator's address (the one parser the runtime uses too), on loopback only. */
const emulatorHost = unsetIfBlank.transform((value, ctx) => {
  let parsed: EmulatorHost
  try {
    parsed = parseEmulatorHost(value ?? '127.0.0.1:8080')
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${(error as Error).message}.` })
    return z.NEVER
  }
  // The emulator accepts any write without credentials: it must never listen beyond this machine.
  if (!LOOPBACK_HOSTS.has(parsed.host)) {
    ctx.addIssue({ code: 'custom', message: `FIRESTORE_EMULATOR_HOST must be a loopback address (127.0.0.1, localhost or [::1]), got "${parsed.host}".` })
    return z.NEVER
  }
  return parsed
})

/** The variables of the stack's ports, in the order their problems are told. */
const PORTS_SCHEMA = z
  .object({
    FIRESTORE_EMULATOR_HOST: emulatorHost,
    PORT: port('PORT', 3000),
    RIO_LOCAL_PORT: port('RIO_LOCAL_PORT', 4000),
    LOCALSTRIPE_PORT: port('LOCALSTRIPE_PORT', 8420),
  })
  .transform((v): StackPorts => ({
    app: v.PORT,
    backend: v.RIO_LOCAL_PORT,
    firestoreHost: v.FIRESTORE_EMULATOR_HOST.host,
    firestore: v.FIRESTORE_EMULATOR_HOST.port,
    stripe: v.LOCALSTRIPE_PORT,
  }))

/**
 * Reads and validates the ports of the local stack.
 * @throws Error listing every bad variable, one line each
 */
export function readPorts(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const result = PORTS_SCHEMA.safeParse(env)
  if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('\n'))
  return result.data
}

/**
 * The browser-side variables that must agree with the ports actually used: the Firebase Auth
 * emulation lives on the backend and the browser reaches the Firestore emulator directly.
 * Their names are typed by lib/browser-env.js, the app's one list of browser variables, so a name
 * not on that list does not compile (and config.test.ts checks it at run time too).
 */
export function browserEnvFor(ports: StackPorts): Partial<Record<BrowserEnvName, string>> {
  return {
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.backend}`,
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: formatEmulatorHost({ host: ports.firestoreHost, port: ports.firestore }),
    // The browser loads localstripe's fake Stripe.js instead of js.stripe.com, with a test key.
    NEXT_PUBLIC_STRIPE_JS_URL: `http://127.0.0.1:${ports.stripe}/js.stripe.com/v3/`,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_PUBLISHABLE_KEY,
  }
}
