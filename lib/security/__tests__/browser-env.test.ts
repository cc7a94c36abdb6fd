/**
 * Every public variable browser code reads is inlined by the build, set or not: one left out would
 * be a runtime `process.env` lookup, which pulls Next's `process` polyfill into every page.
 */
import fs from 'node:fs'
import path from 'node:path'
import { BROWSER_ENV, inlinedBrowserEnv } from '@/lib/browser-env'

const root = path.resolve(__dirname, '..', '..', '..')
const BROWSER_CODE = ['pages', 'components', 'contexts', 'lib']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : []
  })
}

test('lists every NEXT_PUBLIC_ variable the app code reads', () => {
  const read = new Set<string>()
  for (const file of BROWSER_CODE.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    // Code only: comments may name variables as examples.
    const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
    for (const match of code.matchAll(/process\.env\.(NEXT_PUBLIC_\w+)/g)) read.add(match[1]!)
  }
  expect(read.size).toBeGreaterThan(5)
  expect([...read].filter((name) => !(BROWSER_ENV as readonly string[]).includes(name))).toEqual([])
})

test('unset variables are inlined as empty strings, set ones as they are', () => {
  const env = inlinedBrowserEnv({ NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee', SECRET: 'never' })
  expect(env.NEXT_PUBLIC_RIO_PROJECT_ID).toBe('coffee')
  expect(env.NEXT_PUBLIC_GA_ID).toBe('')
  expect(Object.keys(env).sort()).toEqual([...BROWSER_ENV].sort())
  expect(env).not.toHaveProperty('SECRET')
})
