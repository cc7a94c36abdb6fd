/**
 * `npm run backend`: the local Retter runtime on 127.0.0.1:RIO_LOCAL_PORT, running the project in
 * RIO_LOCAL_PROJECT_DIR (default `retter/`). Waits for the Firestore emulator (never starts one) and
 * loads the security rules into it, unless RIO_LOCAL_LIVE_STATE=0; then serves; stops gracefully
 * on SIGINT/SIGTERM.
 */
import { resolve } from 'node:path'
import { createBackend, type Backend } from './app'
import { ConfigError, loadConfig } from './config'
import { createMemberRecords, type MemberRecords } from './firestore/members'
import { createFirestoreMirror, loadRulesFile, waitForEmulator } from './firestore/mirror'
import { watchEmulator } from './firestore/watchdog'
import { createLogger } from './logger'
import type { StateMirror } from './runtime/wire-types'
import { startServer, type RunningServer } from './runtime/http/server'

async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(2)
    }
    throw err
  }
  const logger = createLogger(config.logLevel)
  const abort = new AbortController()
  // Filled in as start-up proceeds; shutdown stops whatever exists by then.
  const running: { server?: RunningServer; backend?: Backend; mirror?: StateMirror } = {}
  let stopping = false

  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now', { signal })
      process.exit(1)
    }
    stopping = true
    logger.info('shutting down', { signal })
    abort.abort()
    try {
      await running.server?.close()
      await running.backend?.close()
      await running.mirror?.close()
      logger.info('stopped')
      process.exit(0)
    } catch (err) {
      logger.error('shutdown failed', { error: String(err) })
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const emulator = config.firestoreEmulatorHost
  let mirror: StateMirror | null = null
  let members: MemberRecords | null = null
  if (config.liveState) {
    logger.info('waiting for the Firestore emulator', { host: emulator })
    try {
      await waitForEmulator(emulator, {
        signal: abort.signal,
        onWaiting: ({ elapsedMs }) =>
          logger.warn('the Firestore emulator does not answer yet; still waiting (npm run dev starts it)', {
            host: emulator,
            waitedSeconds: Math.round(elapsedMs / 1000),
          }),
      })
    } catch (err) {
      if (stopping) return
      throw err
    }
    await loadRulesFile(emulator, config.firebase.projectId)
    logger.info('security rules loaded into the Firestore emulator', { host: emulator, firebaseProjectId: config.firebase.projectId })
    mirror = createFirestoreMirror({ host: emulator, projectId: config.firebase.projectId, logger })
    running.mirror = mirror
    members = createMemberRecords(emulator, config.firebase.projectId, config.projectId)
  } else {
    logger.warn('running without live state (RIO_LOCAL_LIVE_STATE=0): no Firestore documents; the app reads state once instead')
  }

  const backend = await createBackend({
    projectId: config.projectId,
    projectDir: config.projectDir,
    storage: config.storage === 'memory' ? 'memory' : { dir: resolve(config.dataDir) },
    secret: config.jwtSecret,
    dev: config.dev,
    // Dev mode: class code's Date follows the test clock (POST /__dev/clock); see runtime/engine/clock.ts.
    shiftProcessDate: config.dev,
    // A model ajv refuses stops the start, as a deploy would fail, not the first call that uses it.
    compileModelsAtStart: true,
    mirror,
    members,
    firebaseAuth: true,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    firebase: config.firebase,
    logger,
    // Codes in the terminal are for a developer's own machine only.
    printOtpToTerminal: config.dev,
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
    inboxKey: config.inboxKey,
    taskConcurrency: config.taskConcurrency,
  })
  running.backend = backend
  if (config.liveState) {
    // A restarted emulator has no rules and no documents: load the rules first, then the member
    // records the rules check, then every live document.
    await watchEmulator({
      host: emulator,
      firebaseProjectId: config.firebase.projectId,
      logger,
      loadRules: () => loadRulesFile(emulator, config.firebase.projectId),
      onRestart: async () => {
        const restored = (await members?.restore?.()) ?? 0
        const written = await backend.remirror()
        logger.info('live documents written again', { ...written, memberRecords: restored })
      },
    })
  }
  const server = await startServer(backend, {
    port: config.port,
    host: config.host,
    logger,
    allowedOrigins: config.allowedOrigins,
    allowedHosts: config.allowedHosts,
    frontSecret: config.frontSecret,
  })
  running.server = server
  logger.info('local backend listening', {
    url: server.origin,
    projectId: config.projectId,
    storage: config.storage === 'memory' ? 'memory' : resolve(config.dataDir),
    dev: config.dev,
    allowedOrigins: config.allowedOrigins.join(' '),
    project: backend.projectDir,
    firestoreEmulator: config.liveState ? emulator : 'off',
  })
  // A test clock moved in an earlier run stays moved (runtime/engine/clock.ts): say so, and how to undo it.
  if (backend.clock.offsetMs() > 0) {
    logger.warn('the test clock stands ahead of the wall clock (moved with POST /__dev/clock); delete test-clock.json in the data folder to reset it', {
      now: new Date(backend.clock.now()).toISOString(),
      aheadHours: Math.round(backend.clock.offsetMs() / 3_600_000),
    })
  }
  // The inbox's key is a dev-mode secret: printed only there, like the codes.
  if (backend.inboxPath) logger.info('dev inbox (e-mails as a browser shows them)', { url: `${server.origin}${backend.inboxPath}` })
}

main().catch((err: unknown) => {
  process.stderr.write(`The local backend failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
