/**
 * Retter's own CLI (rio-cli 1.7.0) accepts our project: `rio generate` (what `rio deploy` runs
 * first, offline) reads rio.json, every template.yml and the models, and writes each class's rio.ts;
 * and its Dependencies code (dist/lib/Dependencies.js, what `rio deploy` uses to pick and zip the
 * project's dependencies) finds and zips every dependency a template.yml lists.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { preProcessFile } from 'typescript'
import { parse as parseYaml } from 'yaml'
import { DEPENDENCIES_FOLDER } from '../project/dependencies'
import { DEFAULT_PROJECT_DIR } from '../project/load'

const RIO = resolve(__dirname, '..', '..', 'node_modules', '.bin', 'rio')
const RIO_CLI = resolve(__dirname, '..', '..', 'node_modules', '@retter', 'rio-cli')
const DEPENDENCIES_DIR = join(DEFAULT_PROJECT_DIR, DEPENDENCIES_FOLDER)

test('rio generate accepts retter/ and generates a client for every class and method', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-generate-'))
  try {
    cpSync(DEFAULT_PROJECT_DIR, join(dir, 'project'), { recursive: true, filter: (src) => !src.endsWith('rio.ts') })
    // HOME: rio-cli keeps its profiles in ~/.rio-cli; generate needs none, and must not touch the user's.
    await promisify(execFile)(RIO, ['generate'], { cwd: join(dir, 'project'), env: { ...process.env, HOME: dir }, timeout: 60_000 })
    for (const [classId, methods] of Object.entries({ Account: ['sendOtp', 'verifyOtp', 'getSubscriptionPlans', 'selectPlan', 'recordShipment'], AWS: ['describe'], Roastery: ['syncDelivery', 'markShipped', 'markAllShipped'] })) {
      const generated = join(dir, 'project', 'classes', classId, 'rio.ts')
      expect(existsSync(generated)).toBe(true)
      const text = readFileSync(generated, 'utf8')
      expect(text).toContain('auto generated')
      for (const method of methods) expect(text).toContain(method)
    }
    expect(readFileSync(join(dir, 'project', 'classes', 'Account', 'rio.ts'), 'utf8')).toMatch(/interface VerifyOtpInput/)
    expect(readFileSync(join(dir, 'project', 'classes', 'Roastery', 'rio.ts'), 'utf8')).toMatch(/interface RoasterySyncDeliveryInput/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 90_000)

/** Every file under `dir`, as paths relative to it with "/" separators, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : entry.isFile() ? [`${prefix}${entry.name}`] : []))
    .sort()
}

interface RioCliView {
  /** `dependencies:` of each class's template.yml, as rio-cli parses it. */
  perClass: Record<string, string[]>
  /** Dependencies.getListedDependencies: the names `rio deploy` looks for. */
  listed: string[]
  /** Dependencies.getDependenciesWithContents: each local dependency's zip, as entry names. */
  zips: Record<string, string[]>
}

/**
 * What rio-cli 1.7.0's own code makes of retter/, run as `rio deploy` runs it (from the project
 * folder): ProjectManager.preDeployment uploads the names getListedDependencies answers for which
 * getDependenciesWithContents has a zip, and silently skips the others.
 */
async function rioCliView(home: string): Promise<RioCliView> {
  const script = `
    const RIO = process.env.RIO_CLI_PACKAGE
    const { Dependencies } = require(RIO + '/dist/lib/Dependencies')
    const { Project } = require(RIO + '/dist/lib/Project')
    const AdmZip = require(require.resolve('adm-zip', { paths: [RIO] }))
    const classes = Project.listClassNames()
    const perClass = Object.fromEntries(classes.map((c) => [c, Project.getLocalClassTemplate(c).dependencies || []]))
    const zips = Object.fromEntries(Dependencies.getDependenciesWithContents()
      .map((d) => [d.dependencyName, new AdmZip(d.zip).getEntries().filter((e) => !e.isDirectory).map((e) => e.entryName).sort()]))
    console.log(JSON.stringify({ perClass, listed: Dependencies.getListedDependencies(classes), zips }))
  `
  // HOME: rio-cli zips through ~/.rio-cli/.tmp; keep it away from the user's.
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: DEFAULT_PROJECT_DIR,
    env: { ...process.env, HOME: home, RIO_CLI_PACKAGE: RIO_CLI, NODE_NO_WARNINGS: '1' },
    timeout: 60_000,
  })
  return JSON.parse(stdout) as RioCliView
}

test('rio deploy would ship every dependency a template.yml lists, each folder zipped whole as nodejs/node_modules/<name>', async () => {
  const home = mkdtempSync(join(tmpdir(), 'rio-deps-'))
  try {
    const { perClass, listed, zips } = await rioCliView(home)
    expect(Object.keys(perClass).sort()).toEqual(['AWS', 'Account', 'Directory', 'MailDesk', 'Mailer', 'Numbering', 'Roastery', 'Shop'])
    for (const [classId, names] of Object.entries(perClass)) {
      expect([classId, names.length <= 5]).toEqual([classId, true])
      for (const name of names) expect([classId, name, name in zips]).toEqual([classId, name, true])
    }
    // Every folder is some class's dependency: one no class lists is never uploaded.
    expect([...listed].sort()).toEqual(readdirSync(DEPENDENCIES_DIR).sort())
    for (const name of listed) {
      const shipped = filesUnder(join(DEPENDENCIES_DIR, name)).map((file) => `nodejs/node_modules/${name}/${file}`)
      expect(zips[name]).toEqual(shipped)
      // require('<name>') on Retter finds index.ts there, as in an npm package; no test file rides along.
      expect(zips[name]).toContain(`nodejs/node_modules/${name}/index.ts`)
      expect(zips[name]?.filter((entry) => /\.test\.[jt]sx?$/.test(entry))).toEqual([])
    }
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}, 90_000)

test('every npm package a dependency imports is in its package.json, and a runtime one in the package.json of each class that lists it', () => {
  const readJson = (path: string) => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string> | undefined>) : {})
  const listedBy = Object.fromEntries(readdirSync(join(DEFAULT_PROJECT_DIR, 'classes')).map((classId) => [
    classId, (parseYaml(readFileSync(join(DEFAULT_PROJECT_DIR, 'classes', classId, 'template.yml'), 'utf8')) as { dependencies?: string[] }).dependencies ?? [],
  ]))
  const dependencyNames = readdirSync(DEPENDENCIES_DIR)
  const problems: string[] = []
  let checked = 0
  for (const name of dependencyNames) {
    const manifest = readJson(join(DEPENDENCIES_DIR, name, 'package.json'))
    const listers = Object.keys(listedBy).filter((classId) => listedBy[classId]?.includes(name))
    const imported = new Set<string>()
    for (const file of filesUnder(join(DEPENDENCIES_DIR, name)).filter((f) => /\.[jt]s$/.test(f))) {
      for (const { fileName } of preProcessFile(readFileSync(join(DEPENDENCIES_DIR, name, file), 'utf8'), true, true).importedFiles) {
        if (fileName.startsWith('.') || fileName.startsWith('node:') || builtinModules.includes(fileName)) continue
        const parts = fileName.split('/')
        const pkg = fileName.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string)
        if (!dependencyNames.includes(pkg)) imported.add(pkg)
      }
    }
    for (const pkg of imported) {
      checked++
      const runtime = manifest.dependencies?.[pkg]
      if (!runtime && !manifest.devDependencies?.[pkg]) problems.push(`dependencies/${name} imports ${pkg}, which its package.json does not declare`)
      if (!runtime) continue
      for (const classId of listers) {
        const declared = readJson(join(DEFAULT_PROJECT_DIR, 'classes', classId, 'package.json')).dependencies?.[pkg]
        if (declared !== runtime) problems.push(`classes/${classId}/package.json has ${pkg} ${declared ?? '(none)'}, dependencies/${name} needs ${runtime}`)
      }
    }
  }
  expect(problems).toEqual([])
  // postcode-validator (BeanBloomSubscription) and @retter/rdk's types (BeanBloomIdentity) at least.
  expect(checked).toBeGreaterThanOrEqual(2)
})
