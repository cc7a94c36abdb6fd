/**
 * lib/rio/sdk-guards.ts replaces and calls private methods of @retter/sdk 0.4.0 at run time. This
 * test pins exactly what it relies on, so a different SDK fails here, in CI, and never in a
 * customer's browser: the pinned version, each method's name and arity, and the source text of
 * every method the guards replace, wrap or imitate (a fingerprint of its code in the installed
 * dist/). When a fingerprint changes, re-read that method against the guard before updating it.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Retter from '@retter/sdk'

const PINNED_VERSION = '0.4.0'
const sdkDir = path.dirname(require.resolve('@retter/sdk/package.json'))

/** The source text of `<owner>.prototype.<name> = function (...) {...};` in a dist file, or null. */
function methodSource(file: string, owner: 'Retter' | 'Auth', name: string): string | null {
  const text = fs.readFileSync(path.join(sdkDir, 'dist', file), 'utf8')
  const start = text.indexOf(`\n    ${owner}.prototype.${name} = function`)
  if (start === -1) return null
  // A method ends where the next member, a comment or the class's `return` starts at the same indent.
  const rest = text.slice(start + 1)
  const end = rest.slice(1).search(/\n {4}(?:\w+\.prototype\.|\/\/|\/\*|return \w+;)/)
  return end === -1 ? rest : rest.slice(0, end + 1)
}

const fingerprint = (source: string) => crypto.createHash('sha256').update(source).digest('hex').slice(0, 16)

test('the installed SDK is the pinned 0.4.0, and package.json pins it exactly', () => {
  const installed = JSON.parse(fs.readFileSync(path.join(sdkDir, 'package.json'), 'utf8')) as { version: string }
  const app = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { dependencies: Record<string, string> }
  expect(installed.version).toBe(PINNED_VERSION)
  expect(app.dependencies['@retter/sdk']).toBe(PINNED_VERSION)
})

// What each guard depends on: [file, owner, method, arity, fingerprint of its source, why].
const RELIED_ON: Array<[string, 'Retter' | 'Auth', string, number, string, string]> = [
  ['index.js', 'Retter', 'processActionQueue', 0, '3d70a14e72d47966',
    'binds getActionWithTokenData and processAction at init, and rejects an action from an error notification {kind: "E", hasValue: false, error: {action, responseError}}'],
  ['index.js', 'Retter', 'getActionWithTokenData', 1, 'aa0e56f3f4e63154', 'replaced: signs out on any token failure'],
  ['index.js', 'Retter', 'processAction', 1, 'e184798b1166c97e', 'wrapped: returns a materialised observable the queue merges'],
  ['index.js', 'Retter', 'initFirebase', 1, '71ea9545aaf312a8',
    'wrapped, and imitated by prepareFirebaseApp: the app options {apiKey, authDomain: projectId + ".firebaseapp.com", projectId} named by the project id'],
  ['index.js', 'Retter', 'clearFirebase', 0, 'b444fb967dff2553', 'called after a transient Firebase failure'],
  ['index.js', 'Retter', 'signOut', 0, '6f794722852d9a59', 'called for a refused token, as the SDK does'],
  ['Auth.js', 'Auth', 'getTokenData', 0, 'ab4df09162f068f7', 'called: refreshes the token when due'],
  ['Auth.js', 'Auth', 'getCurrentTokenData', 0, '19ec07fa312cb0ca', 'called: the stored token data without a refresh'],
]

test.each(RELIED_ON)('%s: %s.prototype.%s has arity %d and the source the guards were written against', (file, owner, name, arity, expected, why) => {
  const source = methodSource(file, owner, name)
  if (source === null) throw new Error(`${owner}.prototype.${name} is gone from @retter/sdk/dist/${file}; lib/rio/sdk-guards.ts relies on it (${why})`)
  const ownerObject = owner === 'Retter'
    ? Retter.prototype
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's Auth class has no typed entry point
    : (require('@retter/sdk/dist/Auth') as { default: { prototype: object } }).default.prototype
  const method: unknown = (ownerObject as Record<string, unknown>)[name]
  expect(typeof method).toBe('function')
  expect((method as (...args: unknown[]) => unknown).length).toBe(arity)
  expect({ method: `${owner}.${name}`, fingerprint: fingerprint(source), reliedOnFor: why })
    .toEqual({ method: `${owner}.${name}`, fingerprint: expected, reliedOnFor: why })
})

test('the fingerprints catch a change: one character more in a method is another fingerprint', () => {
  const source = methodSource('index.js', 'Retter', 'getActionWithTokenData')
  expect(source).toContain('this.auth.getTokenData()')
  expect(source).not.toContain('Retter.prototype.fireAuthStatus')
  expect(fingerprint(`${source} `)).not.toBe(fingerprint(source ?? ''))
})

test('init() creates the auth object the guards read, and binds the queue after it', () => {
  const init = methodSource('index.js', 'Retter', 'init') ?? ''
  expect(init.indexOf('this.auth = new Auth_1.default(config)')).toBeGreaterThan(-1)
  expect(init.indexOf('this.processActionQueue()')).toBeGreaterThan(init.indexOf('this.auth = new Auth_1.default(config)'))
})
