/**
 * Child processes of the orchestration scripts. Each child gets a process group of its own
 * (`detached`), so stopping it also stops what it spawned (npx -> node, the emulator's java),
 * and every line it prints is prefixed with its name.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { makePrefix, pipeWithPrefix } from './log'

export interface ChildOptions {
  name: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Width the name is padded to, so prefixes line up. */
  prefixWidth?: number
  /** Where prefixed output goes; default stdout/stderr. Tests pass a sink to keep reports short. */
  stdout?: NodeJS.WritableStream
  stderr?: NodeJS.WritableStream
}

export interface RunningChild {
  readonly name: string
  readonly process: ChildProcess
  /** Resolves with the exit code (or signal name) when the child has exited. */
  readonly exited: Promise<number | string>
  /** True once the child has exited. */
  hasExited(): boolean
  /**
   * SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once it has exited. Calls while
   * a stop is under way join it: a second SIGTERM would cut the child's graceful shutdown short
   * (the backend exits at once on a second signal).
   */
  stop(graceMs?: number): Promise<void>
}

/**
 * The command that runs a TypeScript file as ONE process: `node --import tsx <file>`, with tsx
 * found from `root`. The tsx CLI instead forks a second node and passes each signal it gets on to
 * it unless that child reports within 30 ms that it got the signal itself. Stopping a child signals
 * its whole group, so a child busy for longer than that (the backend shutting down on a loaded
 * machine) got SIGTERM twice, and the backend exits at once on a second signal ("second signal:
 * exiting now"), skipping its graceful shutdown; or the CLI even SIGKILLed it.
 * @param root where node_modules/tsx is
 * @param file the script, relative to the child's cwd or absolute
 */
export function typeScriptCommand(root: string, file: string): { command: string; args: string[] } {
  const loader = pathToFileURL(require.resolve('tsx', { paths: [root] })).href
  return { command: process.execPath, args: ['--import', loader, file] }
}

/** Starts a child in its own process group with prefixed output. */
export function startChild(options: ChildOptions): RunningChild {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = makePrefix(options.name, options.prefixWidth ?? options.name.length)
  if (child.stdout) pipeWithPrefix(child.stdout, prefix, options.stdout ?? process.stdout)
  if (child.stderr) pipeWithPrefix(child.stderr, prefix, options.stderr ?? process.stderr)

  let exitedFlag = false
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedFlag = true
      resolve(code ?? signal ?? 'unknown')
    })
    // A spawn failure (command not found) never emits 'exit'.
    child.once('error', (error) => {
      exitedFlag = true
      ;(options.stderr ?? process.stderr).write(`${prefix}could not start ${options.command}: ${error.message}\n`)
      resolve('spawn-error')
    })
  })

  let stopping: Promise<void> | undefined
  return {
    name: options.name,
    process: child,
    exited,
    hasExited: () => exitedFlag,
    stop: (graceMs = 5000) => (stopping ??= stopGroup(child, exited, () => exitedFlag, graceMs)),
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    // Negative pid = the whole process group the child leads.
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

async function stopGroup(
  child: ChildProcess,
  exited: Promise<unknown>,
  hasExited: () => boolean,
  graceMs: number,
): Promise<void> {
  if (!hasExited()) signalGroup(child, 'SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs)
  })
  const outcome = await Promise.race([exited.then(() => 'exited' as const), timedOut])
  clearTimeout(timer)
  // Grandchildren (java under the emulator wrapper) may outlive their parent: always sweep the group.
  signalGroup(child, 'SIGKILL')
  if (outcome === 'timeout') await exited
}

/** Stops the children in reverse start order (Next before the backend before the emulator). */
export async function stopAll(children: RunningChild[]): Promise<void> {
  for (const child of [...children].reverse()) await child.stop()
}
