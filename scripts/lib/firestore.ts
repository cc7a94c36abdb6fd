/** The Cloud Firestore emulator as one part of the local stack, its lines prefixed like the others. */
import { startFirestoreEmulator } from './firestore-emulator'
import { makePrefix } from './log'

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
    log: (line) => out.write(`${prefix}${line}\n`),
  })
  return { hostPort: running.hostPort, startupMs: running.startupMs, stop: running.stop }
}
