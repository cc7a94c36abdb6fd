/**
 * localstripe, the fake Stripe of the local stack and the tests: installed on first use into
 * `.localstripe/` (a Python virtualenv inside the project, git-ignored) from the pinned
 * scripts/localstripe/requirements.txt, and started on a loopback port by scripts/localstripe/serve.py
 * with its store in memory, so every run has a Stripe of its own.
 *
 * Used by `npm run dev`, `npm run start:local`, the e2e run, the backend jest globalSetup and
 * `npm run bench:charges`, like the Firestore emulator.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { makePrefix } from './log'
import { startChild, type RunningChild } from './processes'
import { waitForHttp } from './wait'

/** The version the stack runs (scripts/localstripe/requirements.txt pins it and its dependencies). */
export const LOCALSTRIPE_VERSION = '1.15.10'
/** Any `sk_test_…` key is accepted by localstripe; this one says where it comes from. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stack'
/** The publishable key the browser's (fake) Stripe.js is given. */
export const LOCAL_STRIPE_PUBLISHABLE_KEY = 'pk_test_local_stack'

const VENV_DIR = '.localstripe'

function venvPython(root: string): string {
  return path.join(root, VENV_DIR, 'bin', 'python')
}

function installedVersion(python: string): string | undefined {
  if (!fs.existsSync(python)) return undefined
  const probe = spawnSync(python, ['-c', 'import importlib.metadata as m; print(m.version("localstripe"))'], { encoding: 'utf8' })
  return probe.status === 0 ? probe.stdout.trim() : undefined
}

function findPython(): string {
  for (const candidate of [process.env.PYTHON, 'python3', 'python'].filter((c): c is string => !!c)) {
    const probe = spawnSync(candidate, ['-c', 'import sys, venv; print(sys.version_info >= (3, 8))'], { encoding: 'utf8' })
    if (probe.status === 0 && probe.stdout.trim() === 'True') return candidate
  }
  throw new Error(
    'localstripe needs Python 3.8 or newer with its venv module: install it (`sudo apt-get install -y python3 python3-venv`) ' +
      'or point PYTHON at one.',
  )
}

/**
 * Makes sure `.localstripe/` holds the pinned localstripe; installs it from PyPI when it does not
 * (once per machine; a lock keeps two starts from installing at the same time).
 * @returns the virtualenv's python
 */
export async function ensureLocalstripe(root: string, log: (line: string) => void = () => undefined): Promise<string> {
  const python = venvPython(root)
  if (installedVersion(python) === LOCALSTRIPE_VERSION) return python
  const lock = path.join(root, `${VENV_DIR}.lock`)
  const deadline = Date.now() + 5 * 60_000
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      // Another start is installing it: wait for it, then use what it installed.
      if (Date.now() > deadline) throw new Error(`${lock} has been held for 5 minutes: remove it if no install is running.`)
      await new Promise((resolve) => setTimeout(resolve, 500))
      if (installedVersion(python) === LOCALSTRIPE_VERSION) return python
    }
  }
  try {
    if (installedVersion(python) === LOCALSTRIPE_VERSION) return python
    log(`Installing localstripe ${LOCALSTRIPE_VERSION} into ${VENV_DIR}/ (once per machine)…`)
    fs.rmSync(path.join(root, VENV_DIR), { recursive: true, force: true })
    const run = (command: string, args: string[]): void => {
      try {
        execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? ''
        throw new Error(`Installing localstripe failed at \`${command} ${args.join(' ')}\`:\n${stderr.trim().split('\n').slice(-8).join('\n')}`)
      }
    }
    run(findPython(), ['-m', 'venv', VENV_DIR])
    run(python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--quiet', '-r', path.join('scripts', 'localstripe', 'requirements.txt')])
    const version = installedVersion(python)
    if (version !== LOCALSTRIPE_VERSION) throw new Error(`localstripe ${LOCALSTRIPE_VERSION} was not installed (found ${version ?? 'none'}).`)
    return python
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

export interface RunningLocalstripe {
  /** `http://127.0.0.1:PORT`: STRIPE_API_URL for class code, and where the fake Stripe.js is served. */
  url: string
  /** The fake Stripe.js for the browser. */
  jsUrl: string
  child: RunningChild
  stop(): Promise<void>
}

export interface StartLocalstripeOptions {
  root: string
  port: number
  host?: string
  prefixWidth?: number
  output?: NodeJS.WritableStream
}

/** Installs localstripe if needed, starts it on `host:port` (loopback only) and waits until it answers. */
export async function startLocalstripe(options: StartLocalstripeOptions): Promise<RunningLocalstripe> {
  const out = options.output ?? process.stdout
  const prefix = makePrefix('stripe', options.prefixWidth ?? 6)
  const python = await ensureLocalstripe(options.root, (line) => out.write(`${prefix}${line}\n`))
  const host = options.host ?? '127.0.0.1'
  const child = startChild({
    name: 'stripe',
    command: python,
    args: [path.join(options.root, 'scripts', 'localstripe', 'serve.py'), '--host', host, '--port', String(options.port)],
    cwd: options.root,
    env: { ...process.env, PYTHONUNBUFFERED: '1' },
    prefixWidth: options.prefixWidth ?? 6,
    stdout: out,
    stderr: out,
  })
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${options.port}`
  try {
    await waitForHttp(`${url}/js.stripe.com/v3/`, { what: 'localstripe', timeoutMs: 30_000, child, accept: (status) => status === 200 })
  } catch (error) {
    await child.stop()
    throw error
  }
  return { url, jsUrl: `${url}/js.stripe.com/v3/`, child, stop: () => child.stop() }
}

/** localstripe's error message in an answer (its body's `error.message`), else the body's start. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text()
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message
    if (typeof message === 'string') return message
  } catch {
    // Not JSON: the text itself says it.
  }
  return text.slice(0, 300)
}

/** Remembers which objects localstripe's store holds now (serve.py's store mark); answers how many. */
export async function markStore(url: string): Promise<number> {
  const res = await fetch(`${url}/_config/store-mark`, { method: 'POST' })
  if (!res.ok) throw new Error(`localstripe refused the store mark (${res.status}): ${await refusal(res)}`)
  return ((await res.json()) as { objects: number }).objects
}

/** Removes every object localstripe stored since the store mark, and the mark; answers how many went. */
export async function rollBackToMark(url: string): Promise<number> {
  const res = await fetch(`${url}/_config/store-mark`, { method: 'DELETE' })
  if (!res.ok) throw new Error(`localstripe could not go back to its store mark (${res.status}): ${await refusal(res)}`)
  return ((await res.json()) as { removed: number }).removed
}
