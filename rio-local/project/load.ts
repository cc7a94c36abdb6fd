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
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import { HttpError } from '../runtime/responses'
import { installClassResolution } from './aliases'
import { checkClassDependencies, explainMissingModule } from './dependencies'
import { ensureGeneratedClients } from './generate'
import { ProjectError } from './errors'
import { createModelRegistry, type ModelRegistry } from './models'
import { parseScheduleExpression, ScheduleExpressionError, type ScheduleExpression } from '../runtime/engine/tasks/schedule-expression'
import type { ClassHandler, LoadedClass, LoadedMethod, MethodType } from '../runtime/engine/types'
import { subscriptionsOf } from '../runtime/engine/events/subscriptions'
import { isRecord } from '../is-record'

/** The project folder of this repo (`retter/`), used when RIO_LOCAL_PROJECT_DIR is unset. */
export const DEFAULT_PROJECT_DIR = resolve(__dirname, '..', '..', 'retter')

export interface LoadedProject {
  dir: string
  /** From rio.json (the project id `rio deploy` targets). */
  rioProjectId: string | undefined
  classes: Map<string, LoadedClass>
  models: ModelRegistry
  /**
   * What loads but cannot run, one line each (e.g. a method whose handler the code does not
   * export: rio-cli accepts it and Retter fails only that method); the runtime logs them at start.
   */
  warnings: string[]
}

export { ProjectError }

const METHOD_TYPES: MethodType[] = ['READ', 'WRITE', 'STATIC', 'QUEUED_WRITE']

type YamlRecord = Record<string, unknown>

/** A class being loaded: its project, id and folder. */
interface ClassSource {
  root: string
  classId: string
  classDir: string
  /** Collects the project's warnings. */
  warnings: string[]
  /** `classes/<C>/template.yml:<line>` of a key path in the template, for messages. */
  at(path: Array<string | number>): string
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

/** True when `err` says that `modulePath` itself (not something it imports) does not exist. */
function isMissingFile(err: unknown, modulePath: string): boolean {
  return (err as { code?: unknown }).code === 'MODULE_NOT_FOUND' && err instanceof Error && err.message.startsWith(`Cannot find module '${modulePath}'`)
}

/**
 * `file.function` -> the function. A handler the code does not have (no such export, no such
 * file) loads as a stand-in that answers 500 HANDLER_NOT_FOUND and is listed in the project's
 * warnings: rio-cli accepts such a template and Retter fails only that method. A malformed
 * handler string is a ProjectError naming the template line.
 */
function resolveHandler(source: ClassSource, spec: unknown, where: string, path: Array<string | number>): ClassHandler {
  if (typeof spec !== 'string' || !/^[\w./-]+\.[A-Za-z_$][\w$]*$/.test(spec)) {
    throw new ProjectError(`${where} (${source.at(path)}): a handler is "file.function", got ${JSON.stringify(spec)}`)
  }
  const dot = spec.lastIndexOf('.')
  const file = spec.slice(0, dot)
  const fn = spec.slice(dot + 1)
  const modulePath = join(source.classDir, file)
  let handler: unknown
  let problem: string
  try {
    handler = requireClassFile(source, modulePath)[fn]
    problem = `classes/${source.classId}/${file} exports no function "${fn}"`
  } catch (err) {
    if (!isMissingFile(err, modulePath)) throw err
    problem = `there is no file classes/${source.classId}/${file}(.ts|.js)`
  }
  if (typeof handler === 'function') return handler as ClassHandler
  const message = `${where} (${source.at(path)}): handler "${spec}" cannot run: ${problem}`
  source.warnings.push(message)
  return () => {
    throw new HttpError(500, 'HANDLER_NOT_FOUND', message)
  }
}

function modelName(value: unknown, models: ModelRegistry, where: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !models.has(value)) throw new ProjectError(`${where}: there is no model ${JSON.stringify(value)} in models/`)
  return value
}

/** A lifecycle key: a handler string, or `{handler, inputModel, ...}` (init and get). */
function lifecycle(source: ClassSource, tpl: YamlRecord, key: string, models: ModelRegistry) {
  const value = tpl[key]
  if (value === undefined) return { handler: undefined, inputModel: undefined, outputModel: undefined, errorModel: undefined }
  const where = `${source.classId}/template.yml ${key}`
  if (isRecord(value)) {
    return {
      handler: resolveHandler(source, value.handler, where, [key, 'handler']),
      inputModel: modelName(value.inputModel, models, `${where}.inputModel`),
      outputModel: modelName(value.outputModel, models, `${where}.outputModel`),
      errorModel: modelName(value.errorModel, models, `${where}.errorModel`),
    }
  }
  return { handler: resolveHandler(source, value, where, [key]), inputModel: undefined, outputModel: undefined, errorModel: undefined }
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

/**
 * Documented template keys the runtime cannot emulate: a project using one is refused at load, as
 * running it without would take another path than on Retter.
 */
const REFUSED_CLASS_KEYS: Record<string, string> = {
  destroy: 'the "destroy" delegate (it runs when rdk.deleteInstance deletes an instance, which the local runtime does not do)',
  destinations: 'state "destinations" (Retter forwards state changes to external services the local runtime has no counterpart for)',
  subscriptions: 'event "subscriptions" at class level (Retter\'s Events page declares them on a method, which rio-local runs; a class-level list is not documented)',
}
const REFUSED_METHOD_KEYS: Record<string, string> = {}
/** Documented keys that change nothing a local run can observe: loaded with a warning naming them. */
const NOTED_KEYS: Record<string, string> = {
  accelerated: 'instance caching, nothing to observe locally',
  logMasks: 'log masking applies to Retter\'s log store; the local log is the terminal',
  cors: 'per-class and per-method CORS: the local runtime answers the origins of RIO_LOCAL_ALLOWED_ORIGINS',
  timeout: 'a QUEUED_WRITE timeout: local handlers are not cut off',
}
// `description` and `tag` only document: they are read and have nothing to run.
const CLASS_KEYS = new Set(['init', 'get', 'getState', 'getInstanceId', 'authorizer', 'methods', 'dependencies', 'description'])
const METHOD_KEYS = new Set(['method', 'type', 'handler', 'inputModel', 'queryStringModel', 'queryStringInputModel', 'outputModel', 'errorModel', 'schedule', 'subscriptions', 'description', 'tag'])

/** A reader of template line numbers: `classes/<C>/template.yml:<line>` of a key path. */
function lineFinder(classId: string, doc: Document, lines: LineCounter): (path: Array<string | number>) => string {
  return (path) => {
    let node: unknown = doc.contents
    let offset: number | undefined
    for (const step of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === step)
        offset = (pair?.key as { range?: [number, number] } | undefined)?.range?.[0] ?? offset
        node = pair?.value
      } else if (isSeq(node) && typeof step === 'number') {
        node = node.items[step]
        offset = (node as { range?: [number, number] } | undefined)?.range?.[0] ?? offset
      } else {
        break
      }
    }
    return `classes/${classId}/template.yml${offset === undefined ? '' : `:${lines.linePos(offset).line}`}`
  }
}

/** Refuses the documented features the runtime cannot emulate; notes the ones that change nothing locally. */
function checkFeatures(source: ClassSource, tpl: Template): void {
  const check = (record: YamlRecord, known: Set<string>, refused: Record<string, string>, path: Array<string | number>, what: string) => {
    for (const key of Object.keys(record)) {
      const where = source.at([...path, key])
      const refusal = refused[key]
      if (refusal) throw new ProjectError(`${where}: ${what} uses ${refusal}. rio-local cannot run it; remove "${key}" to run the rest locally.`)
      if (known.has(key)) continue
      const noted = NOTED_KEYS[key]
      source.warnings.push(noted ? `${where}: "${key}" is loaded but not emulated (${noted})` : `${where}: "${key}" is not a key Retter documents for ${what}; ignored`)
    }
  }
  check(tpl, CLASS_KEYS, REFUSED_CLASS_KEYS, [], `class ${source.classId}`)
  tpl.methods.forEach((m, i) => {
    if (isRecord(m)) check(m, METHOD_KEYS, REFUSED_METHOD_KEYS, ['methods', i], `method ${String(m.method)} of ${source.classId}`)
  })
}

/** Reads and checks a class's template.yml, its `dependencies:` included; requires no class code. */
function readTemplate(source: Omit<ClassSource, 'at'>): { source: ClassSource; tpl: Template } {
  const { classId } = source
  const lines = new LineCounter()
  let doc: Document
  let tpl: unknown
  try {
    doc = parseDocument(readFileSync(join(source.classDir, 'template.yml'), 'utf8'), { lineCounter: lines })
    if (doc.errors.length > 0) throw doc.errors[0]
    tpl = doc.toJS()
  } catch (err) {
    throw new ProjectError(`${classId}/template.yml is not valid YAML: ${err instanceof Error ? err.message : String(err)}`)
  }
  const withLines: ClassSource = { ...source, at: lineFinder(classId, doc, lines) }
  if (!isRecord(tpl)) throw new ProjectError(`${classId}/template.yml must be a mapping`)
  // rio-cli 1.7's generate (and so deploy) crashes without it: catch it here first.
  if (!Array.isArray(tpl.methods)) throw new ProjectError(`${classId}/template.yml needs a "methods:" list (it may be empty: "methods: []")`)
  checkClassDependencies(source.root, classId, tpl.dependencies)
  checkFeatures(withLines, tpl as Template)
  return { source: withLines, tpl: tpl as Template }
}

function loadClass(source: ClassSource, tpl: Template, models: ModelRegistry): LoadedClass {
  const { classId } = source
  const init = lifecycle(source, tpl, 'init', models)
  const get = lifecycle(source, tpl, 'get', models)
  const single = (key: string) => (tpl[key] === undefined ? undefined : resolveHandler(source, tpl[key], `${classId}/template.yml ${key}`, [key]))
  const methods: LoadedMethod[] = tpl.methods.map((m: unknown, i: number) => {
    const where = `${classId}/template.yml methods[${i}]`
    if (!isRecord(m) || typeof m.method !== 'string' || m.method === '') throw new ProjectError(`${where}: "method" (a name) is required`)
    const type = (m.type ?? 'WRITE') as MethodType
    if (!METHOD_TYPES.includes(type)) throw new ProjectError(`${where}: type ${JSON.stringify(type)} is not one rdk 1.1.15 knows; it must be one of ${METHOD_TYPES.join(', ')}`)
    return {
      method: m.method,
      type,
      description: typeof m.description === 'string' ? m.description : undefined,
      inputModel: modelName(m.inputModel, models, `${where}.inputModel`),
      queryStringModel: modelName(m.queryStringModel ?? m.queryStringInputModel, models, `${where}.queryStringModel`),
      outputModel: modelName(m.outputModel, models, `${where}.outputModel`),
      errorModel: modelName(m.errorModel, models, `${where}.errorModel`),
      handler: resolveHandler(source, m.handler, `${classId}.${m.method}`, ['methods', i, 'handler']),
      schedule: scheduleOf(m, type, where),
      subscriptions: subscriptionsOf(m.subscriptions, type, where),
    }
  })
  return {
    classId,
    init: init.handler,
    initInputModel: init.inputModel,
    initOutputModel: init.outputModel,
    initErrorModel: init.errorModel,
    get: get.handler,
    getOutputModel: get.outputModel,
    getErrorModel: get.errorModel,
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
  const warnings: string[] = []
  for (const classId of readdirSync(classesDir).sort()) {
    const classDir = join(classesDir, classId)
    if (!statSync(classDir).isDirectory() || !existsSync(join(classDir, 'template.yml'))) continue
    templates.push(readTemplate({ root, classId, classDir, warnings }))
  }
  ensureGeneratedClients(root, templates.map((t) => t.source.classDir), warnings)
  installClassResolution()
  const classes = new Map<string, LoadedClass>()
  for (const { source, tpl } of templates) classes.set(source.classId, loadClass(source, tpl, models))
  return { dir: root, rioProjectId: isRecord(rio) && typeof rio.projectId === 'string' ? rio.projectId : undefined, classes, models, warnings }
}
