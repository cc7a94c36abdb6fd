// @ts-check
/**
 * Two jest projects:
 * - `app`: components, contexts and lib in jsdom, with msw answering the SDK's HTTP calls.
 *   `jest-fixed-jsdom` re-attaches Node's fetch/Request/BroadcastChannel that msw 2 needs (msw docs).
 * - `backend`: the local Retter runtime (rio-local/) and our Retter classes (retter/) in Node,
 *   driven by the real @retter/sdk.
 */
const nextJest = require('next/jest')

const createJestConfig = nextJest({ dir: './' })

// msw >= 2.13 pulls in ESM-only packages; next/jest only lets us append to its ignore list,
// so the resolved list is rewritten here; the production build does not read this file.
const ESM_DEPS = ['until-async', 'rettime', '@open-draft/deferred-promise'].join('|')

/** @param {import('jest').Config} config */
async function project(config) {
  const resolved = await createJestConfig(config)()
  resolved.transformIgnorePatterns = [`/node_modules/(?!(${ESM_DEPS})/)`, '^.+\\.module\\.(css|sass|scss)$']
  return resolved
}

// Class code imports `@retter/rdk`, whose real entry point needs aws-sdk and Lambda: the local
// runtime's RDK stands in (under tsx, rio-local/project/aliases.ts does the same at resolution).
// The app, tests and scripts import the project's Retter dependencies (retter/dependencies/<name>)
// as `@retter-shared/<name>[/module]`, the alias tsconfig.json's paths give Next and tsc.
const ALIASES = {
  '^@/(.*)$': '<rootDir>/$1',
  '^@retter/rdk$': '<rootDir>/rio-local/project/rdk.ts',
  '^@retter-shared/(.*)$': '<rootDir>/retter/dependencies/$1',
}
// Class code's `require('<dependency>')` resolves to retter/dependencies/<dependency> only when its
// template.yml lists it, as on Retter (the rule of rio-local/project/dependencies.ts).
const RESOLVER = '<rootDir>/rio-local/project/jest-resolver.js'

module.exports = async () => ({
  // A backend test drives whole flows in-process: each e-mail alone is three delayed calls (the
  // hand-off to the customer's Mailer, its send, its report), which 5 s does not always cover on a
  // busy machine. (The app project's setup file sets the same for its own tests.)
  testTimeout: 20_000,
  // One worker per core (jest's default leaves one core idle): the suite is CPU-bound, so more
  // workers than cores gain nothing (docs/decisions/0027-two-jest-workers.md). CI passes the same.
  maxWorkers: '100%',
  // Where the time goes, after every run of two files or more (test/slowest-files-reporter.js).
  reporters: ['default', '<rootDir>/test/slowest-files-reporter.js'],
  projects: [
    await project({
      displayName: 'app',
      testEnvironment: 'jest-fixed-jsdom',
      // One localstripe for the run (STRIPE_API_URL): the in-process backend's class code charges through it.
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/setup-app.ts'],
      // The in-process backend signs tokens with jose: its Node build (jsdom's export conditions
      // would pick the browser one), and bytes in jsdom's realm (test/same-realm-bytes.ts).
      moduleNameMapper: { ...ALIASES, '^jose$': '<rootDir>/node_modules/jose/dist/node/cjs/index.js' },
      setupFiles: ['<rootDir>/test/same-realm-bytes.ts'],
      resolver: RESOLVER,
      testMatch: ['<rootDir>/{__tests__,components,contexts,lib}/**/*.test.{ts,tsx}'],
    }),
    await project({
      displayName: 'backend',
      testEnvironment: 'node',
      // One real Cloud Firestore emulator for the run (FIRESTORE_EMULATOR_HOST); fails the run, never skips, without Java.
      globalSetup: '<rootDir>/rio-local/test/global-setup.ts',
      globalTeardown: '<rootDir>/rio-local/test/global-teardown.ts',
      moduleNameMapper: ALIASES,
      resolver: RESOLVER,
      testMatch: ['<rootDir>/rio-local/**/*.test.ts', '<rootDir>/retter/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/rio-local/test/.projects/'],
    }),
  ],
})
