/** Jest globalTeardown of the `backend` project: stops the emulator global-setup.ts started. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__firestoreEmulator__?.stop()
  globalThis.__firestoreEmulator__ = undefined
}
