import { useRouter } from 'next/router'
import { useLocale, useT } from '@/contexts/I18nContext'
import { LOCALES, localePath, rememberLocale } from '@/lib/i18n/paths'
import styles from './Layout.module.css'

/** Each language by its own name, as a speaker looks for it (in LOCALES' order). */
const NAMES = ['English', 'Deutsch', 'Français', 'Nederlands', 'Italiano', 'Español']

/**
 * The languages, each a link to this page in it: a full page load (the backend's calls carry the
 * page's language from the start), remembered in Next's locale cookie so `/` keeps the choice
 * over the browser's Accept-Language. The footer holds the whole list; the header, where a phone
 * has no room for six names, a link to it named by the current language ("EN"). Both work before
 * the page's script has run.
 */
export function LanguageSwitcher({ place }: { place: 'header' | 'footer' }) {
  const t = useT()
  const current = useLocale()
  // asPath is the app's path without the language ("/account?x=1").
  const { asPath } = useRouter()
  const name = NAMES[LOCALES.indexOf(current)]
  if (place === 'header') {
    return (
      <a href={`#${LANGUAGES_ID}`} className={`${styles.navLink} ${styles.languageLink}`} aria-label={t('shell.languageNow', { language: name as string })}>
        {current.toUpperCase()}
      </a>
    )
  }
  return (
    <nav id={LANGUAGES_ID} aria-label={t('shell.language')} className={styles.languages}>
      <ul>
        {LOCALES.map((locale, index) => (
          <li key={locale}>
            <a href={localePath(locale, asPath)} hrefLang={locale} lang={locale} aria-current={locale === current || undefined} onClick={() => rememberLocale(locale)}>
              {NAMES[index]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The footer's list of languages, which the header's link leads to and a page's first frame waits for (lib/document/first-frame.ts). */
const LANGUAGES_ID = 'languages'
