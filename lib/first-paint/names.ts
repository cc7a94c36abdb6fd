/**
 * The names the first paint of a returning customer is made of, shared by the page's inline script
 * (./paint.ts), the app's record of what it last showed (./customer-view.ts) and the components
 * that mark where that shows (`data-needs`, `data-unless`, `data-slot`).
 *
 * A static page is rendered once for everyone. Before it paints, the inline script reads this
 * browser's storage and turns it into a set of keys and texts: an element marked
 * `data-needs="k"` is shown only when key `k` is present, one marked `data-unless="k"` only when it
 * is not, and `data-slot="k"` shows text `k` (as generated content). Text keys are keys too.
 */
// Types only (erased): the lists themselves stay out of a page's first load.
import type { FirstPaintFlag, FirstPaintText } from './customer-view'

/** The keys, listed with what each means in ./customer-view.ts (FIRST_PAINT_FLAGS, FIRST_PAINT_TEXTS). */
export type { FirstPaintFlag, FirstPaintText }

export type FirstPaintKey = FirstPaintFlag | FirstPaintText

/**
 * The `<html>` attribute the inline script sets once it has painted. Without it (no script, blocked
 * storage) the stylesheet hides every `data-needs` element: a visitor's page.
 */
export const PAINTED_ATTRIBUTE = 'data-first-paint'
/** The id of the `<style>` the inline script writes. */
export const STYLE_ID = 'first-paint-view'
/** The sessionStorage key of a sign-in waiting for its code (lib/sign-in/pending-sign-in.ts). */
export const PENDING_SIGN_IN_KEY = 'bean-and-bloom.pending-sign-in'

/** Shown only when `key` is present. */
export function needs(key: FirstPaintKey): { 'data-needs': FirstPaintKey } {
  return { 'data-needs': key }
}

/** Shown only when `key` is absent. */
export function unless(key: FirstPaintKey): { 'data-unless': FirstPaintKey } {
  return { 'data-unless': key }
}

/**
 * Marks a plan's card, so the one the customer is on can be told apart: the first paint hides the
 * other cards' current-plan marks and sets `--current-plan: 1` on its card.
 */
export function planCard(planId: string): { 'data-plan-card': string } {
  return { 'data-plan-card': planId }
}
