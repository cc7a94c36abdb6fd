/** Jest globalTeardown of the `backend` project: stops the emulator and localstripe global-setup.ts started. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__localstripe__?.stop()
  globalThis.__localstripe__ = undefined
  await globalThis.__firestoreEmulator__?.stop()
  globalThis.__firestoreEmulator__ = undefined
}
