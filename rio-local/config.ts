/**
 * The runtime's own configuration from env (ports, data folder, project folder, emulator, dev mode,
 * SMTP, limits), validated once at start by a zod schema. Every problem is reported together, each
 * naming its variable and saying what is expected. The project's environment is not the runtime's:
 * class code reads it from `process.env` as it does on Retter, and whatever a project requires of it
 * is checked by that project (the shop's Stripe rules: scripts/lib/shop-env.ts).
 */
import { z } from 'zod'
import { secretWeakness, STRONG_SECRET_ADVICE } from './auth/secret-strength'
import { emulatorHostProblem } from './firestore/emulator-host'
import { parseLogLevel, type LogLevel } from './logger'
import { MIN_INBOX_KEY_LENGTH } from './runtime/http/inbox'
import { DEFAULT_TASK_CONCURRENCY } from './runtime/engine/tasks/runner'

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
  /** RIO_LOCAL_TASK_CONCURRENCY: how many instances' delayed calls run at once (one instance's always one at a time). */
  taskConcurrency: number
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

/** Blank is unset: `NAME=` or spaces in a .env file mean "use the default". */
const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const text = (fallback: string) => optional.transform((value) => value ?? fallback)

/** A value that must pass `test`; the message names the variable and says what is expected. */
const checked = <Input>(schema: z.ZodType<string, Input>, test: (value: string) => boolean, message: (value: string) => string) =>
  schema.refine(test, { error: (issue) => message(String(issue.input)) })

const integer = (name: string, fallback: number, min: number, max: number) =>
  checked(text(String(fallback)), (raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max, (raw) => `${name} must be an integer from ${min} to ${max}, got "${raw}"`).transform(Number)

const flag = (name: string, fallback: '0' | '1') =>
  text(fallback).pipe(z.enum(['0', '1'], { error: (issue) => `${name} must be 0 or 1, got "${String(issue.input)}"` })).transform((value) => value === '1')

const secret = (name: string, advice: string) =>
  optional.refine((value) => value === undefined || secretWeakness(value) === null, {
    error: (issue) => `${name} ${secretWeakness(String(issue.input)) ?? ''}. ${STRONG_SECRET_ADVICE} ${advice}`,
  })

/** A comma-separated list; each bad entry is its own problem. */
const list = (fallback: string, test: (entry: string) => boolean, message: (entry: string) => string) =>
  text(fallback)
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .pipe(z.array(checked(z.string(), test, message)))

function isBareOrigin(origin: string): boolean {
  try {
    return new URL(origin).origin === origin && origin !== 'null'
  } catch {
    return false
  }
}

/** Every variable the runtime reads (names in .env.example), each checked on its own. */
const ENV_SCHEMA = z.object({
  RIO_LOCAL_PORT: integer('RIO_LOCAL_PORT', 4000, 0, 65535),
  RIO_LOCAL_PROJECT_ID: checked(
    text('coffee-local'),
    (id) => /^[a-z0-9][a-z0-9-]{0,62}$/.test(id) && id !== 'root',
    (id) => `RIO_LOCAL_PROJECT_ID must be lower-case letters, digits and dashes (not "root"), got "${id}"`,
  ),
  RIO_LOCAL_DATA_DIR: text('.data'),
  RIO_LOCAL_STORAGE: text('sqlite').pipe(z.enum(['sqlite', 'memory'], { error: (issue) => `RIO_LOCAL_STORAGE must be "sqlite" or "memory", got "${String(issue.input)}"` })),
  RIO_LOCAL_DEV: flag('RIO_LOCAL_DEV', '0'),
  RIO_JWT_SECRET: secret('RIO_JWT_SECRET', 'Or unset it to have one generated.'),
  RIO_LOCAL_FRONT_SECRET: secret('RIO_LOCAL_FRONT_SECRET', 'The stack scripts make one per run.'),
  RIO_ACCESS_TOKEN_TTL_SECONDS: integer('RIO_ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86_400),
  RIO_REFRESH_TOKEN_TTL_SECONDS: integer('RIO_REFRESH_TOKEN_TTL_SECONDS', 604_800, 1, 31_536_000),
  RIO_FIREBASE_API_KEY: text('local-dev-key'),
  RIO_FIREBASE_PROJECT_ID: text('demo-coffee-local'),
  // The one FIRESTORE_EMULATOR_HOST rule, shared with the dev tooling (firestore/emulator-host.ts).
  FIRESTORE_EMULATOR_HOST: checked(text('127.0.0.1:8080'), (host) => emulatorHostProblem(host) === undefined, (host) => emulatorHostProblem(host) ?? ''),
  RIO_LOCAL_LIVE_STATE: flag('RIO_LOCAL_LIVE_STATE', '1'),
  RIO_LOCAL_PROJECT_DIR: optional,
  RIO_LOG_LEVEL: checked(
    text('info'),
    (level) => parseLogLevel(level) !== undefined,
    (level) => `RIO_LOG_LEVEL must be one of debug, info, warn, error, silent, got "${level}"`,
  ).transform((level) => parseLogLevel(level) as LogLevel),
  RIO_LOCAL_ALLOWED_ORIGINS: list(
    DEFAULT_APP_ORIGIN,
    isBareOrigin,
    (origin) => `RIO_LOCAL_ALLOWED_ORIGINS must list origins like https://localhost:3000 (scheme, host, port; no path), got "${origin}"`,
  ),
  RIO_LOCAL_ALLOWED_HOSTS: list(
    '',
    (host) => /^[A-Za-z0-9.-]+$/.test(host),
    (host) => `RIO_LOCAL_ALLOWED_HOSTS must list host names like app.test (no scheme, port or path), got "${host}"`,
  ),
  RIO_LOCAL_INBOX_KEY: optional.refine((key) => key === undefined || INBOX_KEY_PATTERN.test(key), {
    error: `RIO_LOCAL_INBOX_KEY must be at least ${MIN_INBOX_KEY_LENGTH} characters of A-Z, a-z, 0-9, _ and - (or unset for a random one)`,
  }),
  RIO_LOCAL_TASK_CONCURRENCY: integer('RIO_LOCAL_TASK_CONCURRENCY', DEFAULT_TASK_CONCURRENCY, 1, 256),
  RIO_LOCAL_SMTP_URL: optional.refine((url) => url === undefined || /^smtp:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/.test(url), {
    error: (issue) => `RIO_LOCAL_SMTP_URL must be an SMTP server on this machine, like smtp://127.0.0.1:2525, got "${String(issue.input)}"`,
  }),
})

type EnvValues = z.output<typeof ENV_SCHEMA>

/**
 * Each variable checked on its own, so every bad one is reported and the rules between variables
 * still see the good ones.
 */
function checkEachVariable(env: Env): { values: Partial<EnvValues>; problems: string[] } {
  const values: Partial<Record<keyof EnvValues, unknown>> = {}
  const problems: string[] = []
  for (const [name, schema] of Object.entries(ENV_SCHEMA.shape) as Array<[keyof EnvValues, z.ZodType]>) {
    const result = schema.safeParse(env[name])
    if (result.success) values[name] = result.data
    else problems.push(...result.error.issues.map((issue) => issue.message))
  }
  return { values: values as Partial<EnvValues>, problems }
}

/** The rules between variables: token lifetimes. */
function crossVariableProblems(values: Partial<EnvValues>): string[] {
  const problems: string[] = []
  const { RIO_ACCESS_TOKEN_TTL_SECONDS: access, RIO_REFRESH_TOKEN_TTL_SECONDS: refresh } = values
  if (access !== undefined && refresh !== undefined && refresh <= access) {
    problems.push('RIO_REFRESH_TOKEN_TTL_SECONDS must be longer than RIO_ACCESS_TOKEN_TTL_SECONDS')
  }
  return problems
}

/**
 * Reads and validates the runtime's env (names in .env.example).
 * @throws ConfigError listing every invalid variable
 */
export function loadConfig(env: Env = process.env): BackendConfig {
  const perVariable = checkEachVariable(env)
  const problems = [...perVariable.problems, ...crossVariableProblems(perVariable.values)]
  if (problems.length > 0) throw new ConfigError(problems)
  const v = ENV_SCHEMA.parse(env)
  return {
    host: '127.0.0.1',
    port: v.RIO_LOCAL_PORT,
    projectId: v.RIO_LOCAL_PROJECT_ID,
    dataDir: v.RIO_LOCAL_DATA_DIR,
    storage: v.RIO_LOCAL_STORAGE,
    dev: v.RIO_LOCAL_DEV,
    jwtSecret: v.RIO_JWT_SECRET,
    accessTokenTtlSeconds: v.RIO_ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: v.RIO_REFRESH_TOKEN_TTL_SECONDS,
    firebase: { apiKey: v.RIO_FIREBASE_API_KEY, projectId: v.RIO_FIREBASE_PROJECT_ID },
    firestoreEmulatorHost: v.FIRESTORE_EMULATOR_HOST,
    liveState: v.RIO_LOCAL_LIVE_STATE,
    projectDir: v.RIO_LOCAL_PROJECT_DIR,
    logLevel: v.RIO_LOG_LEVEL,
    allowedOrigins: v.RIO_LOCAL_ALLOWED_ORIGINS,
    allowedHosts: v.RIO_LOCAL_ALLOWED_HOSTS,
    inboxKey: v.RIO_LOCAL_INBOX_KEY,
    ...(v.RIO_LOCAL_FRONT_SECRET ? { frontSecret: v.RIO_LOCAL_FRONT_SECRET } : {}),
    taskConcurrency: v.RIO_LOCAL_TASK_CONCURRENCY,
    ...(v.RIO_LOCAL_SMTP_URL ? { smtpUrl: v.RIO_LOCAL_SMTP_URL } : {}),
  }
}
