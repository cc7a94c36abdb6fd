import { useRouter } from 'next/router'
import { useLocale, useT } from '@/contexts/I18nContext'
import { LOCALES, localePath, rememberLocale } from '@/lib/i18n/paths'
import type { Locale } from '@/lib/i18n/types'
import styles from './Layout.module.css'

/** Each language by its own name, as a speaker looks for it. */
const NAMES: Readonly<Record<Locale, string>> = {
  en: 'English', de: 'Deutsch', fr: 'Français', nl: 'Nederlands', it: 'Italiano', es: 'Español',
}

/**
 * The languages, each a link to this page in it: a full page load (the backend's calls carry the
 * page's language from the start), remembered in Next's locale cookie so `/` keeps the choice
 * over the browser's Accept-Language. In the header a compact disclosure (`EN ▾`), in the footer
 * the whole list; both work before the page's script has run.
 */
export function LanguageSwitcher({ place }: { place: 'header' | 'footer' }) {
  const t = useT()
  const current = useLocale()
  const { asPath } = useRouter()
  // asPath is the app's path without the language ("/account?x=1").
  const links = LOCALES.map((locale) => (
    <li key={locale}>
      <a
        href={localePath(locale, asPath)}
        hrefLang={locale}
        lang={locale}
        aria-current={locale === current ? 'true' : undefined}
        onClick={() => rememberLocale(locale)}
      >
        {NAMES[locale]}
      </a>
    </li>
  ))
  if (place === 'footer') {
    return (
      <nav aria-label={t('shell.language')} className={styles.languages}>
        <ul>{links}</ul>
      </nav>
    )
  }
  return (
    <details className={styles.languageMenu}>
      <summary aria-label={`${t('shell.language')}: ${NAMES[current]}`}>
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </summary>
      <ul>{links}</ul>
    </details>
  )
}
