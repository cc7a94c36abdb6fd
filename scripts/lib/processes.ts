/**
 * Child processes of the tooling, started and stopped ONE way. By default a child gets a process
 * group of its own (`detached`), so stopping it also stops what it spawned (npx -> node, the
 * emulator's java) without walking the process tree, and every line it prints is prefixed with
 * its name (or handed to `onLine`). A stop is SIGTERM, then SIGKILL after a grace period.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { forEachLine, makePrefix, pipeWithPrefix } from './log'

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
  /** Receives each line the child prints instead of the prefixed copy (a caller that keeps or filters them). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
  /**
   * `group` (default): the child leads a process group of its own and every signal reaches the
   * whole group. `process`: only the child is signalled, and it stays in our group, so a
   * terminal's Ctrl-C reaches it directly (the runtime the soak and benchmarks kill on purpose).
   */
  scope?: 'group' | 'process'
  /**
   * Never outlive this Node process. `exit`: SIGKILLed when it exits (normally, or by
   * process.exit after Ctrl-C). `always`: also (POSIX) by a watchdog when it dies any other way
   * (SIGKILL, a crash, `timeout` killing jest), so no orphaned JVM keeps its port and memory; the
   * child's `process.pid` is then the watchdog's shell.
   */
  dieWithParent?: 'exit' | 'always'
}

/** How a child ended: its exit code, the signal's name, or `spawn-error` when it could not start. */
export type ExitStatus = number | string

export interface RunningChild {
  readonly name: string
  readonly process: ChildProcess
  /** Resolves with the exit code (or signal name) when the child has exited. */
  readonly exited: Promise<ExitStatus>
  /** True once the child has exited. */
  hasExited(): boolean
  /**
   * SIGTERM (to the whole group), SIGKILL after `graceMs`; resolves once it has exited. Calls while
   * a stop is under way join it: a second SIGTERM would cut the child's graceful shutdown short
   * (the backend exits at once on a second signal).
   */
  stop(graceMs?: number): Promise<void>
  /** Sends `signal` once (a crash on purpose: SIGKILL) and resolves when the child has exited; at once when it already has. */
  kill(signal: NodeJS.Signals): Promise<void>
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

/**
 * Runs "$@" in the background and waits for it, while a background reader of our pipe (saved as
 * fd 3: background jobs get /dev/null as stdin) kills it once the pipe reaches EOF, i.e. once the
 * Node process that holds the other end is gone. The shell ignores a stop's SIGTERM to the group
 * (`trap :`; the command gets the default handling back when it starts) and waits until the
 * command has really exited, so the child's exit means its port is free; it exits with the
 * command's status.
 */
const WATCHDOG_SCRIPT = [
  'exec 3<&0 0</dev/null',
  'trap : TERM',
  '"$@" & child=$!',
  '{ cat <&3 >/dev/null 2>&1; kill $child 2>/dev/null; } &',
  'wait $child; status=$?',
  'while kill -0 $child 2>/dev/null; do wait $child; status=$?; done',
  'exit $status',
].join('\n')

/**
 * Starts a child (in its own process group unless `scope: 'process'`) with prefixed output.
 * A command that cannot start gets a `could not start` line and the exit status `spawn-error`.
 */
export function startChild(options: ChildOptions): RunningChild {
  const scope = options.scope ?? 'group'
  const watchdog = options.dieWithParent === 'always' && process.platform !== 'win32'
  const child = spawn(
    watchdog ? '/bin/sh' : options.command,
    watchdog ? ['-c', WATCHDOG_SCRIPT, options.name, options.command, ...options.args] : options.args,
    {
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
      detached: scope === 'group',
      stdio: [watchdog ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    },
  )
  // Nothing is ever written to the watchdog's pipe; an error only means it is gone already.
  child.stdin?.on('error', () => undefined)
  const prefix = makePrefix(options.name, options.prefixWidth ?? options.name.length)
  const onLine = options.onLine
  const printError = (line: string): void => {
    if (onLine) onLine(line, 'stderr')
    else (options.stderr ?? process.stderr).write(`${prefix}${line}\n`)
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    const readable = child[stream]
    if (!readable) continue
    if (onLine) forEachLine(readable, (line) => onLine(line, stream))
    else pipeWithPrefix(readable, prefix, options[stream] ?? process[stream])
  }

  let exitedFlag = false
  const signal = (name: NodeJS.Signals): void => {
    if (child.pid === undefined) return
    try {
      // Negative pid = the whole process group the child leads.
      process.kill(scope === 'group' ? -child.pid : child.pid, name)
    } catch {
      // Already gone.
    }
  }
  const killOnParentExit = (): void => {
    if (!exitedFlag) signal('SIGKILL')
  }
  if (options.dieWithParent !== undefined) process.once('exit', killOnParentExit)
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signalName) => {
      exitedFlag = true
      process.removeListener('exit', killOnParentExit)
      // Lets the watchdog's reader end.
      child.stdin?.end()
      resolve(code ?? signalName ?? 'unknown')
    })
    // A spawn failure (command not found) never emits 'exit'.
    child.once('error', (error) => {
      exitedFlag = true
      process.removeListener('exit', killOnParentExit)
      printError(`could not start ${options.command}: ${error.message}`)
      resolve('spawn-error')
    })
  })

  let stopping: Promise<void> | undefined
  return {
    name: options.name,
    process: child,
    exited,
    hasExited: () => exitedFlag,
    stop: (graceMs = 5000) => (stopping ??= stopChild(signal, exited, () => exitedFlag, graceMs, scope)),
    kill: async (name) => {
      if (!exitedFlag) signal(name)
      await exited
    },
  }
}

async function stopChild(
  signal: (name: NodeJS.Signals) => void,
  exited: Promise<unknown>,
  hasExited: () => boolean,
  graceMs: number,
  scope: 'group' | 'process',
): Promise<void> {
  if (!hasExited()) signal('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs)
  })
  const outcome = await Promise.race([exited.then(() => 'exited' as const), timedOut])
  clearTimeout(timer)
  // Grandchildren (java under the emulator wrapper) may outlive their parent: always sweep the
  // group. A lone process is only killed when it did not exit in time (its pid may be reused after).
  if (scope === 'group' || outcome === 'timeout') signal('SIGKILL')
  if (outcome === 'timeout') await exited
}

/** Stops the children in reverse start order (Next before the backend before the emulator). */
export async function stopAll(children: RunningChild[]): Promise<void> {
  for (const child of [...children].reverse()) await child.stop()
}
