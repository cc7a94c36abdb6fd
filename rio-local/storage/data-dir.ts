/**
 * The data folder holds the JWT secret and every customer's state: only its owner may read it.
 * The folder is kept at 0700 and its files at 0600, also when they already existed with looser
 * modes (created by an older version or under another umask).
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'

export const DATA_DIR_MODE = 0o700
export const DATA_FILE_MODE = 0o600

/** Creates `dir` (and parents) if needed and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE })
  chmodSync(dir, DATA_DIR_MODE)
}

/** Creates `file` empty if missing (so whoever opens it next inherits 0600) and makes it 0600. */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', DATA_FILE_MODE))
  chmodSync(file, DATA_FILE_MODE)
}

/** Makes existing `files` 0600 (missing ones are skipped: SQLite creates its WAL files lazily). */
export function restrictFiles(files: string[]): void {
  for (const file of files) if (existsSync(file)) chmodSync(file, DATA_FILE_MODE)
}
