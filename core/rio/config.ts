/**
 * Public configuration of the Retter client, read from `NEXT_PUBLIC_*` variables.
 *
 * Next inlines `process.env.NEXT_PUBLIC_X` only where it appears literally, so every variable is
 * referenced by name below rather than through a computed key.
 */

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
export type RioEnv = Partial<Record<
  | 'NEXT_PUBLIC_RIO_LOCAL'
  | 'NEXT_PUBLIC_RIO_PROJECT_ID'
  | 'NEXT_PUBLIC_RIO_REGION'
  | 'NEXT_PUBLIC_RIO_URL'
  | 'NEXT_PUBLIC_RIO_CULTURE'
  | 'NEXT_PUBLIC_FIREBASE_API_KEY'
  | 'NEXT_PUBLIC_FIREBASE_PROJECT_ID'
  | 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL'
  | 'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST',
  string
>>

/** The variables as Next inlines them into the browser bundle. */
export function publicEnv(): RioEnv {
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

const REGIONS: readonly RioRegionName[] = ['euWest1', 'euWest1Beta']
// The SDK prefixes the url with `https://` itself, so a scheme here would double it.
const URL_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~\/-]*)?$/

function required(env: RioEnv, name: keyof RioEnv, why: string): string {
  const value = env[name]?.trim()
  if (!value) throw new RioConfigError(`${name} is not set: ${why}. Add it to .env.local (see .env.example).`)
  return value
}

/**
 * Reads and validates the public Retter configuration.
 * @param env the variables (defaults to the inlined `NEXT_PUBLIC_*` values)
 * @param browserHost `window.location.host`, used for the local default url `${host}/rio`
 * @throws RioConfigError naming the variable that is missing or malformed
 */
export function readRioConfig(env: RioEnv = publicEnv(), browserHost?: string): RioPublicConfig {
  // '1' only, as next.config.js, the security headers and the scripts read it: one meaning everywhere.
  const local = env.NEXT_PUBLIC_RIO_LOCAL === '1'
  const projectId = required(env, 'NEXT_PUBLIC_RIO_PROJECT_ID', 'the Retter project id the app talks to')
  if (!/^[A-Za-z0-9_-]+$/.test(projectId)) {
    throw new RioConfigError(`NEXT_PUBLIC_RIO_PROJECT_ID must contain only letters, digits, "-" and "_" (got "${projectId}").`)
  }

  const regionRaw = env.NEXT_PUBLIC_RIO_REGION?.trim() || 'euWest1'
  if (!REGIONS.includes(regionRaw as RioRegionName)) {
    throw new RioConfigError(`NEXT_PUBLIC_RIO_REGION must be one of ${REGIONS.join(', ')} (got "${regionRaw}").`)
  }
  const region = regionRaw as RioRegionName

  let url = env.NEXT_PUBLIC_RIO_URL?.trim() || undefined
  if (!url && local) {
    if (!browserHost) {
      throw new RioConfigError('NEXT_PUBLIC_RIO_URL is not set and there is no browser host to default to (local mode uses `${host}/rio`).')
    }
    url = `${browserHost}/rio`
  }
  if (url && !URL_HOST.test(url)) {
    throw new RioConfigError(`NEXT_PUBLIC_RIO_URL must be a host with optional port and path, without a scheme, e.g. "localhost:3000/rio" (got "${url}").`)
  }

  const culture = env.NEXT_PUBLIC_RIO_CULTURE?.trim() || 'en-us'

  if (!local) return { local, projectId, region, url, culture }

  const firebaseApiKey = required(env, 'NEXT_PUBLIC_FIREBASE_API_KEY', 'the API key the local backend puts in its Firebase block')
  const firebaseProjectId = required(env, 'NEXT_PUBLIC_FIREBASE_PROJECT_ID', 'the Firebase project id of the emulators')
  const authEmulatorUrl = required(env, 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL', 'where the Firebase Auth emulation listens')
  if (!/^https?:\/\/[^/]+/.test(authEmulatorUrl)) {
    throw new RioConfigError(`NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL must start with http:// or https:// (got "${authEmulatorUrl}").`)
  }
  const firestore = required(env, 'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST', 'the Firestore emulator as host:port')
  const match = /^([^:/\s]+):(\d{1,5})$/.exec(firestore)
  const port = match ? Number(match[2]) : NaN
  if (!match || !(port > 0 && port < 65536)) {
    throw new RioConfigError(`NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port, e.g. "127.0.0.1:8080" (got "${firestore}").`)
  }
  return {
    local, projectId, region, url, culture,
    emulators: { firebaseApiKey, firebaseProjectId, authEmulatorUrl, firestoreHost: match[1]!, firestorePort: port },
  }
}
