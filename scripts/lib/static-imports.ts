/**
 * The static import graph of the app's sources, as the bundler sees it: `import … from`, `export …
 * from` and `import '…'`, resolved with the repository's tsconfig (its `@/` paths included). Type-only
 * imports (`import type`, or every name marked `type`) and dynamic `import()` are not edges: the first
 * never reaches the bundle, the second makes a chunk of its own that loads later.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** A module reached from an entry: its repository-relative path (`npm:<package>` for packages). */
export interface Reached {
  module: string
  /** The import chain from the entry to it, entry first. */
  chain: string[]
}

const SOURCE = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/

/** The name a resolved file is known by: `npm:<package>` inside node_modules, else relative to `root`. */
function nameOf(root: string, file: string): string {
  const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (inPackages) return `npm:${inPackages[1]}`
  return path.relative(root, file).split(path.sep).join('/')
}

/** The specifiers of a file's static, value-carrying imports and re-exports. */
export function staticSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause
      if (clause?.isTypeOnly) continue
      const named = clause?.namedBindings
      const onlyTypes = clause !== undefined && !clause.name && named !== undefined && ts.isNamedImports(named)
        && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly)
      if (!onlyTypes) specifiers.push(statement.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
      specifiers.push(statement.moduleSpecifier.text)
    }
  }
  return specifiers
}

/**
 * Every module the entries import statically, each with the shortest chain that reaches it.
 * @param root the folder whose tsconfig.json resolves the imports
 * @param entries repository-relative entry files (e.g. `pages/index.tsx`)
 */
export function staticClosure(root: string, entries: readonly string[]): Map<string, Reached> {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  const options = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options
  const reached = new Map<string, Reached>()
  // Breadth first, so each module's chain is a shortest one.
  const queue: Array<{ file: string; chain: string[] }> = []
  for (const entry of entries) {
    const file = path.resolve(root, entry)
    const name = nameOf(root, file)
    if (!fs.existsSync(file)) throw new Error(`Entry ${entry} does not exist.`)
    reached.set(name, { module: name, chain: [name] })
    queue.push({ file, chain: [name] })
  }
  while (queue.length > 0) {
    const { file, chain } = queue.shift() as { file: string; chain: string[] }
    for (const specifier of staticSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName
      // Unresolved: a stylesheet or asset (`./x.module.css`), or a package without types; packages count by name.
      const target = resolved ?? (specifier.startsWith('.') || specifier.startsWith('@/') ? null : `node_modules/${specifier}`)
      if (!target) continue
      const name = nameOf(root, target)
      if (reached.has(name)) continue
      const next = [...chain, name]
      reached.set(name, { module: name, chain: next })
      if (!name.startsWith('npm:') && SOURCE.test(target) && !target.endsWith('.d.ts')) queue.push({ file: target, chain: next })
    }
  }
  return reached
}
