import { Fragment, type ReactNode } from 'react'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'

/** A mark no message contains: a node's place in a written message. */
const slot = (name: string): string => `\u0001${name}\u0002`
const SLOT = /\u0001([A-Za-z0-9_]+)\u0002/

/**
 * A message with elements inside it (a link, a bold lead-in) in the page's language: the catalogue
 * keeps the sentence whole, `{link}`, so each language puts the link where its grammar wants it;
 * the elements are React nodes, never markup in a string.
 */
export function rich(t: Translate, key: MessageKey, nodes: Readonly<Record<string, ReactNode>>, values: MessageValues = {}): ReactNode {
  const marked: MessageValues = { ...values }
  for (const name of Object.keys(nodes)) marked[name] = slot(name)
  const parts = t(key, marked).split(SLOT)
  // split with a group: text, name, text, name, … text
  return parts.map((part, i) => <Fragment key={i}>{i % 2 === 1 ? nodes[part] ?? null : part}</Fragment>)
}
