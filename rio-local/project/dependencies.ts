/**
 * Retter's project-level dependencies, applied the way Retter applies them.
 *
 * On Retter a project may hold `dependencies/<name>/` (JS or TS) beside `classes/`. rio-cli 1.7.0
 * zips each folder whole as `<name>/nodejs/node_modules/<name>` (a Lambda layer, its
 * dist/lib/Dependencies.js), `rio deploy` uploads the ones some template.yml lists, and Retter
 * mounts into a class the ones its own template.yml lists (`dependencies: [name]`, at most 5). So
 * `require('<name>')` resolves like an npm package in a class that lists it, and in no other.
 *
 * Here the same rule runs at module resolution: under tsx/node through the hook of aliases.ts,
 * under jest through jest-resolver.js. A bare request from class code goes to `dependencies/<name>`
 * only when that class lists `<name>`; from a dependency's own code, only when every class that
 * lists that dependency lists `<name>` too (on Retter a dependency sees the layers of whichever
 * class runs it). Anything else resolves as if this module did not exist, so an unlisted name ends
 * in the usual "Cannot find module", which the loader turns into a ProjectError saying which line
 * to add (`explainMissingModule`).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { ProjectError } from './errors'
import { isRecord } from '../is-record'

/** rio-cli's RIO_CLI_DEPENDENCIES_FOLDER: `dependencies/` at the project root. */
export const DEPENDENCIES_FOLDER = 'dependencies'
/** Retter's limit on the dependencies one class lists. */
export const MAX_DEPENDENCIES_PER_CLASS = 5

/** A folder name a template can list and `require()` can name: no path separators, no dot folders. */
const DEPENDENCY_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** True when `dependencies/<name>/` is a folder of the project in `root`. */
function isDependencyFolder(root: string, name: string): boolean {
  return DEPENDENCY_NAME.test(name) && isDirectory(join(root, DEPENDENCIES_FOLDER, name))
}

/** What `require('<folder>')` would load: index.js/index.ts, or an existing package.json `main`. */
function hasEntryPoint(folder: string): boolean {
  const candidates = ['index.js', 'index.ts']
  const manifest = join(folder, 'package.json')
  if (existsSync(manifest)) {
    try {
      const main = (JSON.parse(readFileSync(manifest, 'utf8')) as { main?: unknown }).main
      if (typeof main === 'string') candidates.push(main, `${main}.js`, `${main}.ts`, join(main, 'index.js'), join(main, 'index.ts'))
    } catch {
      // An unreadable package.json leaves index.js/index.ts, which Node would look for too.
    }
  }
  return candidates.some((file) => {
    try {
      return statSync(join(folder, file)).isFile()
    } catch {
      return false
    }
  })
}

/** The `dependencies:` lines to add to a template.yml for `name`. */
function listingLines(name: string): string {
  return `dependencies:\n  - ${name}`
}

/**
 * Checks a class's `dependencies:` at load and answers the names it lists: a list (or nothing) of
 * at most 5 distinct folder names, each a folder of `dependencies/` that `require()` can load.
 * @throws ProjectError naming the class, the entry and what is wrong
 */
export function checkClassDependencies(root: string, classId: string, value: unknown): string[] {
  const where = `${classId}/template.yml dependencies`
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    throw new ProjectError(`${where}: a list of dependency names (folders under ${DEPENDENCIES_FOLDER}/), e.g.\n${listingLines('MyLib')}`)
  }
  if (value.length > MAX_DEPENDENCIES_PER_CLASS) {
    throw new ProjectError(`${where}: ${value.length} dependencies listed; Retter allows at most ${MAX_DEPENDENCIES_PER_CLASS} per class`)
  }
  const names: string[] = []
  value.forEach((name: unknown, i: number) => {
    const entry = `${where}[${i}]`
    if (typeof name !== 'string' || !DEPENDENCY_NAME.test(name)) {
      throw new ProjectError(`${entry}: a dependency is the name of a folder under ${DEPENDENCIES_FOLDER}/ (letters, digits, ".", "_" and "-"), got ${JSON.stringify(name)}`)
    }
    if (names.includes(name)) throw new ProjectError(`${entry}: "${name}" is listed twice`)
    const folder = join(root, DEPENDENCIES_FOLDER, name)
    if (!isDirectory(folder)) {
      throw new ProjectError(`${entry}: there is no folder ${DEPENDENCIES_FOLDER}/${name}/ in the project (rio deploy would upload nothing for it, so require('${name}') would fail on Retter too)`)
    }
    if (!hasEntryPoint(folder)) {
      throw new ProjectError(`${entry}: ${DEPENDENCIES_FOLDER}/${name}/ has no index.ts or index.js (nor an existing package.json "main"), so require('${name}') would find nothing in it`)
    }
    names.push(name)
  })
  return names
}

// Templates as the resolver reads them, by path, kept while the file's mtime and size stay the same
// (tests write templates while a runtime is loaded).
const listedCache = new Map<string, { stamp: string; names: string[] }>()

/**
 * The names `classes/<classId>/template.yml` lists, read leniently: a template the loader would
 * refuse lists nothing here (the loader reports it with the reason).
 */
function listedBy(root: string, classId: string): string[] {
  const path = join(root, 'classes', classId, 'template.yml')
  let stamp: string
  try {
    const stat = statSync(path)
    stamp = `${stat.mtimeMs}:${stat.size}`
  } catch {
    return []
  }
  const cached = listedCache.get(path)
  if (cached && cached.stamp === stamp) return cached.names
  let names: string[] = []
  try {
    const tpl: unknown = parseYaml(readFileSync(path, 'utf8'))
    const list = isRecord(tpl) ? tpl.dependencies : undefined
    names = Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : []
  } catch {
    names = []
  }
  listedCache.set(path, { stamp, names })
  return names
}

/** Every class of the project in `root` whose template.yml lists `dependency`. */
function classesListing(root: string, dependency: string): string[] {
  const classesDir = join(root, 'classes')
  if (!isDirectory(classesDir)) return []
  return readdirSync(classesDir).sort().filter((classId) => listedBy(root, classId).includes(dependency))
}

// Project root (the folder holding rio.json) of each directory asked about; undefined: none.
const rootCache = new Map<string, string | undefined>()

function projectRootOf(dir: string): string | undefined {
  const start = resolve(dir)
  if (rootCache.has(start)) return rootCache.get(start)
  let root: string | undefined
  for (let at = start; ; at = resolve(at, '..')) {
    if (existsSync(join(at, 'rio.json'))) {
      root = at
      break
    }
    if (resolve(at, '..') === at) break
  }
  rootCache.set(start, root)
  return root
}

/** Where a file or folder sits in its project: `classes/<owner>` or `dependencies/<owner>` (npm packages excluded). */
function placeOf(path: string): { root: string; area: 'classes' | 'dependencies'; owner: string } | undefined {
  if (path.split(sep).includes('node_modules')) return undefined
  const root = projectRootOf(path)
  if (!root) return undefined
  const [area, owner] = relative(root, path).split(sep)
  if (!owner || (area !== 'classes' && area !== DEPENDENCIES_FOLDER)) return undefined
  return { root, area, owner }
}

function isBareSpecifier(request: string): boolean {
  return request !== '' && !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:') && !/^[A-Za-z]:[\\/]/.test(request)
}

/**
 * Where Retter would find a bare `request` (`name` or `name/sub/path`) made by code in `fromDir`:
 * the path under `dependencies/<name>` when the rule above mounts it there, else undefined
 * (resolve it as usual).
 */
export function dependencyRequestTarget(request: string, fromDir: string): string | undefined {
  if (!isBareSpecifier(request)) return undefined
  const place = placeOf(resolve(fromDir))
  if (!place) return undefined
  const name = request.split('/')[0] as string
  if (!isDependencyFolder(place.root, name)) return undefined
  if (place.area === 'classes') {
    if (!listedBy(place.root, place.owner).includes(name)) return undefined
  } else if (name !== place.owner) {
    const listers = classesListing(place.root, place.owner)
    if (listers.length === 0 || !listers.every((classId) => listedBy(place.root, classId).includes(name))) return undefined
  }
  return join(place.root, DEPENDENCIES_FOLDER, request)
}

interface ModuleNotFound {
  code: 'MODULE_NOT_FOUND'
  message: string
  requireStack?: string[]
}

// Duck-typed: jest throws its ModuleNotFoundError from outside the test's realm, where `instanceof Error` is false.
function isModuleNotFound(err: unknown): err is ModuleNotFound {
  if (typeof err !== 'object' || err === null) return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string'
}

/** The file whose require failed: Node's `requireStack[0]`, or jest's "from '<path relative to rootDir>'". */
function requirerOf(err: ModuleNotFound): string | undefined {
  if (err.requireStack && err.requireStack[0]) return err.requireStack[0]
  const fromJest = /^Cannot find module '[^']+' from '([^']+)'/.exec(err.message)
  return fromJest ? resolve(fromJest[1] as string) : undefined
}

/**
 * When loading class `classId` of the project in `root` failed because some code required a
 * dependency its class does not list, the ProjectError that says which template.yml line to add;
 * undefined for any other error (rethrow it as it is).
 */
export function explainMissingModule(err: unknown, root: string, classId: string): ProjectError | undefined {
  if (!isModuleNotFound(err)) return undefined
  const requested = /^Cannot find module '([^']+)'/.exec(err.message)?.[1]
  const name = requested?.split('/')[0]
  if (!requested || !name || !isBareSpecifier(requested) || !isDependencyFolder(root, name)) return undefined
  const requirer = requirerOf(err)
  const place = requirer ? placeOf(requirer) : undefined
  if (place && place.root === root && place.area === DEPENDENCIES_FOLDER) {
    const missing = classesListing(root, place.owner).filter((listing) => !listedBy(root, listing).includes(name))
    if (missing.length > 0) {
      return new ProjectError(
        `${DEPENDENCIES_FOLDER}/${place.owner} requires the dependency "${name}", but ${missing.join(', ')} ` +
          `list${missing.length === 1 ? 's' : ''} ${place.owner} without it (on Retter a dependency sees only the dependencies ` +
          `of the class running it). Add it to ${missing.map((c) => `classes/${c}/template.yml`).join(' and ')}:\n${listingLines(name)}`,
      )
    }
  }
  const where = requirer ? ` (in ${relative(root, requirer)})` : ''
  return new ProjectError(
    `${classId} requires the dependency "${name}"${where}, which classes/${classId}/template.yml does not list ` +
      `(Retter mounts only the dependencies a class lists). Add it to classes/${classId}/template.yml:\n${listingLines(name)}`,
  )
}
