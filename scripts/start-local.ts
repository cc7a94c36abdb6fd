/**
 * `npm run start:local`: the production build of the app, served over HTTPS at
 * https://localhost:3000 (PORT), with the local backend and the Firestore emulator on their usual
 * ports and the usual data folder: the stack the journeys run, for anyone who wants to try the real
 * thing. Ctrl-C or SIGTERM stops every part.
 */
import path from 'node:path'
import { loadEnv, readPorts } from './lib/config'
import { say, warn } from './lib/log'
import { assertPortsFree } from './lib/ports'
import { runInForeground } from './lib/foreground'
import { startLocalStack } from './lib/stack'
import { stackPartsText, stackSummary } from './lib/stack-summary'
import { missingOperatorSettings } from '../lib/legal/operator'

const root = path.resolve(__dirname, '..')

/** Where the production build goes: its own folder, so it never clobbers `next dev`'s `.next/`. */
export const START_LOCAL_DIST_DIR = '.next-local'

async function main(): Promise<void> {
  loadEnv(root)
  if (process.env.NEXT_PUBLIC_RIO_LOCAL !== '1') {
    throw new Error('start:local runs the local stack; NEXT_PUBLIC_RIO_LOCAL must be 1 (check .env.local).')
  }
  // The legal pages leave out what is not configured; say here which of the operator's details those are.
  const missing = missingOperatorSettings(process.env)
  if (missing.length > 0) {
    warn(`The imprint and privacy notice leave out the operator details not set in .env.local: ${missing.join('; ')}.`)
  }
  const ports = readPorts()
  await assertPortsFree([
    { port: ports.firestore, what: 'Firestore emulator', envVar: 'FIRESTORE_EMULATOR_HOST', host: ports.firestoreHost },
    { port: ports.stripe, what: 'localstripe (the local Stripe)', envVar: 'LOCALSTRIPE_PORT' },
    { port: ports.backend, what: 'local backend', envVar: 'RIO_LOCAL_PORT' },
    { port: ports.app, what: 'web app', envVar: 'PORT' },
  ])
  say('Building the app and starting the local stack: Firestore emulator, localstripe, backend, production app (HTTPS)…')
  const stack = await runInForeground(stackPartsText('production'), (signal) =>
    startLocalStack({ root, ports, app: { kind: 'production', distDir: START_LOCAL_DIST_DIR }, signal }))
  if (!stack) return
  say('')
  for (const line of stackSummary(stack, { app: 'production', projectId: process.env.RIO_LOCAL_PROJECT_ID || 'coffee-local' })) say(line)
  say('  Press Ctrl-C to stop everything.')
}

main().catch((error: unknown) => {
  warn(`\nnpm run start:local: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
