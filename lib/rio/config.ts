/**
 * Public configuration of the Retter client, read from `NEXT_PUBLIC_*` variables.
 *
 * Next inlines `process.env.NEXT_PUBLIC_X` only where it appears literally, so every variable is
 * referenced by name below rather than through a computed key. Their names are lib/browser-env.js's
 * (the app's one list); a zod schema checks them, loaded with the SDK, never with a page's first load.
 */
import * as z from 'zod/mini'
import type { RioClientEnvName } from '@/lib/browser-env'

export type RioRegionName = 'euWest1' | 'euWest1Beta'

export interface RioPublicConfig {
  /** True when the app talks to the local Retter-compatible backend and the emulators. */
  local: boolean
  projectId: string
  region: RioRegionName
  /** Host (and optional path) the SDK puts after `https://`, e.g. `localhost:3000/rio`. */
  url?: string
  culture: string
  /** Only set in local mode: where the Firebase app the SDK reuses must point. */
  emulators?: {
    firebaseApiKey: string
    firebaseProjectId: string
    authEmulatorUrl: string
    firestoreHost: string
    firestorePort: number
  }
}

/** Raw values; a parameter so tests can check validation without touching process.env. */
export type RioEnv = Partial<Record<RioClientEnvName, string>>

/** The variables as Next inlines them into the browser bundle. */
export function publicEnv(): Required<{ [Name in RioClientEnvName]: string | undefined }> {
  return {
    NEXT_PUBLIC_RIO_LOCAL: process.env.NEXT_PUBLIC_RIO_LOCAL,
    NEXT_PUBLIC_RIO_PROJECT_ID: process.env.NEXT_PUBLIC_RIO_PROJECT_ID,
    NEXT_PUBLIC_RIO_REGION: process.env.NEXT_PUBLIC_RIO_REGION,
    NEXT_PUBLIC_RIO_URL: process.env.NEXT_PUBLIC_RIO_URL,
    NEXT_PUBLIC_RIO_CULTURE: process.env.NEXT_PUBLIC_RIO_CULTURE,
    NEXT_PUBLIC_FIREBASE_API_KEY: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL,
    NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: process.env.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST,
  }
}

/** A configuration mistake; the message names the variable to fix. */
export class RioConfigError extends Error {
  readonly code = 'CONFIG'
  constructor(message: string) {
    super(message)
    this.name = 'RioConfigError'
  }
}

const REGIONS = ['euWest1', 'euWest1Beta'] as const satisfies readonly RioRegionName[]
// The SDK prefixes the url with `https://` itself, so a scheme here would double it.
const URL_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~\/-]*)?$/
const HOST_PORT = /^([^:/\s]+):(\d{1,5})$/

/** A variable as the app reads it: trimmed, and '' (how next.config.js inlines an unset one) as unset. */
const text = z.pipe(z.optional(z.string()), z.transform((value) => value?.trim() || undefined))

/** A variable that must be set; `why` says what it is for. */
function required(name: RioClientEnvName, why: string) {
  return z.pipe(text, z.string({ error: `${name} is not set: ${why}. Add it to .env.local (see .env.example).` }))
}

/**
 * The variables every mode reads, in the order they are checked (the first mistake is the one
 * reported); local mode checks `EMULATOR_SCHEMA`'s after these.
 */
function schemaFor(local: boolean, browserHost: string | undefined) {
  return z.object({
    NEXT_PUBLIC_RIO_PROJECT_ID: required('NEXT_PUBLIC_RIO_PROJECT_ID', 'the Retter project id the app talks to').check(z.regex(/^[A-Za-z0-9_-]+$/, {
      error: (issue) => `NEXT_PUBLIC_RIO_PROJECT_ID must contain only letters, digits, "-" and "_" (got "${String(issue.input)}").`,
    })),
    NEXT_PUBLIC_RIO_REGION: z.pipe(z.pipe(text, z.transform((region) => region ?? 'euWest1')), z.enum(REGIONS, {
      error: (issue) => `NEXT_PUBLIC_RIO_REGION must be one of ${REGIONS.join(', ')} (got "${String(issue.input)}").`,
    })),
    // Local mode defaults to the app's own origin, `${host}/rio`, where the TLS front routes the backend.
    NEXT_PUBLIC_RIO_URL: z.pipe(text, z.transform((url) => url ?? (local && browserHost ? `${browserHost}/rio` : undefined))).check(
      z.refine((url) => url !== undefined || !local, {
        error: 'NEXT_PUBLIC_RIO_URL is not set and there is no browser host to default to (local mode uses `${host}/rio`).',
        abort: true,
      }),
      z.refine((url) => url === undefined || URL_HOST.test(url), {
        error: (issue) => `NEXT_PUBLIC_RIO_URL must be a host with optional port and path, without a scheme, e.g. "localhost:3000/rio" (got "${String(issue.input)}").`,
      }),
    ),
    NEXT_PUBLIC_RIO_CULTURE: z.pipe(text, z.transform((culture) => culture ?? 'en-us')),
  })
}

/** Where the Firebase app the SDK reuses must point, in local mode only. */
const EMULATOR_SCHEMA = z.object({
  NEXT_PUBLIC_FIREBASE_API_KEY: required('NEXT_PUBLIC_FIREBASE_API_KEY', 'the API key the local backend puts in its Firebase block'),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: required('NEXT_PUBLIC_FIREBASE_PROJECT_ID', 'the Firebase project id of the emulators'),
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: required('NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL', 'where the Firebase Auth emulation listens').check(z.regex(/^https?:\/\/[^/]+/, {
    error: (issue) => `NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL must start with http:// or https:// (got "${String(issue.input)}").`,
  })),
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: required('NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST', 'the Firestore emulator as host:port').check(z.refine((host) => {
    const port = Number(HOST_PORT.exec(host)?.[2])
    return port > 0 && port < 65536
  }, {
    error: (issue) => `NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port, e.g. "127.0.0.1:8080" (got "${String(issue.input)}").`,
  })),
})

/** The parsed variables, or the first mistake as a RioConfigError. */
function checked<Schema extends z.ZodMiniType>(schema: Schema, env: RioEnv): z.infer<Schema> {
  const parsed = schema.safeParse(env)
  if (!parsed.success) throw new RioConfigError(parsed.error.issues[0]?.message ?? 'The Retter configuration is not valid.')
  return parsed.data
}

/**
 * Reads and validates the public Retter configuration.
 * @param env the variables (defaults to the inlined `NEXT_PUBLIC_*` values)
 * @param browserHost `window.location.host`, used for the local default url `${host}/rio`
 * @throws RioConfigError naming the variable that is missing or malformed (the first, in the order above)
 */
export function readRioConfig(env: RioEnv = publicEnv(), browserHost?: string): RioPublicConfig {
  // '1' only, as next.config.js, the security headers and the scripts read it: one meaning everywhere.
  const local = env.NEXT_PUBLIC_RIO_LOCAL === '1'
  const { NEXT_PUBLIC_RIO_PROJECT_ID: projectId, NEXT_PUBLIC_RIO_REGION: region, NEXT_PUBLIC_RIO_URL: url, NEXT_PUBLIC_RIO_CULTURE: culture } =
    checked(schemaFor(local, browserHost), env)
  if (!local) return { local, projectId, region, url, culture }
  const emulators = checked(EMULATOR_SCHEMA, env)
  const [, firestoreHost, firestorePort] = HOST_PORT.exec(emulators.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST) as RegExpExecArray
  return {
    local, projectId, region, url, culture,
    emulators: {
      firebaseApiKey: emulators.NEXT_PUBLIC_FIREBASE_API_KEY,
      firebaseProjectId: emulators.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
      authEmulatorUrl: emulators.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL,
      firestoreHost: firestoreHost!,
      firestorePort: Number(firestorePort),
    },
  }
}
