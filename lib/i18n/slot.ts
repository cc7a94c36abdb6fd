import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'
import type { MessageKey, Translate } from './types'

/** Stands in for an element inside a message; no text of the catalogue contains it. */
const MARK = '\u0000'

/**
 * A message that holds an element (a bold address, a live slot) as the text before it and the
 * text after it: `{slot}` is where the element goes, so each language places it in its own word
 * order. The caller renders `before`, the element, `after`.
 */
export function aroundSlot(t: Translate, key: MessageKey, slot: string, values: MessageValues = {}): { before: string; after: string } {
  const text = t(key, { ...values, [slot]: MARK })
  const at = text.indexOf(MARK)
  return at < 0 ? { before: text, after: '' } : { before: text.slice(0, at), after: text.slice(at + MARK.length) }
}
