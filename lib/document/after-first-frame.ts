/**
 * A production page's scripts load once its first frame is painted, not while its HTML is parsed
 * (docs/decisions/0047-scripts-after-the-first-frame.md).
 *
 * The document lists them, in the order Next would have run them, as data blocks that browsers
 * neither fetch nor run (`<script type="text/plain" data-after-first-frame="/_next/…">`, see
 * pages/_document.tsx). An inline script at the end of the body adds each as a script element once
 * the first frame is on screen; `async = false` keeps Next's order. The same script holds the native
 * submission of every form that names no `action`: before the page has hydrated it would load the
 * page again with the form's fields in its address (an e-mail address in the URL and in the
 * server's log); after, the app's own handler has the submission, as it always has. A form meant to
 * leave natively says where to (`action`, or a button's `formaction`).
 *
 * Both functions run as the text of one inline script (their source, with their settings), so they
 * must not refer to anything outside themselves. The text is fixed per build, so the page's CSP
 * allows it by its hash (lib/security/page-policy.ts).
 */

export interface AfterFirstFrameConfig {
  /** The data attribute holding each script's address, in document order. */
  sourceAttribute: string
  /** The longest the scripts wait for a first frame (a browser that renders none: throttled, offscreen). */
  fallbackMs: number
}

export const AFTER_FIRST_FRAME: AfterFirstFrameConfig = {
  sourceAttribute: 'data-after-first-frame',
  fallbackMs: 1_000,
}

/**
 * Adds the listed scripts to the page once a frame has been painted: in a task after the first
 * animation frame's callbacks, that frame's paint is done. A hidden page renders no frames, so it
 * loads them at once; a page that renders none for `fallbackMs` loads them then. Runs once.
 */
export function loadScriptsAfterFirstFrame(w: Window, config: AfterFirstFrameConfig): void {
  const d = w.document
  let started = false
  const load = (): void => {
    if (started) return
    started = true
    const listed = d.querySelectorAll(`script[${config.sourceAttribute}]`)
    for (let i = 0; i < listed.length; i++) {
      const src = listed[i]?.getAttribute(config.sourceAttribute)
      if (!src) continue
      const script = d.createElement('script')
      script.src = src
      // Added scripts run as they arrive unless told otherwise; Next's must run in order.
      script.async = false
      d.head.appendChild(script)
    }
  }
  if (d.visibilityState !== 'visible') {
    load()
    return
  }
  w.requestAnimationFrame(() => w.setTimeout(load, 0))
  w.setTimeout(load, config.fallbackMs)
}

/**
 * A form that names no `action` never leaves natively (the browser would GET the page itself with
 * the form's fields in its address): before hydration its submission is held, and what was typed
 * stays; after, the app's handler, which runs all the same, takes it.
 */
export function holdSubmitsWithoutAction(w: Window): void {
  w.document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement | null
    const submitter = (event as SubmitEvent).submitter
    if (form?.tagName !== 'FORM' || form.hasAttribute('action') || submitter?.hasAttribute('formaction')) return
    event.preventDefault()
  }, true)
}

/** The inline script's text: both functions run with this build's settings. ASCII only, like the first paint's. */
export function afterFirstFrameScript(config: AfterFirstFrameConfig = AFTER_FIRST_FRAME): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `(${holdSubmitsWithoutAction.toString()})(window);(${loadScriptsAfterFirstFrame.toString()})(window,${json})`
    .replace(/[^\n\t\u0020-\u007e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
