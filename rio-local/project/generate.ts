/**
 * `rio deploy` runs `rio generate` first, which writes each class's `rio.ts` (typed clients of the
 * project's classes and its models' types), and class code imports it as `./rio`. A project as
 * kept in git usually has no `rio.ts` (it is generated), so the loader does the same before it
 * requires any class code: it runs this repo's rio-cli in the project folder, or, without it,
 * says in one line what to run.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { ProjectError } from './errors'

/** rio-cli's binary in this repo's node_modules (a devDependency). */
const RIO_CLI = resolve(__dirname, '..', '..', 'node_modules', '.bin', 'rio')
const IMPORTS_RIO = /(?:from\s+|require\(\s*)['"]\.\/rio['"]/

/** Source files of a class folder (and its subfolders, not node_modules) that import `./rio`. */
function importsGeneratedClient(classDir: string): boolean {
  for (const entry of readdirSync(classDir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    const path = join(classDir, entry)
    if (statSync(path).isDirectory()) continue
    if (/\.(ts|js)$/.test(entry) && !/^rio\.(ts|js)$/.test(entry) && IMPORTS_RIO.test(readFileSync(path, 'utf8'))) return true
  }
  return false
}

/**
 * Runs `rio generate` in `root` when a class imports `./rio` and has none, as `rio deploy` would.
 * @param classDirs the project's class folders
 * @param warnings gets one line saying that it ran, and for which classes
 * @throws ProjectError with the one command to run, when rio-cli is not installed or fails
 */
export function ensureGeneratedClients(root: string, classDirs: string[], warnings: string[]): void {
  const missing = classDirs.filter((dir) => !existsSync(join(dir, 'rio.ts')) && !existsSync(join(dir, 'rio.js')) && importsGeneratedClient(dir))
  if (missing.length === 0) return
  const names = missing.map((dir) => `classes/${basename(dir)}`).join(', ')
  const advice = `${names} import ./rio, which rio-cli generates: run "npx @retter/rio-cli generate" (or "rio generate") in ${root} (rio deploy runs it first)`
  if (!existsSync(RIO_CLI)) throw new ProjectError(advice)
  // rio-cli keeps profiles in ~/.rio-cli; generate needs none and must not touch the user's.
  const home = mkdtempSync(join(tmpdir(), 'rio-generate-home-'))
  try {
    execFileSync(RIO_CLI, ['generate'], { cwd: root, env: { ...process.env, HOME: home }, timeout: 120_000, stdio: 'pipe' })
  } catch (err) {
    const said = String((err as { stderr?: unknown }).stderr ?? (err instanceof Error ? err.message : err)).trim().split('\n')[0]
    throw new ProjectError(`${advice}; running it here failed: ${said}`)
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
  const still = missing.filter((dir) => !existsSync(join(dir, 'rio.ts')))
  if (still.length > 0) throw new ProjectError(`${advice}; "rio generate" ran but wrote no rio.ts for ${still.map((d) => basename(d)).join(', ')}`)
  warnings.push(`ran "rio generate" in ${root}, as rio deploy does: ${names} had no rio.ts`)
}
