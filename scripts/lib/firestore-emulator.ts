/**
 * Finds, starts and stops the real Cloud Firestore emulator (a Java program).
 *
 * Used by `npm run dev`, the e2e run and the backend jest globalSetup. The backend itself never
 * starts an emulator: it waits for one (see `waitForEmulator` in rio-local/firestore/rest.ts).
 */
import { accessSync, constants as fsConstants, existsSync, readdirSync, realpathSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { formatEmulatorHost } from '../../rio-local/firestore/emulator-host'
import { emulatorAnswers } from '../../rio-local/firestore/rest'
import { findFreePort } from './ports'
import { startChild } from './processes'
import { waitUntil } from './wait'

export { emulatorAnswers }

/** Main class inside every Cloud Firestore emulator jar (gcloud's jar has no Main-Class manifest). */
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore'
const GCLOUD_EMULATOR_DIR = 'platform/cloud-firestore-emulator'
const GCLOUD_JAR = 'cloud-firestore-emulator.jar'
const DEFAULT_SDK_ROOT = '/usr/lib/google-cloud-sdk'

/** How to run the emulator: `command` + `args`, then `--host`/`--port` are appended. */
export interface FirestoreEmulatorCommand {
  command: string
  args: string[]
  /** The jar that will run, for logs. */
  jar: string
  /** Where the jar was found: `FIRESTORE_EMULATOR_JAR`, `gcloud` or `firebase-tools`. */
  source: 'FIRESTORE_EMULATOR_JAR' | 'gcloud' | 'firebase-tools'
}

export const INSTALL_JAVA_HINT =
  'Install a Java runtime (11 or newer): `sudo apt-get install -y openjdk-17-jre-headless` ' +
  '(or set JAVA_HOME to an existing one).'

export const INSTALL_EMULATOR_HINT =
  'Install the Cloud Firestore emulator with one of: ' +
  '`sudo apt-get install -y google-cloud-cli-firestore-emulator` (Debian/Ubuntu with the Google Cloud apt repository), ' +
  '`gcloud components install cloud-firestore-emulator`, ' +
  'or `npx firebase-tools setup:emulators:firestore`; ' +
  'or point FIRESTORE_EMULATOR_JAR at an existing cloud-firestore-emulator jar.'

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK)
    return true
  } catch {
    return false
  }
}

/** `java` from JAVA_HOME, else the first one on PATH; null when there is none. */
function findJava(env: NodeJS.ProcessEnv): string | null {
  if (env.JAVA_HOME) {
    const fromHome = join(env.JAVA_HOME, 'bin', 'java')
    if (isExecutable(fromHome)) return fromHome
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'java'))) return join(dir, 'java')
  }
  return null
}

/** SDK roots to search: the Debian package's, and the one of the `gcloud` on PATH (tarball installs). */
function gcloudSdkRoots(env: NodeJS.ProcessEnv, defaults: string[]): string[] {
  const roots = [...defaults]
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const gcloud = join(dir, 'gcloud')
    if (dir && isExecutable(gcloud)) {
      try {
        // <root>/bin/gcloud, usually reached through a symlink in /usr/bin.
        roots.push(dirname(dirname(realpathSync(gcloud))))
      } catch {
        // A dangling symlink: nothing to find there.
      }
      break
    }
  }
  return [...new Set(roots)]
}

/** Numeric-aware comparison so that v1.19.10 sorts after v1.19.9. */
function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true })
}

function firebaseToolsJar(home: string): string | null {
  const dir = join(home, '.cache', 'firebase', 'emulators')
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return null
  }
  const jars = names.filter((n) => /^cloud-firestore-emulator-.*\.jar$/.test(n)).sort(compareVersions)
  const newest = jars[jars.length - 1]
  return newest ? join(dir, newest) : null
}

export interface FindFirestoreEmulatorOptions {
  /** Environment to read PATH, JAVA_HOME and FIRESTORE_EMULATOR_JAR from (default process.env). */
  env?: NodeJS.ProcessEnv
  /** Home directory holding the firebase-tools cache (default os.homedir()). */
  home?: string
  /** gcloud SDK roots searched before the one of the `gcloud` on PATH (default /usr/lib/google-cloud-sdk). */
  sdkRoots?: string[]
}

/**
 * Locates Java and the Cloud Firestore emulator jar.
 *
 * Search order: `FIRESTORE_EMULATOR_JAR`, the gcloud SDK (`/usr/lib/google-cloud-sdk/platform/
 * cloud-firestore-emulator/`, or the SDK of the `gcloud` on PATH), then the firebase-tools cache
 * (`~/.cache/firebase/emulators/cloud-firestore-emulator-*.jar`, newest version).
 *
 * @returns the command to run, or an Error whose message says exactly what to install.
 */
export function findFirestoreEmulator(options: FindFirestoreEmulatorOptions = {}): FirestoreEmulatorCommand | Error {
  const env = options.env ?? process.env
  const home = options.home ?? homedir()
  const problems: string[] = []
  const java = findJava(env)
  if (!java) problems.push(`Java was not found (JAVA_HOME unset or without bin/java, and no \`java\` on PATH). ${INSTALL_JAVA_HINT}`)

  let jar: string | null = null
  let source: FirestoreEmulatorCommand['source'] = 'gcloud'
  const looked: string[] = []
  if (env.FIRESTORE_EMULATOR_JAR) {
    if (!existsSync(env.FIRESTORE_EMULATOR_JAR)) {
      // An explicit setting that is wrong must not silently fall back to another emulator.
      problems.push(`FIRESTORE_EMULATOR_JAR is set to ${env.FIRESTORE_EMULATOR_JAR}, which does not exist. Fix or unset it. ${INSTALL_EMULATOR_HINT}`)
      return new Error(`Cannot start the Cloud Firestore emulator:\n- ${problems.join('\n- ')}`)
    }
    jar = env.FIRESTORE_EMULATOR_JAR
    source = 'FIRESTORE_EMULATOR_JAR'
  }
  if (!jar) {
    for (const root of gcloudSdkRoots(env, options.sdkRoots ?? [DEFAULT_SDK_ROOT])) {
      const candidate = join(root, GCLOUD_EMULATOR_DIR, GCLOUD_JAR)
      looked.push(candidate)
      if (existsSync(candidate)) {
        jar = candidate
        source = 'gcloud'
        break
      }
    }
  }
  if (!jar) {
    looked.push(join(home, '.cache', 'firebase', 'emulators', 'cloud-firestore-emulator-*.jar'))
    jar = firebaseToolsJar(home)
    source = 'firebase-tools'
  }
  if (!jar) problems.push(`The Cloud Firestore emulator was not found (looked for ${looked.join(', ')}). ${INSTALL_EMULATOR_HINT}`)

  if (problems.length > 0 || !java || !jar) {
    return new Error(`Cannot start the Cloud Firestore emulator:\n- ${problems.join('\n- ')}`)
  }
  return {
    command: java,
    // -cp + main class works for every emulator jar; `-jar` fails on gcloud's (no Main-Class).
    // The emulator only supports English messages (its gcloud launcher sets the same flag).
    args: ['-Duser.language=en', '-cp', jar, MAIN_CLASS],
    jar,
    source,
  }
}

/** Whether `host` names this machine only: 127.0.0.0/8, localhost or ::1. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

export interface StartFirestoreEmulatorOptions {
  /** Interface to bind (default 127.0.0.1). */
  host?: string
  /** Port to listen on (default 8080); 0 picks a free port. */
  port?: number
  /** Default project id of the emulator (it serves every project anyway). */
  projectId?: string
  /** Receives every line the emulator prints (default: dropped, but kept for error messages). */
  log?: (line: string) => void
  /** How long to wait for the emulator to answer (default 60 s). */
  timeoutMs?: number
  /** Environment used to find Java and the jar (default process.env). */
  env?: NodeJS.ProcessEnv
}

export interface RunningFirestoreEmulator {
  host: string
  port: number
  /** `host:port`, the value for FIRESTORE_EMULATOR_HOST. */
  hostPort: string
  /** The watchdog shell's pid on POSIX (the JVM is its child, in its process group). */
  pid: number
  /** Milliseconds from spawn until the emulator answered. */
  startupMs: number
  /** Stops the emulator and anything it started; resolves once it has exited. Idempotent. */
  stop(): Promise<void>
}

const KEEP_OUTPUT_LINES = 40

/**
 * Starts the Cloud Firestore emulator and resolves once it answers HTTP requests.
 *
 * Rejects for a host other than loopback, with the install instructions when Java or the
 * emulator is missing, and with the emulator's own output when it exits early (e.g. the port is
 * taken) or does not answer in time.
 * The JVM never outlives this Node process: it runs as a child that dies with its parent
 * (`dieWithParent: 'always'` in ./processes: killed on a normal exit, and on POSIX by a watchdog when the
 * process dies any other way, SIGKILL, a crash, `timeout`).
 */
export async function startFirestoreEmulator(
  options: StartFirestoreEmulatorOptions = {},
): Promise<RunningFirestoreEmulator> {
  const host = options.host ?? '127.0.0.1'
  // Every Firestore emulator takes unsigned ID tokens (anyone can claim any uid) and answers
  // pre-flights from any origin: reachable beyond this machine, it would hand out every document.
  if (!isLoopbackHost(host)) throw new Error(`The Firestore emulator listens on loopback only (127.0.0.1, localhost or ::1), not "${host}".`)
  const found = findFirestoreEmulator({ env: options.env })
  if (found instanceof Error) throw found
  const port = options.port === 0 ? await findFreePort(host) : (options.port ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid emulator port: ${options.port}`)
  const hostPort = formatEmulatorHost({ host, port })
  if (await emulatorAnswers(hostPort, 500)) {
    throw new Error(`Something already answers on ${hostPort}; stop it or choose another port (port 0 picks a free one).`)
  }

  const args = [...found.args, '--host', host, '--port', String(port)]
  if (options.projectId) args.push('--project_id', options.projectId)
  const startedAt = Date.now()
  const output: string[] = []
  const child = startChild({
    name: 'firestore-emulator',
    command: found.command,
    args,
    // Its own process group: a stop reaches the JVM and the watchdog together.
    dieWithParent: 'always',
    onLine: (line) => {
      if (!line.trim()) return
      output.push(line)
      if (output.length > KEEP_OUTPUT_LINES) output.shift()
      options.log?.(line)
    },
  })
  const stop = (): Promise<void> => child.stop(5000)

  const timeoutMs = options.timeoutMs ?? 60_000
  const outcome = await waitUntil(() => emulatorAnswers(hostPort, 1000), { timeoutMs, intervalMs: 100, child })
  if (outcome.kind !== 'ready') {
    const failure =
      outcome.kind === 'timeout'
        ? `it did not answer on ${hostPort} within ${Math.round(timeoutMs / 1000)} s`
        : outcome.status === 'spawn-error'
          ? `could not run ${found.command}`
          : `it exited (${typeof outcome.status === 'number' ? `code ${outcome.status}` : `signal ${outcome.status}`}) before answering`
    await stop()
    const tail = output.length ? `\nLast emulator output:\n${output.join('\n')}` : ''
    throw new Error(`The Cloud Firestore emulator (${found.jar}) failed to start: ${failure}.${tail}`)
  }
  return { host, port, hostPort, pid: child.process.pid as number, startupMs: Date.now() - startedAt, stop }
}
