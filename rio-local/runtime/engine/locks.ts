/** Per-instance locks: WRITE methods try and fail fast (570), instance creation waits its turn. */

export type Release = () => void

/** A set of named mutexes. */
export class KeyedLock {
  private readonly queues = new Map<string, Array<() => void>>()
  private readonly onFree = new Map<string, Array<() => void>>()

  /** Takes the lock if free; returns undefined when someone holds it. */
  tryAcquire(key: string): Release | undefined {
    if (this.queues.has(key)) return undefined
    this.queues.set(key, [])
    return this.releaser(key)
  }

  /** Waits for the lock (FIFO). */
  acquire(key: string): Promise<Release> {
    const queue = this.queues.get(key)
    if (!queue) {
      this.queues.set(key, [])
      return Promise.resolve(this.releaser(key))
    }
    return new Promise((resolve) => queue.push(() => resolve(this.releaser(key))))
  }

  isLocked(key: string): boolean {
    return this.queues.has(key)
  }

  /** Runs `fn` once nobody holds `key` (at once when it is free; otherwise when the last holder in line releases it). */
  whenFree(key: string, fn: () => void): void {
    if (!this.queues.has(key)) {
      fn()
      return
    }
    const waiting = this.onFree.get(key)
    if (waiting) waiting.push(fn)
    else this.onFree.set(key, [fn])
  }

  private releaser(key: string): Release {
    let released = false
    return () => {
      if (released) return
      released = true
      const queue = this.queues.get(key)
      const next = queue?.shift()
      if (next) {
        next()
        return
      }
      this.queues.delete(key)
      const waiting = this.onFree.get(key)
      this.onFree.delete(key)
      for (const fn of waiting ?? []) fn()
    }
  }
}
