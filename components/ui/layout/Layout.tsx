import { useRouter } from 'next/router'
import { useEffect, useRef, type ReactNode } from 'react'
import { Logo } from '@/components/ui/brand/Logo'
import { AppLink } from '@/components/ui/AppLink'
import { CookieSettingsLink } from '@/components/ui/layout/CookieSettingsLink'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { takeHeadingFocus } from './heading-focus'
import { NavItem } from './NavItem'
import { SessionNavItems } from './SessionNavItems'
import styles from './Layout.module.css'
import { ROUTES } from '@/lib/routes'
import { useT } from '@/contexts/I18nContext'
import { LanguageSwitcher } from './LanguageSwitcher'

/** The page frame: skip link, header with the brand and navigation, main region and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { asPath } = useRouter()
  const mainRef = useRef<HTMLElement>(null)
  const t = useT()
  // Runs after the new page has rendered its heading.
  useEffect(() => takeHeadingFocus(mainRef.current), [asPath])
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('shell.skip')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <AppLink href={ROUTES.plans} className={styles.brand} aria-label={t('shell.home')}>
            <Logo />
          </AppLink>
          <nav aria-label={t('shell.nav.main')} className={styles.nav}>
            <ul>
              <NavItem href={ROUTES.plans}>{t('shell.nav.plans')}</NavItem>
              <SessionNavItems />
            </ul>
          </nav>
          <LanguageSwitcher place="header" />
        </div>
      </header>
      <main ref={mainRef} id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p>{t('shell.footer.tagline')}</p>
          <p>{t('shell.footer.promise')}</p>
          <nav aria-label={t('shell.nav.legal')} className={styles.legal}>
            <AppLink href={LEGAL_ROUTES.privacy}>{t('shell.legal.privacy')}</AppLink>
            <AppLink href={`${LEGAL_ROUTES.imprint}#contact`}>{t('shell.legal.contact')}</AppLink>
            <AppLink href={LEGAL_ROUTES.imprint}>{t('shell.legal.imprint')}</AppLink>
            <AppLink href={LEGAL_ROUTES.terms}>{t('shell.legal.terms')}</AppLink>
            <CookieSettingsLink className={styles.footerButton} />
          </nav>
          {/* The first frame waits for this list: everything above it is whole (lib/document/first-frame.ts). */}
          <LanguageSwitcher place="footer" />
        </div>
      </footer>
    </>
  )
}
