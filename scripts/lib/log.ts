/**
 * Console output of the orchestration scripts. Writes to stdout/stderr directly (no console.log in
 * shipped code) and prefixes every line of a child process with its name, so interleaved output of
 * the emulator, the backend and Next stays readable.
 */
import type { Readable } from 'node:stream'

const COLOURS = [36, 35, 33, 32, 34] as const
const useColour = process.stdout.isTTY === true && !process.env.NO_COLOR
let nextColour = 0

function paint(text: string, code: number): string {
  return useColour ? `\u001b[${code}m${text}\u001b[0m` : text
}

/** Prints one line of the script's own output. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** Prints one line to stderr (problems the user must act on). */
export function warn(line: string): void {
  process.stderr.write(`${line}\n`)
}

/** Returns a prefix like `[backend] ` in a colour of its own (stable per name within a run). */
export function makePrefix(name: string, width: number): string {
  const colour = COLOURS[nextColour++ % COLOURS.length] ?? 36
  return paint(`[${name}]`.padEnd(width + 2), colour) + ' '
}

/**
 * Calls `onLine` with each line of `stream` (without its line break). A partial last line is
 * passed on when the stream ends, so nothing a crashing child printed is lost.
 */
export function forEachLine(stream: Readable, onLine: (line: string) => void): void {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    pending += chunk
    const lines = pending.split(/\r?\n/)
    pending = lines.pop() ?? ''
    for (const line of lines) onLine(line)
  })
  stream.on('end', () => {
    if (pending) onLine(pending)
    pending = ''
  })
}

/**
 * Terminal control a child writes for its own spinner (hide or show the cursor, ESC [ ? 25 l/h):
 * Next prints "show" as it stops, which reached the shared terminal as its own prefixed line and
 * showed up raw (`^[[?25h`) after Ctrl-C. The stack's terminal belongs to the stack.
 */
const CURSOR_CONTROL = /\u001b\[\?25[hl]/g

/** Copies `stream` to `out` line by line, each line prefixed; a line that was only cursor control is dropped. */
export function pipeWithPrefix(stream: Readable, prefix: string, out: NodeJS.WritableStream): void {
  forEachLine(stream, (line) => {
    const text = line.replace(CURSOR_CONTROL, '')
    if (text === '' && line !== '') return
    out.write(`${prefix}${text}\n`)
  })
}
