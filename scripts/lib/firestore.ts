/** The Cloud Firestore emulator as one part of the local stack, its lines prefixed like the others. */
import { startFirestoreEmulator } from './firestore-emulator'
import { makePrefix } from './log'

/**
 * Emulator lines that say nothing to someone running the stack: its advice to `export
 * FIRESTORE_EMULATOR_HOST` (the stack sets it), and the Java channel exceptions it logs (with their
 * stack frames) whenever a browser tab holding a listener closes. Its other lines, and all of its
 * output when it fails to start, are shown as before.
 */
export function isEmulatorNoise(line: string): boolean {
  return /If you are (using a library that supports the FIRESTORE_EMULATOR_HOST|running a Firestore in Datastore Mode project)/i.test(line) ||
    /^\s*export (FIRESTORE|DATASTORE)_EMULATOR_HOST=/.test(line) || /^Note: Support for Datastore Mode is in preview/.test(line) ||
    /\bio\.gapi\.emulators\.netty\.HttpVersionRoutingHandler\b|^INFO: Detected (non-)?HTTP\/2 connection\.$/.test(line) ||
    /\bio\.(netty|grpc)\.|java\.io\.IOException|ClosedChannelException|Connection reset by peer|Broken pipe/.test(line) ||
    /^\s+at [\w$.<>]+\(.*\)$/.test(line) || /^\s*\.\.\. \d+ more$/.test(line) || /^\s*Caused by: /.test(line)
}

export interface FirestoreHandle {
  hostPort: string
  startupMs: number
  stop(): Promise<void>
}

/** Starts the emulator on `host:port`; rejects with the install instructions when Java or the jar is missing. */
export async function startFirestore(opts: {
  host: string
  port: number
  prefixWidth: number
  output?: NodeJS.WritableStream
}): Promise<FirestoreHandle> {
  const prefix = makePrefix('firestore', opts.prefixWidth)
  const out = opts.output ?? process.stdout
  const running = await startFirestoreEmulator({
    host: opts.host,
    port: opts.port,
    projectId: process.env.RIO_FIREBASE_PROJECT_ID || 'demo-coffee-local',
    log: (line) => { if (!isEmulatorNoise(line)) out.write(`${prefix}${line}\n`) },
  })
  return { hostPort: running.hostPort, startupMs: running.startupMs, stop: running.stop }
}
