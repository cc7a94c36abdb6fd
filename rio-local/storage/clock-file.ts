/**
 * The test clock's offset, kept in `<dir>/test-clock.json` (dev mode, SQLite storage), so a restart
 * on the same data folder does not send business time back: delayed calls the moved clock made due
 * stay due, and run, after a crash in the middle of a move.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { DATA_FILE_MODE, ensurePrivateDir } from './data-dir'

const FILE = 'test-clock.json'

/**
 * The stored offset (ms), 0 when there is none.
 * @throws Error naming the file when it holds anything but `{"offsetMs": N}` with N ≥ 0
 */
export function loadClockOffset(dir: string): number {
  const file = join(dir, FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw err
  }
  let offset: unknown
  try {
    offset = (JSON.parse(text) as { offsetMs?: unknown }).offsetMs
  } catch {
    offset = undefined
  }
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new Error(`${file} must hold {"offsetMs": N} with N a whole number ≥ 0 (the test clock's offset); delete it to start the clock at the wall clock again`)
  }
  return offset
}

/** Stores the offset durably before the clock moves on it (written whole, then renamed over the old one). */
export function saveClockOffset(dir: string, offsetMs: number): void {
  ensurePrivateDir(dir)
  const file = join(dir, FILE)
  const temp = `${file}.${process.pid}.tmp`
  const fd = openSync(temp, 'w', DATA_FILE_MODE)
  try {
    writeSync(fd, `${JSON.stringify({ offsetMs: Math.round(offsetMs) })}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
}
