/** The JWT secret generated once into the data folder (when RIO_JWT_SECRET is not set). */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Reads `<dir>/jwt-secret`, creating it (mode 0600) with 48 random bytes on first use.
 * @param dir the data folder
 */
export function loadOrCreateSecret(dir: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'jwt-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const secret = randomBytes(48).toString('base64url')
  // 'wx' fails if another process created it meanwhile; then theirs wins.
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    return secret
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw err
  }
}
