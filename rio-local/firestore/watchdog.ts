/**
 * Notices when the Cloud Firestore emulator under a running backend was restarted. The emulator
 * keeps rules and documents in memory only: a new one serves no rules (so anything it holds is
 * readable without a session) and none of the live documents. The watchdog keeps a marker document
 * with a token of this backend's own; a probe that finds it gone (or another backend's) means a new
 * emulator: the rules are loaded again and then `onRestart` writes every live document again. After
 * the emulator stopped answering, the rules are loaded with the first request that reaches it. The marker lives
 * outside the documents browsers read, and the rules close it like everything else.
 */
import { randomBytes } from 'node:crypto'
import type { Logger } from '../logger'
import { FirestoreRestError, readDocument, setDocument } from './rest'
import { toFirestoreFields } from './values'

/** The marker's path (outside `projects/…`, where live documents are). */
export const EMULATOR_MARKER_PATH = 'rio-local/emulator-marker'

/** The levels the watchdog logs at (the backend's logger has them all). */
export type WatchdogLogger = Pick<Logger, 'info' | 'warn' | 'error'>

export interface EmulatorWatchdogOptions {
  /** host:port of the emulator. */
  host: string
  firebaseProjectId: string
  logger: WatchdogLogger
  /** Loads the security rules (a new emulator has none: it would serve anything it holds to anyone). */
  loadRules(): Promise<void>
  /**
   * Brings a new emulator's documents up to date, once its rules are loaded. The marker is written
   * only once it resolves, so a failed attempt is made again at the next probe.
   */
  onRestart(): Promise<void>
  /** Pause between probes (default 500 ms: one small read of the emulator on loopback). */
  intervalMs?: number
}

export interface EmulatorWatchdog {
  /** Probes now (the timer does it every `intervalMs`); resolves with what it found. */
  check(): Promise<'same' | 'restarted' | 'down'>
  stop(): void
}

/**
 * Writes the marker and starts probing it (the emulator must answer now: the backend waited for it).
 * @throws when the marker cannot be written
 */
export async function watchEmulator(options: EmulatorWatchdogOptions): Promise<EmulatorWatchdog> {
  const { host, firebaseProjectId, logger } = options
  const token = randomBytes(12).toString('hex')
  const writeMarker = () => setDocument(host, firebaseProjectId, EMULATOR_MARKER_PATH, toFirestoreFields({ token, at: new Date().toISOString() }, () => undefined))
  await writeMarker()
  let down = false
  let running: Promise<'same' | 'restarted' | 'down'> | null = null

  const probe = async (): Promise<'same' | 'restarted' | 'down'> => {
    let marker: Record<string, unknown> | null
    let rulesLoaded = false
    try {
      if (down) {
        // Back after being away: most likely a new emulator, whose first answers are slow (a cold
        // JVM). The rules go first, so nothing is open a moment longer than that takes; loading
        // them into the same emulator again changes nothing.
        await options.loadRules()
        rulesLoaded = true
      }
      marker = await readDocument(host, firebaseProjectId, EMULATOR_MARKER_PATH, 10_000)
    } catch (err) {
      if (!down) logger.warn('the Firestore emulator does not answer; live documents wait for it', { host, error: err instanceof FirestoreRestError ? err.message : String(err) })
      down = true
      return 'down'
    }
    down = false
    if (marker && marker.token === token) return 'same'
    logger.warn('the Firestore emulator was restarted: loading the rules and writing every live document again', { host })
    const started = Date.now()
    try {
      if (!rulesLoaded) await options.loadRules()
      await options.onRestart()
      await writeMarker()
      logger.info('the restarted Firestore emulator is up to date', { host, ms: Date.now() - started })
    } catch (err) {
      logger.error('the restarted Firestore emulator could not be brought up to date; trying again', { host, error: String(err) })
    }
    return 'restarted'
  }

  const check = () => {
    // One probe at a time: a restart's work may take longer than the interval.
    if (!running) running = probe().finally(() => (running = null))
    return running
  }
  const timer = setInterval(() => void check(), options.intervalMs ?? 500)
  timer.unref()
  return { check, stop: () => clearInterval(timer) }
}
