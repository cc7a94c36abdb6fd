/**
 * The page's inline script, run as the browser runs it (its own text, in this document): what a
 * visitor, a returning customer and a tab with a pending sign-in are shown before any other script,
 * that stored texts cannot escape their CSS string, and where a signed-in customer on /sign-in goes.
 */
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { CUSTOMER_VIEW_VERSION, customerViewKey, type CustomerView, type ViewPeriod } from '@/lib/first-paint/customer-view'
import { PAINTED_ATTRIBUTE, PENDING_SIGN_IN_KEY, STYLE_ID } from '@/lib/first-paint/names'
import { firstPaintConfig, firstPaintScript, paintFirstView } from '@/lib/first-paint/paint'
import { safeNextPath } from '@/lib/format/next-path'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import { FIRST_PAINT_FALLBACK_CSS, storeSession } from '@/test/first-paint'

const PROJECT = 'coffee-local'
const config = firstPaintConfig(PROJECT)

const DAY = 86_400_000

function storeView(overrides: Partial<CustomerView> = {}, period: Partial<ViewPeriod> = {}): void {
  const view: CustomerView = {
    v: CUSTOMER_VIEW_VERSION, project: PROJECT, uid: 'usr_1', savedAt: new Date().toISOString(),
    periods: [{ from: 0, flags: ['switch', 'current', 'next-live'], texts: { 'plan-line': 'You’re on Barista · next delivery Thu 3 Dec' }, plan: 'barista', ...period }],
    until: Date.now() + 14 * DAY,
    ...overrides,
  }
  window.localStorage.setItem(customerViewKey(PROJECT), JSON.stringify(view))
}

/** Runs the inline script exactly as the document renders it (its text, not the imported function). */
function runInlineScript(): void {
  new Function(firstPaintScript(config))()
}

/** The parts a page renders for every case, as the components mark them. */
function markedParts(): Record<string, HTMLElement> {
  document.body.innerHTML = `
    <nav><a id="sign-in" data-unless="customer">Sign in</a><a id="account" data-needs="customer">Account</a></nav>
    <p id="line" data-needs="plan-line"><span data-slot="plan-line"></span></p>
    <article data-plan-card="barista"><span id="barista-current" data-needs="current">Your plan</span><button id="barista-switch" data-needs="switch">Switch</button></article>
    <article data-plan-card="taster"><span id="taster-current" data-needs="current">Your plan</span><button id="taster-switch" data-needs="switch">Switch</button></article>
    <section id="email-step" data-unless="pending"></section><section id="code-step" data-needs="pending"></section>`
  const parts: Record<string, HTMLElement> = {}
  document.querySelectorAll<HTMLElement>('[id]').forEach((element) => { parts[element.id] = element })
  return parts
}

const shown = (element: HTMLElement | undefined) => element !== undefined && getComputedStyle(element).display !== 'none'
const style = () => document.getElementById(STYLE_ID)?.textContent ?? ''

/** Marks the page's parts and runs the inline script over them, as a page load does. */
function paint(): Record<string, HTMLElement> {
  const parts = markedParts()
  runInlineScript()
  return parts
}

/** Whether each named part is shown, in one comparison (a failure lists every part). */
function expectShown(parts: Record<string, HTMLElement>, expected: Record<string, boolean>): void {
  expect(Object.fromEntries(Object.keys(expected).map((name) => [name, shown(parts[name])]))).toEqual(expected)
}

/** The value of the CSS string that follows `prefix` in `css`, decoded as a CSS parser decodes it. */
function cssStringAfter(css: string, prefix: string): string {
  let i = css.indexOf(prefix)
  if (i < 0) throw new Error(`${prefix} is not in the style`)
  i += prefix.length
  if (css[i] !== '"') throw new Error('no string there')
  let value = ''
  for (i += 1; i < css.length; i++) {
    const c = css[i] ?? ''
    if (c === '"') return value
    if (c === '\n') throw new Error('a raw newline ends a CSS string (bad string)')
    if (c !== '\\') {
      value += c
      continue
    }
    const hex = /^[0-9a-fA-F]{1,6}/.exec(css.slice(i + 1))?.[0]
    if (!hex) {
      value += css[i + 1] ?? ''
      i += 1
      continue
    }
    value += String.fromCodePoint(parseInt(hex, 16))
    i += hex.length
    if (/\s/.test(css[i + 1] ?? '')) i += 1
  }
  throw new Error('unterminated CSS string')
}

test('the page’s stylesheet holds the fallback these tests install (a page without the script is a visitor’s)', () => {
  const globals = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'styles', 'globals.css'), 'utf8')
  expect(globals).toContain(FIRST_PAINT_FALLBACK_CSS)
})

test('the script is ASCII, holds no "</script", and says which project it reads', () => {
  const text = firstPaintScript(config)
  expect(text).toMatch(/^[\x20-\x7e\n\t]*$/)
  expect(text.toLowerCase()).not.toContain('</script')
  expect(text).toContain(JSON.stringify(tokenStorageKey(PROJECT)))
})

test('a visitor’s page: the customer’s parts hidden, the visitor’s shown, nothing painted from storage', () => {
  const parts = paint()
  expect(document.documentElement.hasAttribute(PAINTED_ATTRIBUTE)).toBe(true)
  expectShown(parts, { 'sign-in': true, account: false, line: false, 'email-step': true, 'code-step': false })
  expect(style()).not.toContain('content:')
})

test('an anonymous session is a visitor, whatever view is stored', () => {
  storeSession(PROJECT, 'anon_1', true)
  storeView({ uid: 'anon_1' })
  const parts = paint()
  expectShown(parts, { 'sign-in': true, line: false })
})

test('a returning customer: "Account" instead of "Sign in", their line with its words, their plan marked on its card only', () => {
  storeSession(PROJECT, 'usr_1')
  storeView()
  const parts = paint()
  expectShown(parts, { 'sign-in': false, account: true, line: true })
  expect(cssStringAfter(style(), '[data-slot="plan-line"]::before{content:')).toBe('You’re on Barista · next delivery Thu 3 Dec')
  expectShown(parts, { 'barista-current': true, 'barista-switch': false, 'taster-current': false, 'taster-switch': true })
  expect(style()).toContain('[data-plan-card="barista"]{--current-plan:1}')
})

test.each([
  ['another customer’s view (another uid)', { uid: 'usr_2' }],
  ['another project’s view', { project: 'other-project' }],
  ['another version', { v: 2 as unknown as 1 }],
])('%s paints only the signed-in shell, none of its words', (_case, overrides) => {
  storeSession(PROJECT, 'usr_1')
  storeView(overrides)
  const parts = paint()
  expectShown(parts, { 'sign-in': false, account: true, line: false, 'barista-current': false })
  expect(style()).not.toContain('content:')
})

test('the day’s period paints: the next delivery moves on after its day; past the view’s end, only the shell', () => {
  storeSession(PROJECT, 'usr_1')
  const now = Date.now()
  storeView({ until: now + 6 * DAY }, {})
  const stored = JSON.parse(window.localStorage.getItem(customerViewKey(PROJECT)) ?? '{}') as CustomerView
  stored.periods.push({ from: now + 2 * DAY, flags: ['switch', 'current', 'next-live'], texts: { 'plan-line': 'You’re on Barista · next delivery Thu 10 Dec' }, plan: 'barista' })
  window.localStorage.setItem(customerViewKey(PROJECT), JSON.stringify(stored))
  const parts = markedParts()
  const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms)
  try {
    at(now + DAY)
    runInlineScript()
    expect(cssStringAfter(style(), '[data-slot="plan-line"]::before{content:')).toBe('You’re on Barista · next delivery Thu 3 Dec')
    at(now + 3 * DAY)
    runInlineScript()
    expect(cssStringAfter(style(), '[data-slot="plan-line"]::before{content:')).toBe('You’re on Barista · next delivery Thu 10 Dec')
    at(now + 6 * DAY)
    runInlineScript()
    expect(style()).not.toContain('content:')
    expectShown(parts, { account: true, line: false })
  } finally {
    jest.restoreAllMocks()
  }
})

test('a malformed view or token paints no customer words, and never throws', () => {
  storeSession(PROJECT, 'usr_1')
  window.localStorage.setItem(customerViewKey(PROJECT), '{"v":1,"project":')
  const parts = markedParts()
  expect(runInlineScript).not.toThrow()
  expectShown(parts, { account: true, line: false })

  window.localStorage.setItem(tokenStorageKey(PROJECT), 'not json')
  runInlineScript()
  expectShown(parts, { 'sign-in': true, account: false })
})

test('blocked storage leaves a visitor’s page (the stylesheet’s fallback), with no stale customer style', () => {
  storeSession(PROJECT, 'usr_1')
  storeView()
  const parts = paint()
  expect(shown(parts.line)).toBe(true)
  const blocked = { document, get localStorage(): Storage { throw new DOMException('denied', 'SecurityError') } } as unknown as Window
  paintFirstView(blocked, config, false)
  expect(document.documentElement.hasAttribute(PAINTED_ATTRIBUTE)).toBe(false)
  expect(style()).toBe('')
  expectShown(parts, { line: false, 'sign-in': true })
})

test('a sign-in waiting for its code shows the code step with where the code went and the seconds left to resend', () => {
  const now = Date.now()
  window.sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify({ email: 'ana@example.com', sentTo: 'ana@example.com', expiresAt: now + 240_000, resendAt: now + 20_500 }))
  const parts = paint()
  expectShown(parts, { 'email-step': false, 'code-step': true })
  // Wrapping where the code step's <wbr>s let it wrap.
  expect(cssStringAfter(style(), '[data-slot="sent-to"]::before{content:')).toBe('ana@\u200bexample\u200b.com')
  expect(Number(cssStringAfter(style(), '[data-slot="resend-wait"]::before{content:'))).toBeGreaterThanOrEqual(20)
})

test('an expired pending sign-in shows the e-mail step', () => {
  window.sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify({ email: 'a@example.com', sentTo: 'a@example.com', expiresAt: Date.now() - 1, resendAt: null }))
  const parts = paint()
  expectShown(parts, { 'email-step': true, 'code-step': false })
})

test('any stored text reads back exactly from its CSS string: quotes, backslashes, newlines and "</style>" cannot break out (property)', () => {
  storeSession(PROJECT, 'usr_1')
  markedParts()
  fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.constantFrom('"}body{display:none}', '\\', '\n\r\f', '</style><script>', '\\"; x')), (text) => {
    storeView({}, { texts: { 'plan-line': text } })
    runInlineScript()
    expect(cssStringAfter(style(), '[data-slot="plan-line"]::before{content:')).toBe(text)
  }))
})

test('a view naming a plan id that is not a plain word is not used: no card marked, nothing reaches a selector', () => {
  storeSession(PROJECT, 'usr_1')
  storeView({}, { plan: 'x"],body,[a="' })
  const parts = paint()
  expect(style()).not.toContain('body,')
  expectShown(parts, { account: true, line: false, 'barista-current': false, 'taster-current': false })
})

describe('a signed-in customer opening /sign-in', () => {
  function signInWindow(search: string, pathname = '/sign-in') {
    const replace = jest.fn()
    const win = { document, localStorage: window.localStorage, sessionStorage: window.sessionStorage, location: { pathname, search, replace } }
    return { win: win as unknown as Window, replace }
  }

  test('is sent on before anything of the page paints, to where the page itself would send them (property)', () => {
    storeSession(PROJECT, 'usr_1')
    const paths = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 40 }).map((rest) => `/${rest}`),
      fc.constantFrom('//evil.example', '/\\evil.example', '/sign-in?next=/account', '/account\u0000', 'https://evil.example', '/?plan=barista'),
    )
    fc.assert(fc.property(fc.option(paths, { nil: undefined }), (next) => {
      const { win, replace } = signInWindow(next === undefined ? '' : `?${new URLSearchParams({ next }).toString()}`)
      paintFirstView(win, config, true)
      expect(replace).toHaveBeenCalledTimes(1)
      expect(replace).toHaveBeenCalledWith(safeNextPath(next))
      expect(style()).toContain('body{visibility:hidden')
    }))
  })

  test('in another language, the same place in that language', () => {
    storeSession(PROJECT, 'usr_1')
    const cases: [string, string, string][] = [
      ['/de/sign-in', '', '/de/account'],
      ['/fr/sign-in', `?${new URLSearchParams({ next: '/?plan=barista' })}`, '/fr?plan=barista'],
      ['/nl/sign-in', `?${new URLSearchParams({ next: '/' })}`, '/nl'],
      ['/it/sign-in', `?${new URLSearchParams({ next: '//evil.example' })}`, '/it/account'],
    ]
    for (const [pathname, search, to] of cases) {
      const { win, replace } = signInWindow(search, pathname)
      paintFirstView(win, config, true)
      expect(replace).toHaveBeenCalledWith(to)
    }
    // Only a language of the shop is a prefix: /xx/sign-in is no sign-in page.
    const other = signInWindow('', '/xx/sign-in')
    paintFirstView(other.win, config, true)
    expect(other.replace).not.toHaveBeenCalled()
  })

  test('a visitor, and a repaint by the app, stay', () => {
    const visitor = signInWindow('?next=/account')
    paintFirstView(visitor.win, config, true)
    expect(visitor.replace).not.toHaveBeenCalled()
    storeSession(PROJECT, 'usr_1')
    const repaint = signInWindow('')
    paintFirstView(repaint.win, config, false)
    expect(repaint.replace).not.toHaveBeenCalled()
    expect(style()).not.toContain('visibility:hidden')
  })
})
