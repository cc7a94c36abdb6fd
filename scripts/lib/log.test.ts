/** A child's lines on the stack's terminal (scripts/lib/log.ts): prefixed, without its cursor control. */
import { PassThrough } from 'node:stream'
import { pipeWithPrefix } from './log'

test('cursor show/hide a child writes as it stops never reaches the terminal raw', async () => {
  const child = new PassThrough()
  const written: string[] = []
  const out = new PassThrough()
  out.on('data', (chunk: Buffer) => written.push(chunk.toString()))
  pipeWithPrefix(child, '[next] ', out)
  child.end('\u001b[?25lReady in 2s\n\n\u001b[?25h\n')
  await new Promise((resolve) => setImmediate(resolve))
  expect(written.join('')).toBe('[next] Ready in 2s\n[next] \n')
})
