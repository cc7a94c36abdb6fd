/**
 * The element a page's first frame waits for: the footer's list of languages (`#languages`,
 * components/ui/layout/LanguageSwitcher.tsx), the first element with an id after the main region.
 *
 * A browser may paint a page while its HTML is still arriving (a slow network or CPU), and a frame
 * of half a page is wrong twice: what came later moves what was painted (the header's links sit at
 * the right and move left as more arrive), and a returning customer's first frame lacks what the
 * first paint promises them (the summary below `/account`'s heading, the code field below
 * `/sign-in`'s). The document asks supporting browsers (Chromium 124+) to hold rendering until this
 * element is in the page (`<link rel="expect" blocking="render">`), so the first frame has the
 * header and the whole main region. Chromium 156 lets the frame through once the target is
 * inserted, not at its end tag (a stall inside this list still painted): the target must come
 * after what has to be whole. An existing id costs the pages' scripts nothing. The page's data
 * comes after it and its scripts load after the first frame (./after-first-frame.ts), so neither is
 * waited for; other browsers ignore the link and paint as before.
 */
export const FIRST_FRAME_TARGET_ID = 'languages'
