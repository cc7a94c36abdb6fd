/**
 * The backend's configuration from env, validated once at start. Every problem is reported
 * together, each naming its variable.
 */
import { secretWeakness, STRONG_SECRET_ADVICE } from './auth/secret-strength'
import { parseLogLevel, type LogLevel } from './logger'
import { MIN_INBOX_KEY_LENGTH } from './runtime/inbox'

/** What RIO_LOCAL_INBOX_KEY may be: URL-safe, and as long as the runtime requires of an inbox key. */
const INBOX_KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${MIN_INBOX_KEY_LENGTH},}$`)

export interface BackendConfig {
  host: string
  port: number
  projectId: string
  dataDir: string
  storage: 'sqlite' | 'memory'
  dev: boolean
  /** Undefined: generated once into the data folder. */
  jwtSecret?: string
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  firebase: { apiKey: string; projectId: string }
  firestoreEmulatorHost: string
  /** RIO_LOCAL_LIVE_STATE=0: run without the Firestore emulator (no live documents). */
  liveState: boolean
  /** The Retter v1 project folder to run (RIO_LOCAL_PROJECT_DIR; default: this repo's `retter/`). */
  projectDir?: string
  logLevel: LogLevel
  /** Browser origins allowed by CORS (RIO_LOCAL_ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[]
  /** `Host` names answered besides loopback and the allowed origins' (RIO_LOCAL_ALLOWED_HOSTS, comma-separated). */
  allowedHosts: string[]
  /** Key of the dev inbox page (RIO_LOCAL_INBOX_KEY; undefined: random per process). */
  inboxKey?: string
  /** Shared with the local TLS front, which signs the client's address with it (RIO_LOCAL_FRONT_SECRET). */
  frontSecret?: string
  /**
   * Where class code charges (it reads STRIPE_API_URL and STRIPE_SECRET_KEY from the environment
   * itself; this is checked here so a wrong one stops the start, not the first charge).
   * `url` undefined: Stripe itself.
   */
  stripe: { url?: string }
  /**
   * RIO_LOCAL_SMTP_URL: send class code's e-mail to this SMTP server on loopback instead of the
   * runtime's own receiver (fault runs that take the mail server away; the inbox stays empty).
   */
  smtpUrl?: string
}

/** The app origin of `npm run dev` and `npm run start:local` on their default port. */
export const DEFAULT_APP_ORIGIN = 'https://localhost:3000'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid backend configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** The hosts an http (not https) STRIPE_API_URL may name: this machine only (localstripe). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** A Stripe secret or restricted key, test or live. */
const STRIPE_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/

/**
 * The Stripe variables' problems: a real Stripe needs its secret key; a local one must be an
 * http(s) address on loopback (or any https one), named by scheme, host and port only.
 */
function stripeProblems(url: string | undefined, key: string | undefined): string[] {
  const problems: string[] = []
  if (key !== undefined && !STRIPE_KEY_PATTERN.test(key)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…, or a restricted rk_…), got something else')
  }
  if (url === undefined) {
    if (key === undefined) {
      problems.push(
        'STRIPE_SECRET_KEY is not set: without STRIPE_API_URL class code charges through Stripe itself and needs the account\'s secret key ' +
          '(sk_test_… or sk_live_…). Locally, npm run dev, npm run start:local and the tests set STRIPE_API_URL to localstripe (a fake Stripe on 127.0.0.1) and a test key.',
      )
    }
    return problems
  }
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  const where = 'STRIPE_API_URL must be an http address on this machine (http://127.0.0.1:PORT, http://localhost:PORT or http://[::1]:PORT: localstripe) or an https address'
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    problems.push(`${where}, got "${url}"`)
  } else if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname)) {
    problems.push(`${where}; plain http to "${parsed.hostname}" would send the secret key unencrypted over the network`)
  } else if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    problems.push(`STRIPE_API_URL must be scheme, host and port only (the Stripe client ignores anything else), got "${url}"`)
  }
  if (key === undefined) problems.push('STRIPE_SECRET_KEY is not set: class code needs one for STRIPE_API_URL too (localstripe accepts any sk_test_… key)')
  else if (key.startsWith('sk_live_') || key.startsWith('rk_live_')) problems.push('STRIPE_SECRET_KEY is a live key, but STRIPE_API_URL points away from Stripe: unset STRIPE_API_URL, or use a test key')
  return problems
}

/**
 * Reads and validates the runtime's env (names in .env.example).
 * @throws ConfigError listing every invalid variable
 */
export function loadConfig(env: Env = process.env): BackendConfig {
  const problems: string[] = []
  const text = (name: string, fallback: string): string => {
    const value = env[name]
    return value === undefined || value.trim() === '' ? fallback : value.trim()
  }
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name, String(fallback))
    const value = Number(raw)
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
      return fallback
    }
    return value
  }

  const port = int('RIO_LOCAL_PORT', 4000, 0, 65535)
  const projectId = text('RIO_LOCAL_PROJECT_ID', 'coffee-local')
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(projectId) || projectId === 'root') {
    problems.push(`RIO_LOCAL_PROJECT_ID must be lower-case letters, digits and dashes (not "root"), got "${projectId}"`)
  }
  const storage = text('RIO_LOCAL_STORAGE', 'sqlite')
  if (storage !== 'sqlite' && storage !== 'memory') problems.push(`RIO_LOCAL_STORAGE must be "sqlite" or "memory", got "${storage}"`)
  const dev = text('RIO_LOCAL_DEV', '0')
  if (dev !== '0' && dev !== '1') problems.push(`RIO_LOCAL_DEV must be 0 or 1, got "${dev}"`)
  const jwtSecret = env.RIO_JWT_SECRET?.trim() || undefined
  const weakness = jwtSecret === undefined ? null : secretWeakness(jwtSecret)
  if (weakness) problems.push(`RIO_JWT_SECRET ${weakness}. ${STRONG_SECRET_ADVICE} Or unset it to have one generated.`)
  const frontSecret = env.RIO_LOCAL_FRONT_SECRET?.trim() || undefined
  const frontWeakness = frontSecret === undefined ? null : secretWeakness(frontSecret)
  if (frontWeakness) problems.push(`RIO_LOCAL_FRONT_SECRET ${frontWeakness}. ${STRONG_SECRET_ADVICE} The stack scripts make one per run.`)
  const accessTokenTtlSeconds = int('RIO_ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86_400)
  const refreshTokenTtlSeconds = int('RIO_REFRESH_TOKEN_TTL_SECONDS', 604_800, 1, 31_536_000)
  if (refreshTokenTtlSeconds <= accessTokenTtlSeconds) {
    problems.push('RIO_REFRESH_TOKEN_TTL_SECONDS must be longer than RIO_ACCESS_TOKEN_TTL_SECONDS')
  }
  const firestoreEmulatorHost = text('FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080')
  if (!/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/.test(firestoreEmulatorHost)) {
    problems.push(`FIRESTORE_EMULATOR_HOST must be host:port, got "${firestoreEmulatorHost}"`)
  }
  const live = text('RIO_LOCAL_LIVE_STATE', '1')
  if (live !== '0' && live !== '1') problems.push(`RIO_LOCAL_LIVE_STATE must be 0 or 1, got "${live}"`)
  const levelText = text('RIO_LOG_LEVEL', 'info')
  const logLevel = parseLogLevel(levelText)
  if (!logLevel) problems.push(`RIO_LOG_LEVEL must be one of debug, info, warn, error, silent, got "${levelText}"`)

  const origins = text('RIO_LOCAL_ALLOWED_ORIGINS', DEFAULT_APP_ORIGIN).split(',').map((o) => o.trim()).filter((o) => o !== '')
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin || origin === 'null') {
      problems.push(`RIO_LOCAL_ALLOWED_ORIGINS must list origins like https://localhost:3000 (scheme, host, port; no path), got "${origin}"`)
    }
  }

  const allowedHosts = text('RIO_LOCAL_ALLOWED_HOSTS', '').split(',').map((h) => h.trim()).filter((h) => h !== '')
  for (const host of allowedHosts) {
    if (!/^[A-Za-z0-9.-]+$/.test(host)) problems.push(`RIO_LOCAL_ALLOWED_HOSTS must list host names like app.test (no scheme, port or path), got "${host}"`)
  }

  const inboxKey = env.RIO_LOCAL_INBOX_KEY?.trim() || undefined
  if (inboxKey !== undefined && !INBOX_KEY_PATTERN.test(inboxKey)) {
    problems.push(`RIO_LOCAL_INBOX_KEY must be at least ${MIN_INBOX_KEY_LENGTH} characters of A-Z, a-z, 0-9, _ and - (or unset for a random one)`)
  }

  const stripeUrl = env.STRIPE_API_URL?.trim() || undefined
  problems.push(...stripeProblems(stripeUrl, env.STRIPE_SECRET_KEY?.trim() || undefined))

  const smtpUrl = env.RIO_LOCAL_SMTP_URL?.trim() || undefined
  if (smtpUrl !== undefined && !/^smtp:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/.test(smtpUrl)) {
    problems.push(`RIO_LOCAL_SMTP_URL must be an SMTP server on this machine, like smtp://127.0.0.1:2525, got "${smtpUrl}"`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    host: '127.0.0.1',
    port,
    projectId,
    dataDir: text('RIO_LOCAL_DATA_DIR', '.data'),
    storage: storage as BackendConfig['storage'],
    dev: dev === '1',
    jwtSecret,
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds,
    firebase: { apiKey: text('RIO_FIREBASE_API_KEY', 'local-dev-key'), projectId: text('RIO_FIREBASE_PROJECT_ID', 'demo-coffee-local') },
    firestoreEmulatorHost,
    liveState: live !== '0',
    projectDir: env.RIO_LOCAL_PROJECT_DIR?.trim() || undefined,
    logLevel: logLevel ?? 'info',
    allowedOrigins: origins,
    allowedHosts,
    inboxKey,
    ...(frontSecret ? { frontSecret } : {}),
    stripe: stripeUrl === undefined ? {} : { url: stripeUrl },
    ...(smtpUrl ? { smtpUrl } : {}),
  }
}
