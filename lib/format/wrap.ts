/** Where a long e-mail or resource name may wrap ("name@ / example.com"), instead of mid-word. */

/** Break after "@" and before "." "+" "-" "_". */
export const BREAK_POINTS = /(?<=@)|(?=[.+\-_])/

/**
 * `text` with a zero-width space at each break point: the same wrap opportunities `<wbr>` gives
 * (components/ui/Wrappable.tsx), for text drawn as generated content, where no element can go.
 */
export function softWrapped(text: string): string {
  return text.split(BREAK_POINTS).join('\u200b')
}
