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

/** The page frame: skip link, header with the brand and navigation, main region and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { asPath } = useRouter()
  const mainRef = useRef<HTMLElement>(null)
  // Runs after the new page has rendered its heading.
  useEffect(() => takeHeadingFocus(mainRef.current), [asPath])
  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <AppLink href={ROUTES.plans} className={styles.brand} aria-label="Bean & Bloom home">
            <Logo />
          </AppLink>
          <nav aria-label="Main" className={styles.nav}>
            <ul>
              <NavItem href={ROUTES.plans}>Plans</NavItem>
              <SessionNavItems />
            </ul>
          </nav>
        </div>
      </header>
      <main ref={mainRef} id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <p>Bean &amp; Bloom Coffee House: fresh roasts, delivered on your schedule.</p>
          <p>Cancel or change your plan any time.</p>
          <nav aria-label="Legal" className={styles.legal}>
            <AppLink href={LEGAL_ROUTES.privacy}>Privacy</AppLink>
            <AppLink href={`${LEGAL_ROUTES.imprint}#contact`}>Contact</AppLink>
            <AppLink href={LEGAL_ROUTES.imprint}>Imprint</AppLink>
            <AppLink href={LEGAL_ROUTES.terms}>Terms</AppLink>
            <CookieSettingsLink className={styles.footerButton} />
          </nav>
        </div>
      </footer>
    </>
  )
}
