/**
 * The local runtime (rio-local/main.ts) as one child process, for the reliability scripts (the soak
 * run, the live-update benchmark) that kill and start it on purpose.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { waitForHttp } from './wait'

const root = path.resolve(__dirname, '..', '..')

/**
 * Starts the runtime with `env` (RIO_LOCAL_PORT and the rest). `node --import tsx`: one process, so
 * a SIGKILL leaves no orphan behind (the tsx CLI forks one).
 * @param onStderr receives each chunk the runtime writes to stderr (its log lines)
 */
export function startRuntimeChild(env: NodeJS.ProcessEnv, onStderr?: (text: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'rio-local/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr?.on('data', (chunk: Buffer) => onStderr?.(chunk.toString()))
  return child
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

/** Stops the child with `signal` and resolves once it has exited (at once when it already has). */
export async function stopRuntimeChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}
