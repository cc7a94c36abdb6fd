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
    // Only lib/rio may touch the SDK or Firebase (CONVENTIONS.md rule 2).
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
