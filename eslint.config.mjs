import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import testingLibrary from 'eslint-plugin-testing-library'

// Next's flat configs bring React, hooks, jsx-a11y, import and typescript-eslint rules.
const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next*/**', 'coverage/**', 'e2e/artifacts/**', 'test-results/**',
      'playwright-report/**', '.data/**', 'next-env.d.ts'],
  },
  {
    files: ['__tests__/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    // Only lib/rio may touch the SDK or Firebase: one door to the backend, and the SDK and Firebase
    // stay out of every chunk that does not need them.
    files: ['**/*.{ts,tsx}'],
    ignores: ['lib/rio/**', 'backend/**', 'scripts/**', 'e2e/**', '__tests__/**', 'test/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@retter/sdk', '@retter/sdk/*'], message: 'Only lib/rio may import @retter/sdk.' },
          { group: ['firebase', 'firebase/*', '@firebase/*'], message: 'Only lib/rio may import firebase.' },
        ],
      }],
    },
  },
  {
    // The app's layers point one way: pages → components → contexts → lib. `lib` is reusable
    // without React state or UI; contexts hold React state and call the request layer in lib/rio;
    // the browser app never bundles the backend's runtime (it talks to it over HTTP only).
    files: ['pages/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'contexts/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', {
        zones: [
          { target: './lib', from: ['./contexts', './components', './pages'],
            message: 'lib is the bottom layer: it must not import contexts, components or pages.' },
          { target: './contexts', from: ['./components', './pages'],
            message: 'contexts sit below components and pages: pass values down instead.' },
          { target: './components', from: './pages',
            message: 'components sit below pages: pages import components, not the reverse.' },
          { target: ['./pages', './components', './contexts', './lib'], from: './backend',
            message: 'The app talks to the backend over HTTP only; share types through lib/contract.ts.' },
        ],
      }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS config files (jest.config.js, next.config.js and what it loads) are loaded by Node with require().
    files: ['*.js', 'lib/security/headers.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]

export default config
