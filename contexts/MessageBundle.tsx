import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { I18nProvider, usePageMessagesIfAny } from '@/contexts/I18nContext'
import type { MessageBundle } from '@/lib/i18n/bundles'
import { loadMessageBundle, loadedMessageBundle } from '@/lib/i18n/load-bundle'

/** Whether a bundle's words are here, and how to fetch them. */
export interface BundleWords {
  ready: boolean
  /** Fetches them (once; rejects with what went wrong, and the next call tries again). */
  load(): Promise<void>
}

/**
 * Words of a step the page opens after its first paint (lib/i18n/bundles.ts) for everything in
 * `children`, which reads the page's words and, once `load()` has brought them, the bundle's too.
 * Lives in the chunk of the view that opens the step, not in the page's first load. Outside any page
 * (a component test) the whole catalogue is there already: ready, and nothing to fetch.
 */
export function WithMessageBundle({ bundle, children }: { bundle: MessageBundle; children: (words: BundleWords) => ReactNode }) {
  const page = usePageMessagesIfAny()
  const locale = page?.locale
  // The loader keeps what it brought, by bundle and language (a late answer for the page's previous
  // language lands beside the current one's); a landed load only has to render again.
  const [, landed] = useState(0)
  const load = useCallback(async () => {
    if (!locale) return
    await loadMessageBundle(bundle, locale)
    landed((count) => count + 1)
  }, [bundle, locale])
  const here = locale ? loadedMessageBundle(bundle, locale) ?? null : null
  const merged = useMemo(() => (page && here ? { locale: page.locale, messages: { ...here, ...page.messages } } : page), [page, here])
  const state = useMemo<BundleWords>(() => ({ ready: !page || here !== null, load }), [page, here, load])
  const inner = children(state)
  return merged ? <I18nProvider value={merged}>{inner}</I18nProvider> : <>{inner}</>
}
