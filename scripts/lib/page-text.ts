/**
 * What a person sees on a page, read inside the page by an init script: the e2e first-paint
 * recorder (./first-paint.ts) and the returning-customer benchmark (scripts/lib/customer-load.ts)
 * both judge a frame by it. Playwright sends an init script to the page as text, so the script can
 * refer to nothing outside itself: `withPageText` sends these readers along, as text too.
 */

/** Readers of what a person sees, built in the page. */
export interface PageText {
  /** The element is on screen: it has a box and is hidden neither by visibility nor by opacity. */
  visible(element: Element | null): element is Element
  /** The text a person sees in `node`: its shown text nodes and generated content (::before, ::after). */
  seen(node: Node): string
}

/** Builds the readers; runs in the page, so it uses nothing from this module. */
function pageText(): PageText {
  const visible = (element: Element | null): element is Element =>
    element !== null && element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && element.getClientRects().length > 0
  const pseudo = (element: Element, which: '::before' | '::after'): string => {
    const content = getComputedStyle(element, which).content
    if (!content || content === 'none' || content === 'normal') return ''
    try {
      return String(JSON.parse(content))
    } catch {
      return content.replace(/^"|"$/g, '')
    }
  }
  const seen = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node as Text).data
    if (!(node instanceof Element) || !visible(node)) return ''
    return pseudo(node, '::before') + Array.from(node.childNodes, seen).join('') + pseudo(node, '::after')
  }
  return { visible, seen }
}

/**
 * An init script for `page.addInitScript` that runs `script(text, arg)` at the start of every
 * document, with `text` built in that document. Like `addInitScript(fn, arg)`, `arg` travels as JSON.
 */
export function withPageText<Arg>(script: (text: PageText, arg: Arg) => void, arg?: Arg): { content: string } {
  // Under tsx (esbuild's keepNames) nested functions are wrapped in `__name(…)`: the page gets a stand-in.
  const content = `(${script.toString()})((${pageText.toString()})(), ${JSON.stringify(arg) ?? 'undefined'})`
  return { content: `(() => { const __name = (fn) => fn; ${content} })()` }
}
