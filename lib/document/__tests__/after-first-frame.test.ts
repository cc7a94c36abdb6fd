/**
 * The document's last inline script, run as the browser runs it (its own text): when a production
 * page's scripts are added, in which order, and which forms it keeps from leaving natively.
 */
import { AFTER_FIRST_FRAME, afterFirstFrameScript } from '@/lib/document/after-first-frame'

const LISTED = ['/_next/static/chunks/a.js', '/_next/static/chunks/turbopack-b.js', '/_next/static/build/_buildManifest.js']

let frames: FrameRequestCallback[]

/** A page as the document renders it: its scripts named by data blocks, a form, nothing loaded yet. */
function renderPage(visibility: DocumentVisibilityState = 'visible'): void {
  document.head.innerHTML = LISTED.map((src) => `<script type="text/plain" ${AFTER_FIRST_FRAME.sourceAttribute}="${src}"></script>`).join('')
  document.body.innerHTML = '<form id="f"><input name="email" value=""><button>Send</button></form>'
    + '<form id="out" action="/elsewhere"><button id="plain">Go</button></form>'
    + '<form id="mixed"><button id="to" formaction="/elsewhere">Go</button></form>'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
}

/** Runs the inline script exactly as the document renders it. */
function runInlineScript(): void {
  new Function(afterFirstFrameScript())()
}

/** The scripts the page has been given to run: their addresses, in order, and whether they run in it. */
function addedScripts(): { src: string; async: boolean }[] {
  return [...document.querySelectorAll('script[src]')].map((element) => {
    const script = element as HTMLScriptElement
    return { src: script.getAttribute('src') ?? '', async: script.async }
  })
}

function paintFrame(): void {
  const pending = frames
  frames = []
  pending.forEach((callback) => callback(performance.now()))
}

beforeEach(() => {
  jest.useFakeTimers()
  frames = []
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback))
})

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

test('nothing is fetched while the page is parsed and painted; once its first frame is painted, every listed script, in order and run in that order', () => {
  renderPage()
  runInlineScript()
  expect(addedScripts()).toEqual([])
  paintFrame()
  // The frame's callbacks run before its paint: the scripts come in a task after it.
  expect(addedScripts()).toEqual([])
  jest.advanceTimersByTime(0)
  expect(addedScripts()).toEqual(LISTED.map((src) => ({ src, async: false })))
})

test('the scripts are added once: neither a later frame nor the fallback adds them again', () => {
  renderPage()
  runInlineScript()
  paintFrame()
  jest.advanceTimersByTime(0)
  window.requestAnimationFrame(() => undefined)
  paintFrame()
  jest.advanceTimersByTime(AFTER_FIRST_FRAME.fallbackMs * 2)
  expect(addedScripts()).toHaveLength(LISTED.length)
})

test('a page that renders no frame gets its scripts after the fallback, not never', () => {
  renderPage()
  runInlineScript()
  jest.advanceTimersByTime(AFTER_FIRST_FRAME.fallbackMs - 1)
  expect(addedScripts()).toEqual([])
  jest.advanceTimersByTime(1)
  expect(addedScripts().map(({ src }) => src)).toEqual(LISTED)
})

test('a page opened in a background tab, which renders no frames, loads its scripts at once', () => {
  renderPage('hidden')
  runInlineScript()
  expect(addedScripts().map(({ src }) => src)).toEqual(LISTED)
})

test('the data blocks themselves are never fetched or run, whatever the script does', () => {
  renderPage()
  runInlineScript()
  paintFrame()
  jest.advanceTimersByTime(0)
  const blocks = [...document.querySelectorAll(`script[${AFTER_FIRST_FRAME.sourceAttribute}]`)] as HTMLScriptElement[]
  expect(blocks.map((block) => [block.type, block.hasAttribute('src')])).toEqual(LISTED.map(() => ['text/plain', false]))
})

/** Submits `form` as a click on `submitter` (or Enter) would; whether its native submission was held. */
function heldSubmit(form: HTMLFormElement, submitter: HTMLElement | null = null): boolean {
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter })
  form.dispatchEvent(event)
  return event.defaultPrevented
}

test('a form that names no action never leaves natively, and keeps what was typed; the app\'s own handler still runs', () => {
  renderPage()
  runInlineScript()
  const form = document.getElementById('f') as HTMLFormElement
  const email = form.elements.namedItem('email') as HTMLInputElement
  email.value = 'ana@example.com'
  const handled: string[] = []
  form.addEventListener('submit', () => handled.push(email.value))
  expect(heldSubmit(form)).toBe(true)
  expect(email.value).toBe('ana@example.com')
  expect(handled).toEqual(['ana@example.com'])
})

test('a form that says where it goes, by its action or its button\'s formaction, leaves as it says', () => {
  renderPage()
  runInlineScript()
  expect(heldSubmit(document.getElementById('out') as HTMLFormElement, document.getElementById('plain'))).toBe(false)
  expect(heldSubmit(document.getElementById('mixed') as HTMLFormElement, document.getElementById('to'))).toBe(false)
  expect(heldSubmit(document.getElementById('mixed') as HTMLFormElement)).toBe(true)
})

test('the script text is ASCII only and the same for every page of a build, so one hash allows it', () => {
  const text = afterFirstFrameScript()
  expect(text).toMatch(/^[\n\t\u0020-\u007e]*$/)
  expect(afterFirstFrameScript()).toBe(text)
})
