// @ts-check
/**
 * Two jest projects:
 * - `app`: components, contexts and lib in jsdom, with msw answering the SDK's HTTP calls.
 *   `jest-fixed-jsdom` re-attaches Node's fetch/Request/BroadcastChannel that msw 2 needs (msw docs).
 * - `backend`: the local Retter-compatible backend in Node, driven by the real @retter/sdk.
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

module.exports = async () => ({
  projects: [
    await project({
      displayName: 'app',
      testEnvironment: 'jest-fixed-jsdom',
      setupFilesAfterEnv: ['<rootDir>/test/setup-app.ts'],
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
      testMatch: ['<rootDir>/{__tests__,components,contexts,lib}/**/*.test.{ts,tsx}'],
    }),
    await project({
      displayName: 'backend',
      testEnvironment: 'node',
      // One real Cloud Firestore emulator for the run (FIRESTORE_EMULATOR_HOST); fails the run, never skips, without Java.
      globalSetup: '<rootDir>/backend/test/global-setup.ts',
      globalTeardown: '<rootDir>/backend/test/global-teardown.ts',
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
      testMatch: ['<rootDir>/backend/**/*.test.ts'],
    }),
  ],
})
