/**
 * Reads a Retter v1 project folder the way rio-cli does: `rio.json`, `classes/<Class>/template.yml`
 * (package `yaml`), `models/*.json` (plain JSON Schema, ajv + ajv-formats) and the `dependencies/`
 * each class lists, and resolves each `file.function` handler string to the function it names in
 * the class folder.
 *
 * Every template (and the dependencies it lists) is checked before any class code is required, and
 * class code is required only after `installClassResolution()`, so its `@retter/rdk` import gets the
 * local RDK and its dependency imports the folders it lists. Set the project environment before
 * calling: module-level code runs at require time.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { installClassResolution } from './aliases'
import { checkClassDependencies, explainMissingModule } from './dependencies'
import { ProjectError } from './errors'
import { createModelRegistry, type ModelRegistry } from './models'
import { parseScheduleExpression, ScheduleExpressionError, type ScheduleExpression } from '../runtime/tasks/schedule-expression'
import type { ClassHandler, LoadedClass, LoadedMethod, MethodType } from '../runtime/types'

/** The project folder of this repo (`retter/`), used when RIO_LOCAL_PROJECT_DIR is unset. */
export const DEFAULT_PROJECT_DIR = resolve(__dirname, '..', '..', 'retter')

export interface LoadedProject {
  dir: string
  /** From rio.json (the project id `rio deploy` targets). */
  rioProjectId: string | undefined
  classes: Map<string, LoadedClass>
  models: ModelRegistry
}

export { ProjectError }

const METHOD_TYPES: MethodType[] = ['READ', 'WRITE', 'STATIC', 'QUEUED_WRITE']

type YamlRecord = Record<string, unknown>

function isRecord(value: unknown): value is YamlRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A class being loaded: its project, id and folder. */
interface ClassSource {
  root: string
  classId: string
  classDir: string
}

/**
 * Requires a class file; a dependency the class does not list becomes a ProjectError saying what
 * to add to its template.yml.
 */
function requireClassFile(source: ClassSource, modulePath: string): Record<string, unknown> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- class files are found at run time, like Retter does
    return require(modulePath) as Record<string, unknown>
  } catch (err) {
    throw explainMissingModule(err, source.root, source.classId) ?? err
  }
}

/** `file.function` -> the function, or ProjectError naming the template key. */
function resolveHandler(source: ClassSource, spec: unknown, where: string): ClassHandler {
  if (typeof spec !== 'string' || !/^[\w./-]+\.[A-Za-z_$][\w$]*$/.test(spec)) {
    throw new ProjectError(`${where}: a handler is "file.function", got ${JSON.stringify(spec)}`)
  }
  const dot = spec.lastIndexOf('.')
  const file = spec.slice(0, dot)
  const fn = spec.slice(dot + 1)
  const mod = requireClassFile(source, join(source.classDir, file))
  const handler = mod[fn]
  if (typeof handler !== 'function') throw new ProjectError(`${where}: ${file} exports no function "${fn}" (handler "${spec}")`)
  return handler as ClassHandler
}

function modelName(value: unknown, models: ModelRegistry, where: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !models.has(value)) throw new ProjectError(`${where}: there is no model ${JSON.stringify(value)} in models/`)
  return value
}

/** A lifecycle key: a handler string, or `{handler, inputModel, ...}` (init and get). */
function lifecycle(source: ClassSource, tpl: YamlRecord, key: string, models: ModelRegistry) {
  const value = tpl[key]
  if (value === undefined) return { handler: undefined, inputModel: undefined }
  const where = `${source.classId}/template.yml ${key}`
  if (isRecord(value)) {
    return { handler: resolveHandler(source, value.handler, where), inputModel: modelName(value.inputModel, models, `${where}.inputModel`) }
  }
  return { handler: resolveHandler(source, value, where), inputModel: undefined }
}

/** A method's `schedule:` (STATIC methods only, as on Retter), checked at load. */
function scheduleOf(m: YamlRecord, type: MethodType, where: string): ScheduleExpression | undefined {
  if (m.schedule === undefined || m.schedule === null) return undefined
  if (type !== 'STATIC') throw new ProjectError(`${where}: only STATIC methods may have a schedule; "${String(m.method)}" is ${type}`)
  if (typeof m.schedule !== 'string') throw new ProjectError(`${where}.schedule: a schedule is a string, rate(…) or cron(…), got ${JSON.stringify(m.schedule)}`)
  try {
    return parseScheduleExpression(m.schedule)
  } catch (err) {
    if (err instanceof ScheduleExpressionError) throw new ProjectError(`${where}.schedule of "${String(m.method)}": ${err.message}`)
    throw err
  }
}

/** A template.yml that parsed, with the `methods:` list rio-cli needs. */
type Template = YamlRecord & { methods: unknown[] }

/** Reads and checks a class's template.yml, its `dependencies:` included; requires no class code. */
function readTemplate(source: ClassSource): Template {
  const { classId } = source
  let tpl: unknown
  try {
    tpl = parseYaml(readFileSync(join(source.classDir, 'template.yml'), 'utf8'))
  } catch (err) {
    throw new ProjectError(`${classId}/template.yml is not valid YAML: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (!isRecord(tpl)) throw new ProjectError(`${classId}/template.yml must be a mapping`)
  // rio-cli 1.7's generate (and so deploy) crashes without it: catch it here first.
  if (!Array.isArray(tpl.methods)) throw new ProjectError(`${classId}/template.yml needs a "methods:" list (it may be empty: "methods: []")`)
  checkClassDependencies(source.root, classId, tpl.dependencies)
  return tpl as Template
}

function loadClass(source: ClassSource, tpl: Template, models: ModelRegistry): LoadedClass {
  const { classId } = source
  const init = lifecycle(source, tpl, 'init', models)
  const get = lifecycle(source, tpl, 'get', models)
  const single = (key: string) => (tpl[key] === undefined ? undefined : resolveHandler(source, tpl[key], `${classId}/template.yml ${key}`))
  const methods: LoadedMethod[] = tpl.methods.map((m: unknown, i: number) => {
    const where = `${classId}/template.yml methods[${i}]`
    if (!isRecord(m) || typeof m.method !== 'string' || m.method === '') throw new ProjectError(`${where}: "method" (a name) is required`)
    const type = (m.type ?? 'WRITE') as MethodType
    if (!METHOD_TYPES.includes(type)) throw new ProjectError(`${where}: type must be one of ${METHOD_TYPES.join(', ')}`)
    return {
      method: m.method,
      type,
      description: typeof m.description === 'string' ? m.description : undefined,
      inputModel: modelName(m.inputModel, models, `${where}.inputModel`),
      queryStringModel: modelName(m.queryStringModel ?? m.queryStringInputModel, models, `${where}.queryStringModel`),
      handler: resolveHandler(source, m.handler, where),
      schedule: scheduleOf(m, type, where),
    }
  })
  return {
    classId,
    init: init.handler,
    initInputModel: init.inputModel,
    get: get.handler,
    getInstanceId: single('getInstanceId') as LoadedClass['getInstanceId'],
    authorizer: single('authorizer') as LoadedClass['authorizer'],
    getState: single('getState') as LoadedClass['getState'],
    methods,
  }
}

/**
 * Loads every class of the project in `dir`.
 * @throws ProjectError naming the file and key at fault
 */
export function loadProject(dir: string): LoadedProject {
  const root = resolve(dir)
  const rioJson = join(root, 'rio.json')
  if (!existsSync(rioJson)) throw new ProjectError(`${root} is not a Retter project: rio.json is missing`)
  let rio: unknown
  try {
    rio = JSON.parse(readFileSync(rioJson, 'utf8'))
  } catch {
    throw new ProjectError(`${rioJson} is not valid JSON`)
  }
  const models = createModelRegistry(join(root, 'models'))
  const classesDir = join(root, 'classes')
  if (!existsSync(classesDir)) throw new ProjectError(`${root} has no classes/ folder`)
  // Every template first: a dependency's code may be reached from any class that lists it.
  const templates: Array<{ source: ClassSource; tpl: Template }> = []
  for (const classId of readdirSync(classesDir).sort()) {
    const classDir = join(classesDir, classId)
    if (!statSync(classDir).isDirectory() || !existsSync(join(classDir, 'template.yml'))) continue
    const source = { root, classId, classDir }
    templates.push({ source, tpl: readTemplate(source) })
  }
  installClassResolution()
  const classes = new Map<string, LoadedClass>()
  for (const { source, tpl } of templates) classes.set(source.classId, loadClass(source, tpl, models))
  return { dir: root, rioProjectId: isRecord(rio) && typeof rio.projectId === 'string' ? rio.projectId : undefined, classes, models }
}
