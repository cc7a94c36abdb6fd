/**
 * The local runtime (rio-local/main.ts) as one child process, for the reliability scripts (the soak
 * run, the benchmarks, the charge-crash test) that kill and start it on purpose. Started and
 * stopped through ./processes like every other child.
 */
import path from 'node:path'
import { startChild, typeScriptCommand, type RunningChild } from './processes'
import { assertShopEnv, shopDefaults } from './shop-env'
import { waitForHttp } from './wait'

const root = path.resolve(__dirname, '..', '..')

/**
 * Starts the runtime with `env` (RIO_LOCAL_PORT and the rest): one process (`node --import tsx`,
 * so a SIGKILL leaves no orphan behind), signalled alone (`scope: 'process'`: a terminal's Ctrl-C
 * reaches it as it reaches the script), and SIGKILLed when this process exits. Its stdout is dropped.
 * It runs the shop: with the shop's local settings where `env` has none, and never against a
 * Stripe the shop cannot run with (assertShopEnv throws first, naming the variables).
 * @param onStderr receives each line the runtime writes to stderr (its log lines), with its line break
 */
export function startRuntimeChild(env: NodeJS.ProcessEnv, onStderr?: (text: string) => void): RunningChild {
  assertShopEnv(env)
  return startChild({
    name: 'backend',
    ...typeScriptCommand(root, 'rio-local/main.ts'),
    cwd: root,
    // Only what env leaves unset or blank (a blank value must not hide the default).
    env: { ...env, ...shopDefaults(env) },
    scope: 'process',
    // An interrupted or failing run leaves no runtime behind.
    dieWithParent: 'exit',
    onLine: (line, stream) => {
      if (stream === 'stderr') onStderr?.(`${line}\n`)
    },
  })
}

/**
 * An `onStderr` that passes on only what a person should see: error log lines and anything that
 * is not a log line (a crash's stack), each as `[backend] <line>`, cut at `maxLength`.
 */
export function errorLinesTo(print: (line: string) => void, maxLength = Infinity): (text: string) => void {
  return (text) => {
    for (const line of text.split('\n')) {
      if (line.includes('"level":"error"') || (line.trim() && !line.startsWith('{'))) print(`[backend] ${line.slice(0, maxLength)}`)
    }
  }
}

/** Resolves once `${origin}/__health` answers 2xx; rejects after `timeoutMs`. */
export function waitForHealth(origin: string, timeoutMs = 30_000): Promise<void> {
  return waitForHttp(`${origin}/__health`, { what: 'The runtime', timeoutMs, intervalMs: 50, accept: (status) => status >= 200 && status < 300 })
}

/** Stops the child with `signal` alone (SIGKILL: a crash on purpose) and resolves once it has exited (at once when it already has). */
export function stopRuntimeChild(child: RunningChild, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return child.kill(signal)
}
