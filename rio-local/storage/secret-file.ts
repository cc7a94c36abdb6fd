/** The JWT secret generated once into the data folder (when RIO_JWT_SECRET is not set). */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MIN_SECRET_LENGTH, secretWeakness } from '../auth/secret-strength'
import { DATA_FILE_MODE, ensurePrivateDir, restrictFiles } from './data-dir'

/** A secret file too short or too predictable to sign with: the runtime refuses to start. */
export class WeakSecretError extends Error {
  constructor(file: string, weakness: string) {
    super(
      `The JWT secret in ${file} ${weakness}. ` +
        `Delete the file to have a strong one generated at the next start (every session then ends), ` +
        `or write a random secret of ${MIN_SECRET_LENGTH}+ characters into it (e.g. \`openssl rand -base64 48\`), ` +
        `or set RIO_JWT_SECRET.`,
    )
    this.name = 'WeakSecretError'
  }
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim()
  const weakness = secretWeakness(secret)
  if (weakness) throw new WeakSecretError(file, weakness)
  restrictFiles([file])
  return secret
}

/**
 * Reads `<dir>/jwt-secret`, creating it (mode 0600, folder 0700) with 48 random bytes on first use.
 * @param dir the data folder
 * @throws WeakSecretError when the file holds a secret that is too short or too predictable (secret-strength.ts)
 */
export function loadOrCreateSecret(dir: string): string {
  ensurePrivateDir(dir)
  const file = join(dir, 'jwt-secret')
  try {
    return readSecret(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const secret = randomBytes(48).toString('base64url')
  // 'wx' fails if another process created it meanwhile; then theirs wins.
  try {
    writeFileSync(file, secret + '\n', { mode: DATA_FILE_MODE, flag: 'wx' })
    return secret
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file)
    throw err
  }
}
