/**
 * The page's footer, which its first frame waits for. A browser may paint a page while its HTML is
 * still arriving (a slow network or CPU), and a frame of half a page is wrong twice: what came
 * later moves what was painted (the header's links sit at the right and move left as more arrive),
 * and a returning customer's first frame lacks what the first paint promises them (the summary
 * below `/account`'s heading, the code field below `/sign-in`'s). The document asks supporting
 * browsers (Chromium 124+) to hold rendering until the footer is in the page (`<link rel="expect"
 * blocking="render">`), so the first frame has the header and the whole main region. Chromium lets
 * the frame through once the target element is inserted, so the target is the element after what
 * must be whole. The page's data and scripts come after the footer and are not waited for; other
 * browsers ignore the link and paint as before.
 */
export const FOOTER_ID = 'site-footer'
