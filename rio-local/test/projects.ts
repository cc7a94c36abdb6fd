/**
 * Temporary Retter project folders for tests: a copy of this repo's `retter/` plus extra class
 * folders and models. They live under rio-local/test/.projects/ (git-ignored) rather than the OS
 * temp folder so class code resolves npm packages (nodemailer) from the repo's node_modules.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DEFAULT_PROJECT_DIR } from '../project/load'

const PROJECTS_DIR = resolve(__dirname, '.projects')
export const FIXTURES_DIR = join(__dirname, 'fixtures')

export interface TempProject {
  dir: string
  /** Writes `content` to `relativePath` inside the project. */
  write(relativePath: string, content: string): void
  remove(): void
}

/** Our project plus `classes` (folders under fixtures/classes) and every fixture model. */
export function composeProject(options: { fixtureClasses?: string[] } = {}): TempProject {
  const dir = newProjectDir()
  cpSync(DEFAULT_PROJECT_DIR, dir, { recursive: true, filter: (src) => !src.includes('node_modules') && !src.endsWith('rio.ts') })
  for (const name of options.fixtureClasses ?? []) cpSync(join(FIXTURES_DIR, 'classes', name), join(dir, 'classes', name), { recursive: true })
  cpSync(join(FIXTURES_DIR, 'models'), join(dir, 'models'), { recursive: true })
  return tempProject(dir)
}

/** A project of its own: rio.json and empty classes/ and models/ folders, for tests of the loader. */
export function emptyProject(): TempProject {
  const dir = newProjectDir()
  writeFileSync(join(dir, 'rio.json'), JSON.stringify({ projectId: 'empty-project' }))
  mkdirSync(join(dir, 'classes'))
  mkdirSync(join(dir, 'models'))
  return tempProject(dir)
}

function newProjectDir(): string {
  mkdirSync(PROJECTS_DIR, { recursive: true })
  return mkdtempSync(join(PROJECTS_DIR, 'p-'))
}

function tempProject(dir: string): TempProject {
  return {
    dir,
    write(relativePath, content) {
      const path = join(dir, relativePath)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, content)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
