/** Jest globalTeardown of the `app` project: stops the localstripe global-setup.ts started. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__appLocalstripe__?.stop()
  globalThis.__appLocalstripe__ = undefined
}
