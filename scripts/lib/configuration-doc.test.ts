/**
 * docs/configuration.md says it lists every environment variable the code reads: each name read as
 * `process.env.NAME`, `process.env['NAME']` or named as a port's `envVar` in the app, the classes,
 * the runtime and the scripts must appear there (in backticks). Tests, journeys and the runtime's
 * sample projects (other people's code it must run) are not configuration.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')
/** Read by tools, not by us to configure anything: Node's and Next's own, and a comment's example. */
const NOT_CONFIGURATION = new Set(['NODE_ENV', 'NEXT_PUBLIC_X'])

function variablesRead(): Set<string> {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs'], { cwd: root, encoding: 'utf8' }).split('\n')
    .filter((f) => f && !/(\.test\.|\/__tests__\/|^e2e\/|^test\/|^rio-local\/test\/)/.test(f))
  const found = new Set<string>()
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]|envVar: '([A-Z][A-Z0-9_]+)'/g)) {
      const name = (m[1] ?? m[2] ?? m[3]) as string
      if (!NOT_CONFIGURATION.has(name)) found.add(name)
    }
  }
  return found
}

test('every environment variable the code reads is in docs/configuration.md', () => {
  const doc = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8')
  const read = variablesRead()
  expect(read.size).toBeGreaterThan(40)
  expect([...read].filter((name) => !doc.includes(`\`${name}\``)).sort()).toEqual([])
})
