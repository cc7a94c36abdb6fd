import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { translatorOf } from '@/lib/i18n/translator'
import type { Locale, PageMessages, Translate } from '@/lib/i18n/types'

export type { Translate }

let outsideAnyPage: PageMessages = { locale: 'en', messages: {} }

/**
 * The messages a component rendered outside any page reads (a component test); `_app` always gives
 * the page's own. Set once by the test setup with the English catalogue.
 */
export function setMessagesOutsidePages(messages: PageMessages): void {
  outsideAnyPage = messages
}

const I18nContext = createContext<PageMessages | null>(null)

/** The page's language and messages (from its props, lib/i18n/static-props.ts) for everything below. */
export function I18nProvider({ value, children }: { value: PageMessages | undefined; children: ReactNode }) {
  return <I18nContext.Provider value={value ?? null}>{children}</I18nContext.Provider>
}

/** The page's messages as its props gave them, or null outside any page (a component test). */
export function usePageMessagesIfAny(): PageMessages | null {
  return useContext(I18nContext)
}

function usePageMessages(): PageMessages {
  return usePageMessagesIfAny() ?? outsideAnyPage
}

/** The page's language. */
export function useLocale(): Locale {
  return usePageMessages().locale
}

/** `t(key, values)`: the page's text for `key` (lib/i18n/translator.ts). */
export function useT(): Translate {
  const page = usePageMessages()
  return useMemo(() => translatorOf(page), [page])
}
