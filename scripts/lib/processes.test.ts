/** Children of the local stack: a TypeScript child stopped on a busy machine gets its signal once. */
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
