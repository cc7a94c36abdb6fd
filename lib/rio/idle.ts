/**
 * When the page starts the SDK: after load, once the browser is idle; on a page a visitor reads
 * without it, when they first act. Apart from ./client.ts, which loads with the SDK, because every
 * page's first load needs this.
 */

/** How long the idle wait lasts at the longest, on a page that never goes idle. */
export const SDK_START_TIMEOUT_MS = 3000

/**
 * What a visitor does that may soon need the SDK: a click or tap (not a touch that scrolls), a key,
 * an input (`input` covers an autofilled field, which fires no key), and a sign-in or sign-out in
 * another tab (`storage` of the SDK's tokens). Not `focus`: a field the page focuses itself is no
 * sign of intent.
 */
export const VISITOR_INTENT_EVENTS = ['click', 'keydown', 'input', 'storage'] as const

/**
 * Runs `task` once, at the first of `VISITOR_INTENT_EVENTS` (a `storage` event only when it is of
 * `tokenKey`, or storage was cleared). A visitor reading a page that has all they need in its HTML
 * (the plans, the sign-in form) never downloads or runs the SDK and Firebase: on a phone that is
 * about a second of script work at 4× CPU, which used to land five seconds after load whether they
 * did anything or not. A request (the code they ask for) starts the SDK anyway.
 * @returns a function that cancels the task if it has not run
 */
export function whenVisitorActs(task: () => void, tokenKey: string): () => void {
  if (typeof window === 'undefined') return () => undefined
  // Capture (`true`): a handler of the page that stops an event's propagation does not hide the act.
  const stop = () => {
    for (const type of VISITOR_INTENT_EVENTS) window.removeEventListener(type, act, true)
  }
  function act(event: Event) {
    if (event instanceof StorageEvent && event.key !== null && event.key !== tokenKey) return
    stop()
    task()
  }
  for (const type of VISITOR_INTENT_EVENTS) window.addEventListener(type, act, true)
  return stop
}

/**
 * Runs `task` once the browser is idle after the page's load (the idle wait lasting
 * `SDK_START_TIMEOUT_MS` at most), so the SDK's download and evaluation never compete with first
 * paint and hydration.
 * @returns a function that cancels the task if it has not run
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  let cancelIdle: (() => void) | null = null
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: SDK_START_TIMEOUT_MS })
      cancelIdle = () => window.cancelIdleCallback(id)
    } else {
      const id = window.setTimeout(task, 0)
      cancelIdle = () => window.clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') {
    idle()
    return () => cancelIdle?.()
  }
  window.addEventListener('load', idle, { once: true })
  return () => {
    window.removeEventListener('load', idle)
    cancelIdle?.()
  }
}
