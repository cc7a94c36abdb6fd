import type { FirstPaintText } from '@/lib/first-paint/names'

/**
 * Where the first paint shows one of the customer's stored texts (lib/first-paint/paint.ts writes
 * it as this element's generated content). Empty in the HTML, so every visitor's page and its
 * hydration are the same; it takes the place the text will take once the app has the data.
 */
export function Slot({ name }: { name: FirstPaintText }) {
  return <span data-slot={name} />
}
