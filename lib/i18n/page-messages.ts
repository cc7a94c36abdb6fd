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
 * The messages a page in `locale` needs: the frame's and `namespaces`.
 * @param locale the page's locale as Next gives it (undefined outside i18n routing: English)
 */
export function pageMessages(locale: string | undefined, namespaces: readonly Namespace[] = []): PageMessages {
  const language: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE
  const messages: PageMessages['messages'] = {}
  // A build for the pseudo-locale journey (./pseudo.ts): every language's words accented and longer.
  const pseudo = process.env.I18N_PSEUDO === '1'
  for (const name of new Set([...ALWAYS, ...namespaces])) {
    const texts: Readonly<Record<string, string>> = NAMESPACES[name][language]
    for (const [key, text] of Object.entries(texts)) messages[key] = pseudo ? pseudoMessage(compileMessage(text)) : compileMessage(text)
  }
  return { locale: language, messages }
}
