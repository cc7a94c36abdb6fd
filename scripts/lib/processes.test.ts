/** Children of the local stack: a TypeScript child stopped on a busy machine gets its signal once. */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { startChild, typeScriptCommand } from './processes'

const root = path.resolve(__dirname, '..', '..')

/**
 * A child whose event loop is blocked in 200 ms stretches (as a backend's is on a loaded machine),
 * counting the SIGTERMs it receives the way rio-local/main.ts treats them: the first starts a
 * shutdown, a second would cut it short.
 */
const BUSY_CHILD = `
let signals = 0
process.on('SIGTERM', () => {
  signals += 1
  if (signals === 1) setTimeout(() => { process.stdout.write('signals ' + signals + '\\n'); process.exit(0) }, 500)
  else process.stdout.write('second signal\\n')
})
const spin = (): void => { const end = Date.now() + 200; while (Date.now() < end); setImmediate(spin) }
process.stdout.write('ready\\n')
setTimeout(spin, 50)
`

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'processes-'))
  fs.writeFileSync(path.join(dir, 'busy.ts'), BUSY_CHILD)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

test('a busy TypeScript child, stopped twice, gets SIGTERM once and finishes its own shutdown', async () => {
  let output = ''
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => { output += chunk.toString(); done() } })
  const child = startChild({ name: 'busy', ...typeScriptCommand(root, path.join(dir, 'busy.ts')), cwd: dir, stdout: sink, stderr: sink })
  const deadline = Date.now() + 20_000
  while (!output.includes('ready') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(output).toContain('ready')
  // Let it get into its busy stretches, then stop it as the stack does (the whole group, SIGTERM).
  await new Promise((resolve) => setTimeout(resolve, 300))
  // Twice, a moment apart, as Ctrl-C did (the start's abort and the shutdown both stopped the stack).
  const first = child.stop()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await Promise.all([first, child.stop()])
  expect(await child.exited).toBe(0)
  expect(output).toContain('signals 1')
  expect(output).not.toContain('second signal')
}, 30_000)

/** Whether a process with this pid still exists (a zombie counts as gone only once reaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Lines a child printed, and the first one as a number (a pid it reports). */
function collector(): { lines: string[]; onLine: (line: string) => void } {
  const lines: string[] = []
  return { lines, onLine: (line) => lines.push(line) }
}

test('stopping a child stops what it started too (its process group), without walking the process tree', async () => {
  const out = collector()
  const child = startChild({ name: 'parent', command: '/bin/sh', args: ['-c', 'sleep 300 & echo $!; wait'], onLine: out.onLine })
  await until('the grandchild pid', () => out.lines.length > 0)
  const grandchild = Number(out.lines[0])
  expect(alive(grandchild)).toBe(true)
  await child.stop()
  await until('the grandchild to be gone', () => !alive(grandchild))
})

test('a child that ignores SIGTERM is SIGKILLed after the grace period', async () => {
  const out = collector()
  const child = startChild({
    name: 'stubborn',
    command: process.execPath,
    args: ['-e', "process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000)"],
    onLine: out.onLine,
  })
  await until('ready', () => out.lines.includes('ready'))
  const started = Date.now()
  await child.stop(300)
  expect(await child.exited).toBe('SIGKILL')
  expect(out.lines).toContain('ignored')
  expect(Date.now() - started).toBeGreaterThanOrEqual(300)
})

test('lines reach onLine whole, the last one even without a line break, each with its stream', async () => {
  const seen: Array<[string, string]> = []
  const child = startChild({
    name: 'talker',
    command: process.execPath,
    args: ['-e', "process.stdout.write('one\\ntw'); setTimeout(() => { process.stdout.write('o\\nthree'); process.stderr.write('oops\\n') }, 50)"],
    onLine: (line, stream) => seen.push([stream, line]),
  })
  expect(await child.exited).toBe(0)
  await until('the last line', () => seen.length === 4)
  expect(seen.filter(([stream]) => stream === 'stdout').map(([, line]) => line)).toEqual(['one', 'two', 'three'])
  expect(seen).toContainEqual(['stderr', 'oops'])
})

test('a command that cannot start says so and ends as spawn-error', async () => {
  const out = collector()
  const child = startChild({ name: 'missing', command: path.join(os.tmpdir(), 'no-such-command-here'), args: [], onLine: out.onLine })
  expect(await child.exited).toBe('spawn-error')
  expect(out.lines.join('\n')).toMatch(/^could not start .*no-such-command-here: .*ENOENT/)
  expect(child.hasExited()).toBe(true)
})

test('kill() sends one signal to a lone process and resolves once it has exited', async () => {
  const out = collector()
  const child = startChild({
    name: 'lone', command: process.execPath, args: ['-e', "console.log('ready'); setInterval(() => {}, 1000)"], scope: 'process', onLine: out.onLine,
  })
  await until('ready', () => out.lines.includes('ready'))
  await child.kill('SIGKILL')
  expect(await child.exited).toBe('SIGKILL')
  await expect(child.kill('SIGKILL')).resolves.toBeUndefined()
})

/**
 * A Node parent (one process, as the scripts run) that starts `sleep` with `dieWithParent` and prints
 * the pid to watch (`sleep`'s: under the watchdog it is the shell's child), then ends as `ending` says.
 */
function parentScript(dieWithParent: 'exit' | 'always', ending: 'exit' | 'hang'): string {
  return `
const { startChild } = require(${JSON.stringify(path.join(__dirname, 'processes.ts'))})
const { execFileSync } = require('node:child_process')
const child = startChild({ name: 'sleeper', command: 'sleep', args: ['300'], dieWithParent: ${JSON.stringify(dieWithParent)}, onLine: () => {} })
setTimeout(() => {
  const pid = ${JSON.stringify(dieWithParent)} === 'always'
    ? execFileSync('pgrep', ['-P', String(child.process.pid), '-x', 'sleep']).toString().trim()
    : String(child.process.pid)
  process.stdout.write(pid + '\\n')
  ${ending === 'exit' ? 'process.exit(0)' : 'setInterval(() => {}, 1000)'}
}, 500)
`
}

async function runParent(code: string): Promise<{ parent: ReturnType<typeof spawn>; pid: number }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const pid = await new Promise<number>((resolve, reject) => {
    let out = ''
    parent.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(Number(out.trim()))
    })
    parent.once('exit', (status) => (out.includes('\n') ? undefined : reject(new Error(`the parent exited (${status}) first`))))
  })
  return { parent, pid }
}

test("dieWithParent 'exit': the child is killed when the parent exits on its own (process.exit)", async () => {
  const { pid } = await runParent(parentScript('exit', 'exit'))
  expect(pid).toBeGreaterThan(0)
  await until('the child to be gone', () => !alive(pid))
}, 30_000)

test("dieWithParent 'always': the child is killed even when the parent is SIGKILLed", async () => {
  const { parent, pid } = await runParent(parentScript('always', 'hang'))
  expect(alive(pid)).toBe(true)
  parent.kill('SIGKILL')
  await until('the child to be gone', () => !alive(pid))
}, 30_000)
