/**
 * After a navigation the app caused (such as leaving the sign-in page), focus goes to the new
 * page's main heading, so screen-reader and keyboard users hear where they landed instead of
 * staying on a button that no longer exists. Ordinary link clicks keep the browser's behaviour.
 */
let requested = false

/** Asks the layout to focus the next page's main heading once it has rendered. */
export function focusHeadingAfterNavigation(): void {
  requested = true
}

/** Focuses the main heading when it was asked for; called by the layout after each page change. */
export function takeHeadingFocus(main: HTMLElement | null): void {
  if (!requested || !main) return
  const heading = main.querySelector<HTMLElement>('h1')
  if (!heading) return
  requested = false
  // Headings are not focusable by default; -1 keeps them out of the Tab order.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
}
