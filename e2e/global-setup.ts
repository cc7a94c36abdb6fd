/**
 * Starts the whole product for the journeys on free ports (localstripe included), with the settings the journeys need:
 * 45 s access tokens (for the token-refresh journey), dev endpoints on (outbox, state), one staff
 * address (STAFF_EMAILS, for the roastery journey), a fresh data directory, and a
 * production build behind HTTPS. A tiny control server lets the outage journey stop and restart the backend.
 *
 * Why a production build and not `next dev`: customers get minified bundles, no dev overlay and no
 * compile-on-first-visit; the 2 s live-update checks must not race a dev compilation.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FullConfig } from '@playwright/test'
import { findFreePort } from '../scripts/lib/ports'
import { ONE_SOURCE_LIMITS } from '../scripts/lib/one-source'
import { startLocalStack } from '../scripts/lib/stack'
import { E2E_ENV, E2E_PROJECT_ID, E2E_ACCESS_TOKEN_TTL_SECONDS, E2E_STAFF_EMAIL } from './support/env'

const root = path.resolve(__dirname, '..')

/** Pins what the app and backend are built with, so a developer's `.env.local` cannot redirect the journeys. */
function pinAppEnv(): void {
  Object.assign(process.env, {
    NEXT_PUBLIC_RIO_LOCAL: '1',
    NEXT_PUBLIC_RIO_PROJECT_ID: E2E_PROJECT_ID,
    NEXT_PUBLIC_RIO_REGION: 'euWest1',
    NEXT_PUBLIC_RIO_URL: '',
    NEXT_PUBLIC_RIO_CULTURE: 'en-us',
    NEXT_PUBLIC_FIREBASE_API_KEY: 'local-dev-key',
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-coffee-local',
    // No analytics beacons from tests.
    NEXT_PUBLIC_GA_ID: '',
    NEXT_TELEMETRY_DISABLED: '1',
  })
}

function startControlServer(handlers: Record<string, () => Promise<void>>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const handler = req.method === 'POST' ? handlers[req.url ?? ''] : undefined
    if (!handler) {
      res.writeHead(404).end()
      return
    }
    handler().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    )
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

/** Child output goes to e2e/artifacts/stack.log (and the terminal with E2E_VERBOSE=1) to keep the report readable. */
function openStackLog(): { file: string; stream: NodeJS.WritableStream; close(): Promise<void> } {
  const dir = path.join(root, 'e2e', 'artifacts')
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'stack.log')
  const fileStream = fs.createWriteStream(file)
  const verbose = process.env.E2E_VERBOSE === '1'
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (verbose) process.stdout.write(chunk)
      fileStream.write(chunk, done)
    },
  })
  return { file, stream, close: () => new Promise((done) => fileStream.end(() => done())) }
}

function tail(file: string, lines: number): string {
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  pinAppEnv()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-e2e-'))
  const ports = {
    app: await findFreePort(),
    backend: await findFreePort(),
    firestoreHost: '127.0.0.1',
    firestore: await findFreePort(),
    stripe: await findFreePort(),
  }
  const log = openStackLog()
  process.stdout.write(`Starting the e2e stack (production build, emulator, backend); its log: ${path.relative(root, log.file)}\n`)
  const stack = await startLocalStack({
    root,
    ports,
    app: { kind: 'production', distDir: process.env.E2E_DIST_DIR || '.next-e2e' },
    backendEnv: {
      RIO_LOCAL_PROJECT_ID: E2E_PROJECT_ID,
      RIO_LOCAL_DATA_DIR: dataDir,
      RIO_LOCAL_STORAGE: 'sqlite',
      RIO_ACCESS_TOKEN_TTL_SECONDS: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
      RIO_LOG_LEVEL: 'warn',
      STAFF_EMAILS: E2E_STAFF_EMAIL,
      // Every journey signs customers up from this one machine: the per-source limits on codes and
      // new Accounts are for an attacker's network, and their own tests cover them.
      ...ONE_SOURCE_LIMITS,
    },
    output: log.stream,
  }).catch(async (error: unknown) => {
    await log.close()
    process.stderr.write(`\nLast lines of ${log.file}:\n${tail(log.file, 60)}\n`)
    throw error
  })
  const control = await startControlServer({
    '/backend/stop': () => stack.stopBackend(),
    '/backend/start': () => stack.startBackend(),
  })
  process.env[E2E_ENV.baseUrl] = stack.appUrl
  process.env[E2E_ENV.backendUrl] = stack.backendUrl
  process.env[E2E_ENV.controlUrl] = control.url
  process.env[E2E_ENV.stripeUrl] = stack.stripeUrl

  return async () => {
    await control.close()
    await stack.stop()
    await log.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
