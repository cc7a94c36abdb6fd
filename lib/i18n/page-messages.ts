/**
 * What a page is sent of the catalogue: the namespaces it shows, in its language, compiled so the
 * browser writes them without the parser (BeanBloomKit/i18n/render.ts). Server side only (a page's
 * getStaticProps): the catalogue of six languages never enters a browser bundle.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'
import { compileMessage } from '@retter-shared/BeanBloomKit/i18n/message'
import { NAMESPACES, type Namespace } from '@retter-shared/BeanBloomKit/i18n/messages'
import { pseudoMessage } from './pseudo'
import type { PageMessages } from './types'

/**
 * Every page shows the frame (header, footer, consent) and may show a failure of the service: the
 * frame's namespace and the errors' (a dozen short texts) come with each.
 */
const ALWAYS: Namespace[] = ['shell', 'errors']

/**
 * A part of the catalogue a page is sent: a whole namespace (`'plans'`), or the keys of a namespace
 * under a prefix (`'subscription.line'`: that key and every `subscription.line.…`), for a page that
 * shows a few of a large namespace's words.
 */
export type MessagePart = Namespace | `${Namespace}.${string}`

/** The namespace a part belongs to, and the prefix its keys start with (none: the whole namespace). */
function partOf(part: MessagePart): { namespace: Namespace; prefix?: string } {
  const dot = part.indexOf('.')
  if (dot < 0) return { namespace: part as Namespace }
  const namespace = part.slice(0, dot)
  if (!(namespace in NAMESPACES)) throw new Error(`"${part}" names no namespace of the catalogue`)
  return { namespace: namespace as Namespace, prefix: part }
}

/**
 * The messages a page in `locale` needs: the frame's and `parts`.
 * @param locale the page's locale as Next gives it (undefined outside i18n routing: English)
 * @param parts namespaces, or prefixes of their keys; a prefix that matches no key throws, so a
 *   misspelt one fails the build instead of leaving a page without its words
 */
export function pageMessages(locale: string | undefined, parts: readonly MessagePart[] = []): PageMessages {
  const language: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE
  return { locale: language, messages: bundleMessages(language, [...ALWAYS, ...parts]) }
}

/**
 * `parts` of the catalogue in `language`, compiled, without the frame's: what a page loads after its
 * first paint (./bundles.ts). A prefix that matches no key throws, as for a page.
 */
export function bundleMessages(language: Locale, parts: readonly MessagePart[]): PageMessages['messages'] {
  const messages: PageMessages['messages'] = {}
  // A build for the pseudo-locale journey (./pseudo.ts): every language's words accented and longer.
  const pseudo = process.env.I18N_PSEUDO === '1'
  for (const part of new Set<MessagePart>(parts)) {
    const { namespace, prefix } = partOf(part)
    const texts: Readonly<Record<string, string>> = NAMESPACES[namespace][language]
    let matched = false
    for (const [key, text] of Object.entries(texts)) {
      if (prefix !== undefined && key !== prefix && !key.startsWith(prefix + '.')) continue
      matched = true
      messages[key] = pseudo ? pseudoMessage(compileMessage(text)) : compileMessage(text)
    }
    if (!matched) throw new Error(`No message of the catalogue is "${part}" or starts with "${part}."`)
  }
  return messages
}
