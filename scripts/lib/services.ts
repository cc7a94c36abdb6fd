/**
 * The lifecycle every part of the local stack shares (emulator, localstripe, backend, app, TLS
 * front), as firebase-tools' emulators share one: started in order, each once the one before
 * answers; stopped newest first, once; a part that exits on its own is reported, a part stopped on
 * purpose is not. An abort (Ctrl-C) stops what runs, and a start it interrupts rejects.
 */

/** One part of the stack. */
export interface Service {
  readonly name: string
  /** Starts the part and resolves once it answers. */
  start(): Promise<void>
  /** Stops it; safe whether or not its start finished. */
  stop(): Promise<void>
  /** Where it answers (a URL or host:port); a part that picks its port when it starts throws before that. */
  address(): string
}

/** What a service's process looks like to the run: its name and when it exits. */
export interface Watched {
  readonly name: string
  readonly exited: Promise<unknown>
}

export interface ServiceRun {
  /**
   * Reports `child`'s exit as a crash, unless the run is stopping or `isCurrent` says the child was
   * replaced or stopped on purpose since.
   */
  watch(child: Watched, isCurrent?: () => boolean): void
  /**
   * Starts `services` in order. A start that fails, or an abort of `signal` (then or later), stops
   * every service started so far, newest first; a failed or interrupted start rejects.
   */
  start(services: ReadonlyArray<Service>, signal?: AbortSignal): Promise<void>
  /** Stops every service started, newest first; once, however often it is called. */
  stop(): Promise<void>
  /** Resolves with a part's name when it exits on its own (a crash), never on a deliberate stop. */
  readonly unexpectedExit: Promise<string>
}

export const INTERRUPTED = 'Start-up was interrupted.'

export function createServiceRun(): ServiceRun {
  const started: Service[] = []
  let stopping = false
  let stopped: Promise<void> | undefined
  let reportExit: (name: string) => void = () => undefined
  const unexpectedExit = new Promise<string>((resolve) => {
    reportExit = resolve
  })
  const stop = (): Promise<void> => (stopped ??= (async () => {
    stopping = true
    for (const service of [...started].reverse()) await service.stop()
  })())

  return {
    unexpectedExit,
    stop,
    watch(child, isCurrent = () => true) {
      void child.exited.then(() => {
        if (!stopping && isCurrent()) reportExit(child.name)
      })
    },
    async start(services, signal) {
      const checkAborted = (): void => {
        if (signal?.aborted) throw new Error(INTERRUPTED)
      }
      // Stopping what runs makes a pending wait fail at once, so an interrupted start unwinds quickly.
      signal?.addEventListener('abort', () => void stop(), { once: true })
      try {
        for (const service of services) {
          checkAborted()
          // Listed before it answers: an abort while it starts stops it too.
          started.push(service)
          await service.start()
        }
        checkAborted()
      } catch (error) {
        await stop()
        throw error
      }
    },
  }
}
