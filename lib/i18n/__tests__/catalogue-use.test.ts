/**
 * The catalogue and the code agree: every key is shown somewhere (an unused key is a text nobody
 * reads, and a translator's wasted work), and the routing speaks exactly the catalogue's languages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'
import { CATALOGUE } from '@retter-shared/BeanBloomKit/i18n/messages'

const ROOT = path.resolve(__dirname, '../../..')
/** Where the catalogue's keys are used: the app and the classes (the catalogue's own folder excepted). */
const SOURCES = ['pages', 'components', 'contexts', 'lib', 'retter/classes', 'retter/dependencies']
const CATALOGUE_DIR = path.join(ROOT, 'retter/dependencies/BeanBloomKit/i18n/messages')
/** Keys built from data: the plan's id picks its name and description. */
const BUILT_FROM_DATA = [/^plans\.name\./, /^plans\.description\./]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (file === CATALOGUE_DIR || name === '__tests__' || name === 'node_modules') return []
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

test('every key of the catalogue is used by a page, a component or a class', () => {
  const code = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => readFileSync(file, 'utf8')).join('\n')
  const unused = Object.keys(CATALOGUE.en)
    .filter((key) => !BUILT_FROM_DATA.some((pattern) => pattern.test(key)))
    .filter((key) => !code.includes(`'${key}'`))
  expect(unused).toEqual([])
})

test('the routing serves exactly the catalogue\'s languages, English at the root', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- next.config.js is CommonJS
  const config = require('../../../next.config.js')('phase-production-build') as { i18n: { locales: string[]; defaultLocale: string } }
  expect(config.i18n.locales).toEqual([...LOCALES])
  expect(config.i18n.defaultLocale).toBe('en')
})
