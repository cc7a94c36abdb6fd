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
import { startLocalStack, type LocalStack } from './lib/stack'

const root = path.resolve(__dirname, '..')

/** Where the production build goes: its own folder, so it never clobbers `next dev`'s `.next/`. */
export const START_LOCAL_DIST_DIR = '.next-local'

async function main(): Promise<void> {
  loadEnv(root)
  if (process.env.NEXT_PUBLIC_RIO_LOCAL !== '1') {
    throw new Error('start:local runs the local stack; NEXT_PUBLIC_RIO_LOCAL must be 1 (check .env.local).')
  }
  const ports = readPorts()
  await assertPortsFree([
    { port: ports.firestore, what: 'Firestore emulator', envVar: 'FIRESTORE_EMULATOR_HOST', host: ports.firestoreHost },
    { port: ports.backend, what: 'local backend', envVar: 'RIO_LOCAL_PORT' },
    { port: ports.app, what: 'web app', envVar: 'PORT' },
  ])
  const abort = new AbortController()
  say('Building the app and starting the local stack: Firestore emulator, backend, production app (HTTPS)…')
  const starting = startLocalStack({ root, ports, app: { kind: 'production', distDir: START_LOCAL_DIST_DIR }, signal: abort.signal })
  let stopping = false
  const shutdown = async (): Promise<void> => {
    if (stopping) return
    stopping = true
    say('\nStopping the app, the backend and the emulator…')
    abort.abort()
    await starting.then((running) => running.stop(), () => undefined)
    process.exit(process.exitCode ?? 0)
  }
  process.on('SIGINT', () => void shutdown())
  process.on('SIGTERM', () => void shutdown())

  const stack: LocalStack | undefined = await starting.catch((error: unknown) => {
    if (stopping) return undefined
    throw error
  })
  if (!stack) return
  void stack.unexpectedExit.then((name) => {
    warn(`\n${name} stopped on its own (see its last lines above); stopping the rest.`)
    process.exitCode = 1
    void shutdown()
  })
  say('')
  say(`  App (production build): ${stack.appUrl}`)
  say(`  Backend:   ${stack.backendUrl}`)
  say(`  Firestore: http://${stack.firestoreHost} (emulator)`)
  say('  Press Ctrl-C to stop everything.')
}

main().catch((error: unknown) => {
  warn(`\nnpm run start:local: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
