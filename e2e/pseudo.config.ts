/**
 * The pseudo-locale journey (e2e/pseudo/): the same stack as the journeys, built with I18N_PSEUDO=1
 * into a folder of its own, so every page's words are accented and 40 % longer
 * (lib/i18n/pseudo.ts). `npm run test:e2e` runs it after the journeys.
 */
import { defineConfig } from '@playwright/test'
import base, { BROWSER } from '../playwright.config'

// Read by the global setup's build (next build inherits the environment) and by page-messages.ts.
process.env.I18N_PSEUDO = '1'
process.env.E2E_DIST_DIR = process.env.E2E_PSEUDO_DIST_DIR || '.next-e2e-pseudo'

export default defineConfig({
  ...base,
  testDir: './pseudo',
  outputDir: '../test-results/pseudo',
  globalSetup: './global-setup.ts',
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report/pseudo' }]],
  projects: [{ name: 'pseudo', use: BROWSER }],
})
