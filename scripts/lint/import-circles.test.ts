/**
 * No import circle in the app (pages/, components/, contexts/, lib/), counting every kind of import:
 * static, type-only and dynamic `import()`. Lint's `import/no-cycle` skips type-only imports, so a
 * circle through a type (a module that needs only a type importing the module that loads the SDK)
 * would pass it; this walks the whole graph instead. Tests (`__tests__/`) are left out.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(__dirname, '../..')
const APP = ['pages', 'components', 'contexts', 'lib']
const SOURCE = /\.(?:ts|tsx|js)$/
const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js']

function sourceFiles(base: string, dir: string): string[] {
  return fs.readdirSync(path.join(base, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(base, relative)
    return SOURCE.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name) ? [relative] : []
  })
}

/** Every app module a file imports (static, type-only or dynamic), as repository paths. */
function importsOf(base: string, file: string, known: ReadonlySet<string>): string[] {
  const info = ts.preProcessFile(fs.readFileSync(path.join(base, file), 'utf8'), true, true)
  return info.importedFiles.flatMap(({ fileName: specifier }) => {
    const target = specifier.startsWith('@/') ? specifier.slice(2)
      : specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : null
    const resolved = target === null ? undefined : CANDIDATES.map((suffix) => target + suffix).find((candidate) => known.has(candidate))
    return resolved && resolved !== file ? [resolved] : []
  })
}

/** The import circles (strongly connected groups of two or more modules) under `base`'s folders. */
export function importCircles(base: string, folders: readonly string[]): string[][] {
  const files = folders.filter((folder) => fs.existsSync(path.join(base, folder))).flatMap((folder) => sourceFiles(base, folder))
  const known = new Set(files)
  const graph = new Map(files.map((file) => [file, importsOf(base, file, known)]))
  // Tarjan's strongly connected components.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string): void => {
    index.set(file, counter)
    low.set(file, counter)
    counter += 1
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) circles.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return circles
}

test('the app has no import circle, through types and dynamic imports too', () => {
  expect(importCircles(root, APP)).toEqual([])
})

test('a circle through a type-only and a dynamic import is found', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'))
  try {
    fs.mkdirSync(path.join(dir, 'lib'))
    fs.writeFileSync(path.join(dir, 'lib', 'client.ts'), "export const load = () => import('./local')\nexport type Client = number\n")
    fs.writeFileSync(path.join(dir, 'lib', 'local.ts'), "export { gate } from './gate'\n")
    fs.writeFileSync(path.join(dir, 'lib', 'gate.ts'), "import type { Client } from '@/lib/client'\nexport const gate = (client: Client) => client\n")
    fs.writeFileSync(path.join(dir, 'lib', 'alone.ts'), "import type { Client } from './client'\nexport type Alone = Client\n")
    expect(importCircles(dir, ['lib'])).toEqual([['lib/client.ts', 'lib/gate.ts', 'lib/local.ts']])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
