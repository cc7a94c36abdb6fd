/**
 * Watching a load from its first moment: an init script records what the page shows at every
 * animation frame and after every DOM change (the header's links, the sign-in steps, the customer's
 * plan line and delivery date, the hero heading), in every document of the load (a redirect
 * included), plus each layout shift. "Never for a frame" is then a check over every recorded
 * state, not only the last one.
 */
import type { Page } from '@playwright/test'
import { withPageText, type PageText } from '../../scripts/lib/page-text'

/** What the page showed at one moment. Texts are what a person sees, generated content included. */
export interface ShownState {
  path: string
  /** ms since the document's navigation started. */
  at: number
  /** After a DOM change rather than at a frame (such a state may never be painted; stricter). */
  fromMutation: boolean
  headerLinks: string[]
  h1: string | null
  stepLabel: string | null
  emailField: boolean
  codeField: boolean
  planLine: string | null
  nextDelivery: string | null
  /** Names of the plan cards showing "Your plan". */
  yourPlan: string[]
  /** Names of the plan cards on screen (a frame painted while the HTML is still parsed may have none yet). */
  planCards: string[]
}

export interface LoadRecord {
  states: ShownState[]
  /** Layout shift values (no recent input), every document of the load. */
  shifts: number[]
  /** What moved in each shift, for the failure message: element, class and its boxes before and after. */
  shiftSources: string[]
}

declare global {
  interface Window {
    __firstPaintState(state: ShownState): void
    __firstPaintShift(value: number, sources: string): void
  }
}

function recorder({ visible, seen }: PageText): void {
  const text = (element: Element | null): string | null => (visible(element) ? seen(element).replace(/\s+/g, ' ').trim() : null)
  // Consecutive equal states are sent once, frames and DOM changes each on their own.
  const last = { frame: '', mutation: '' }
  const record = (fromMutation: boolean) => {
    if (!document.body) return
    const state = {
      path: location.pathname,
      at: Math.round(performance.now()),
      fromMutation,
      headerLinks: Array.from(document.querySelectorAll('header nav a')).filter(visible).map((link) => seen(link).trim()).filter(Boolean),
      h1: Array.from(document.querySelectorAll('main h1')).map(text).find((heading) => heading !== null) ?? null,
      stepLabel: Array.from(document.querySelectorAll('main section p')).map(text).find((line) => line !== null && /^Step \d of 2$/.test(line)) ?? null,
      emailField: visible(document.getElementById('sign-in-email')),
      codeField: visible(document.getElementById('sign-in-code')),
      planLine: text(document.querySelector('[data-testid="current-plan-line"]')),
      nextDelivery: text(document.querySelector('[data-testid="next-delivery"]')),
      yourPlan: Array.from(document.querySelectorAll('main article'))
        .filter((card) => Array.from(card.querySelectorAll('span')).some((badge) => text(badge) === 'Your plan'))
        .map((card) => text(card.querySelector('h2')) ?? ''),
      planCards: Array.from(document.querySelectorAll('main article')).filter(visible).map((card) => text(card.querySelector('h2')) ?? ''),
    }
    const key = JSON.stringify({ ...state, at: 0 })
    const source = fromMutation ? 'mutation' : 'frame'
    if (key === last[source]) return
    last[source] = key
    window.__firstPaintState(state)
  }
  new MutationObserver(() => record(true)).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  const frame = () => {
    record(false)
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  new PerformanceObserver((list) => {
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] }>) {
      if (entry.hadRecentInput) continue
      const sources = entry.sources.map((source) => {
        const node = source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : String(source.node?.nodeName)
        return `${node} ${box(source.previousRect)} → ${box(source.currentRect)}`
      })
      window.__firstPaintShift(entry.value, `${location.pathname} at ${Math.round(entry.startTime)} ms: ${sources.join('; ')}`)
    }
  }).observe({ type: 'layout-shift', buffered: true })
}


/** Starts recording every later load of `page` (call before navigating). */
export async function recordLoads(page: Page): Promise<LoadRecord> {
  const record: LoadRecord = { states: [], shifts: [], shiftSources: [] }
  await page.exposeFunction('__firstPaintState', (state: ShownState) => { record.states.push(state) })
  await page.exposeFunction('__firstPaintShift', (value: number, sources: string) => {
    record.shifts.push(value)
    record.shiftSources.push(sources)
  })
  await page.addInitScript(withPageText(recorder))
  return record
}

/** Forgets what was recorded so far (the next load starts clean). */
export function clearRecord(record: LoadRecord): void {
  record.states.length = 0
  record.shifts.length = 0
  record.shiftSources.length = 0
}

/** Runs the page's CPU 4× slower, as Lighthouse's mobile profile does. */
export async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** Waits until the page shows the customer's data rather than its first paint (no first-paint parts left). */
export async function waitForFreshData(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('main [data-needs], main [data-slot]').length === 0, undefined, { timeout: 30_000 })
  // Layout shifts are reported after the frame that made them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}
