/**
 * `npm run dev`: the whole product on this machine with one command.
 * - NEXT_PUBLIC_RIO_LOCAL != 1 (a real Retter project in `.env.local`): only `next dev`.
 * - Else: localhost certificate, Firestore emulator, local backend, and `next dev` on a loopback
 *   port of its own behind the TLS front that serves https://localhost:PORT and routes `/rio` to the
 *   backend (the same front as `npm run start:local`, scripts/lib/https-proxy.ts); each part's log
 *   lines prefixed with its name; Ctrl-C or SIGTERM stops every child.
 *   Without Java or the emulator it still starts: the backend then runs without live documents
 *   (the app reads state once after 5 s and says live updates are off).
 */
import path from 'node:path'
import { spawn } from 'node:child_process'
import { isLocalMode, loadEnv, readPorts } from './lib/config'
import { say, warn } from './lib/log'
import { assertPortsFree } from './lib/ports'
import { runInForeground } from './lib/foreground'
import { startLocalStack } from './lib/stack'
import { stackPartsText, stackSummary } from './lib/stack-summary'

const root = path.resolve(__dirname, '..')

/** Remote mode: Next alone, talking to the Retter project named in env. */
function runNextOnly(): void {
  say(`Using the Retter project "${process.env.NEXT_PUBLIC_RIO_PROJECT_ID ?? '(unset)'}" (NEXT_PUBLIC_RIO_LOCAL is not 1): no local backend starts.`)
  const child = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['dev', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  })
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  process.on('SIGINT', forward('SIGINT'))
  process.on('SIGTERM', forward('SIGTERM'))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

async function runLocal(): Promise<void> {
  const ports = readPorts()
  await assertPortsFree([
    { port: ports.firestore, what: 'Firestore emulator', envVar: 'FIRESTORE_EMULATOR_HOST', host: ports.firestoreHost },
    { port: ports.backend, what: 'local backend', envVar: 'RIO_LOCAL_PORT' },
    { port: ports.stripe, what: 'localstripe (the local Stripe)', envVar: 'LOCALSTRIPE_PORT' },
    { port: ports.app, what: 'web app', envVar: 'PORT', host: '127.0.0.1' },
  ])

  say('Starting the local stack: Firestore emulator, localstripe, backend, next dev (HTTPS)…')
  const started = Date.now()
  const stack = await runInForeground(stackPartsText('dev'), (signal) => startLocalStack({
    root,
    ports,
    app: { kind: 'dev' },
    signal,
    liveState: 'optional',
    // One line: what is missing and how to install it.
    onNoLiveState: (reason) => warn(`Live updates are off: ${reason.replace(/^[^\n]*\n- /, '').replace(/\n- /g, ' Also: ')}`),
  }))
  if (!stack) return
  say('')
  for (const line of stackSummary(stack, { app: 'dev', projectId: process.env.RIO_LOCAL_PROJECT_ID || 'coffee-local' })) say(line)
  say(`  Started in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop everything.`)
  say('')
}

async function main(): Promise<void> {
  loadEnv(root)
  if (!isLocalMode()) {
    runNextOnly()
    return
  }
  await runLocal()
}

main().catch((error: unknown) => {
  warn(`\nnpm run dev: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
