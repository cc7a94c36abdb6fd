/**
 * The first-load rules (./first-load-rules.ts) hold on the app's sources, and the checker finds a
 * forbidden static import however deep, while `import()` and type-only imports stay allowed.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FIRST_LOAD_RULES, describeViolation, firstLoadViolations, type FirstLoadRule } from './first-load-rules'
import { staticSpecifiers } from './static-imports'

const root = path.resolve(__dirname, '../..')

test('no visitor page statically imports what must load later', () => {
  expect(firstLoadViolations(root).map(describeViolation)).toEqual([])
})

test('every entry and every forbidden source module the rules name exists', () => {
  for (const rule of FIRST_LOAD_RULES) {
    for (const file of [...rule.entries, ...rule.forbidden.filter((module) => !module.startsWith('npm:'))]) {
      expect({ rule: rule.name, file, exists: fs.existsSync(path.join(root, file)) }).toEqual({ rule: rule.name, file, exists: true })
    }
  }
})

describe('the checker', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'))
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    }
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', jsx: 'preserve', paths: { '@/*': ['./*'] } } }))
    write('pages/index.tsx', "import { Page } from '@/components/Page'\nexport default Page\n")
    write('components/Page.tsx', "import { helper } from '../lib/helper'\nimport type { Heavy } from '../lib/heavy'\nexport const Page = () => helper()\nexport type { Heavy }\n")
    write('lib/helper.ts', "export { mapped as helper } from './heavy-user'\n")
    write('lib/heavy-user.ts', "import { heavy } from './heavy'\nexport const mapped = () => heavy\n")
    write('lib/heavy.ts', 'export const heavy = 1\nexport type Heavy = number\n')
    write('lib/later.ts', "export const later = () => import('./heavy')\n")
    write('pages/later.tsx', "import { later } from '../lib/later'\nimport { type Heavy } from '../lib/heavy'\nexport default later\nexport type { Heavy }\n")
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  const rule = (entries: string[]): FirstLoadRule => ({ name: 'test', entries, forbidden: ['lib/heavy.ts'], why: 'heavy' })

  test('names the whole chain of a forbidden static import, through re-exports and the @/ path', () => {
    const [violation, ...rest] = firstLoadViolations(dir, [rule(['pages/index.tsx'])])
    expect(rest).toEqual([])
    expect(violation?.chain).toEqual(['pages/index.tsx', 'components/Page.tsx', 'lib/helper.ts', 'lib/heavy-user.ts', 'lib/heavy.ts'])
    expect(describeViolation(violation!)).toContain('pages/index.tsx -> components/Page.tsx -> lib/helper.ts -> lib/heavy-user.ts -> lib/heavy.ts')
  })

  test('a dynamic import() or a type-only import is not a static import', () => {
    expect(firstLoadViolations(dir, [rule(['pages/later.tsx'])])).toEqual([])
  })

  test('an entry that does not exist is an error, not a pass', () => {
    expect(() => firstLoadViolations(dir, [rule(['pages/missing.tsx'])])).toThrow('Entry pages/missing.tsx does not exist.')
  })
})

test('static specifiers: value imports, re-exports and side-effect imports; not types or import()', () => {
  const text = [
    "import a from 'a'", "import { b } from 'b'", "import 'c'", "export { d } from 'd'", "export * from 'e'",
    "import type { F } from 'f'", "import { type G } from 'g'", "export type { H } from 'h'", "const i = import('i')",
    "import { type J, k } from 'k'",
  ].join('\n')
  expect(staticSpecifiers('x.ts', text)).toEqual(['a', 'b', 'c', 'd', 'e', 'k'])
})
