/**
 * Jest globalSetup of the `backend` project: starts ONE real Cloud Firestore emulator on a free
 * port for the whole run and exports FIRESTORE_EMULATOR_HOST to the test workers (they are
 * spawned after this runs and inherit process.env). When Java or the emulator is missing this
 * throws the install instructions and the run fails: these tests are never skipped.
 */
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../scripts/lib/firestore-emulator'

declare global {
  // The teardown runs in this same process and needs the handle to stop it.
  var __firestoreEmulator__: RunningFirestoreEmulator | undefined
}

export default async function globalSetup(): Promise<void> {
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: 'demo-coffee-test' })
  globalThis.__firestoreEmulator__ = emulator
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort
  if (process.env.RIO_TEST_VERBOSE) process.stderr.write(`Firestore emulator on ${emulator.hostPort} (${emulator.startupMs} ms)\n`)
}
