/**
 * The /roastery bundle gets its words from the page (the `t` its components pass), so no module of
 * lib/roastery may bring the catalogue (its messages or its parser) into the browser: this follows
 * every runtime import (type-only imports leave no code) from each module and names any that does.
 */
import fs from 'fs'
import path from 'path'
import ts from 'typescript'

const ROOT = path.resolve(__dirname, '../../..')
const CATALOGUE = path.join(ROOT, 'retter/dependencies/BeanBloomKit/i18n') + path.sep
const ALIASES: Array<[string, string]> = [
  ['@/', ROOT], ['@retter-shared/', path.join(ROOT, 'retter/dependencies')], ['BeanBloomKit/', path.join(ROOT, 'retter/dependencies/BeanBloomKit')],
]

/** The file an import names, or null for a package from node_modules. */
function resolve(from: string, spec: string): string | null {
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix))
  const base = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : alias ? path.join(alias[1], spec.slice(alias[0].length)) : null
  if (!base) return null
  const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((end) => base + end).find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
  if (!found) throw new Error(`${path.relative(ROOT, from)} imports ${spec}, which does not resolve`)
  return found
}

/** The modules a file imports for code (not `import type`, not imports whose every name is a type). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const specs: string[] = []
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (clause?.isTypeOnly) continue
      const named = clause?.namedBindings
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
      if (!onlyTypes) specs.push((node.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specs.push((node.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return specs.map((spec) => resolve(file, spec)).filter((f): f is string => f !== null)
}

/** The chain of imports from `start` to a catalogue module, or null when none reaches one. */
function pathToCatalogue(start: string): string[] | null {
  const seen = new Set<string>([start])
  const queue: string[][] = [[start]]
  while (queue.length > 0) {
    const chain = queue.shift()!
    const file = chain[chain.length - 1]!
    if (file.startsWith(CATALOGUE)) return chain.map((f) => path.relative(ROOT, f))
    for (const next of runtimeImports(file)) {
      if (!seen.has(next)) { seen.add(next); queue.push([...chain, next]) }
    }
  }
  return null
}

const MODULES = fs.readdirSync(path.join(ROOT, 'lib/roastery')).filter((name) => /\.tsx?$/.test(name))

test.each(MODULES)('lib/roastery/%s brings no catalogue module into the bundle', (name) => {
  expect(pathToCatalogue(path.join(ROOT, 'lib/roastery', name))).toBeNull()
})

test('the check sees a catalogue import where there is one', () => {
  expect(pathToCatalogue(path.join(ROOT, 'test/i18n.ts'))).not.toBeNull()
})
