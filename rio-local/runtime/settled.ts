/**
 * Resolves when `promise` settles (either way) or after `ms`, whichever is first: a bounded wait
 * that never rejects, for shutdown and flush paths that must not hang on a stuck write.
 */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    void promise.finally(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
