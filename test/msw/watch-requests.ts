import { server } from './server'

/** The requests one watch saw start, in order, until it stopped. */
export interface RequestWatch {
  /** Each request's URL. */
  readonly urls: string[]
  /** When each started, in ms from the start of the watch. */
  readonly times: number[]
  /** Stops watching (call it in a `finally`: a watch left on would count the next test's requests). */
  stop(): void
}

/**
 * Watches the app tests' msw server for requests whose whole URL (host and query included) matches
 * `pattern` as they start (before any handler answers), so a test can say how many calls a user's
 * act sent, to where, and when. With `'response:mocked'`, it sees them once a handler has answered
 * instead: what the page can have received.
 */
export function watchRequests(pattern: RegExp, event: 'request:start' | 'response:mocked' = 'request:start'): RequestWatch {
  // A global or sticky pattern keeps its position between tests: every other request would be missed.
  if (pattern.global || pattern.sticky) throw new Error(`watchRequests: give ${String(pattern)} without the g or y flag`)
  const urls: string[] = []
  const times: number[] = []
  const started = Date.now()
  const onEvent = ({ request }: { request: Request }) => {
    if (!pattern.test(request.url)) return
    urls.push(request.url)
    times.push(Date.now() - started)
  }
  server.events.on(event, onEvent)
  return { urls, times, stop: () => server.events.removeListener(event, onEvent) }
}
