import { useRouter } from 'next/router'
import { useEffect, useRef, type ReactNode } from 'react'
import { Logo } from '@/core/ui/brand/Logo'
import { AppLink } from '@/core/ui/AppLink'
import { CookieSettingsLink } from '@/core/ui/layout/CookieSettingsLink'
import { LEGAL_ROUTES } from '@/core/legal-routes'
import { useAuth } from '@/core/session/AuthContext'
import { needs, unless } from '@/core/first-paint/names'
import { takeHeadingFocus } from './heading-focus'
import styles from './Layout.module.css'
import { STAFF_IDENTITY } from '@/core/contract'
import { ROUTES } from '@/core/routes'

interface NavItemProps {
  href: string
  children: ReactNode
  /** The first paint's marks (core/first-paint/names.ts): which browsers the item shows in before the session is known. */
  firstPaint?: object
}

// Links here and on `/` prefetch their page on hover or touch, not as soon as they are on screen:
// a visitor's load then fetches and compiles no other page's code (or `/`'s own data again).
function NavItem({ href, children, firstPaint }: NavItemProps) {
  const { pathname } = useRouter()
  const current = pathname === href
  return (
    <li {...firstPaint}>
      <AppLink href={href} className={styles.navLink} aria-current={current ? 'page' : undefined}>
        {children}
      </AppLink>
    </li>
  )
}

/** The page frame: skip link, header with the brand and navigation, main region and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { isSignedIn, isInitializing, identity } = useAuth()
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
              {/* Until the session is known both are in the page, and the first paint shows the one this
                  browser's stored session says (core/first-paint): a returning customer never sees "Sign in". */}
              {isInitializing || !isSignedIn ? (
                <NavItem href={ROUTES.signIn} firstPaint={isInitializing ? unless('customer') : undefined}>Sign in</NavItem>
              ) : null}
              {isInitializing || (isSignedIn && identity === STAFF_IDENTITY) ? (
                <NavItem href={ROUTES.roastery} firstPaint={isInitializing ? needs('staff') : undefined}>Roastery</NavItem>
              ) : null}
              {isInitializing || isSignedIn ? (
                <NavItem href={ROUTES.account} firstPaint={isInitializing ? needs('customer') : undefined}>Account</NavItem>
              ) : null}
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
            <AppLink href={LEGAL_ROUTES.imprint}>Imprint</AppLink>
            <AppLink href={LEGAL_ROUTES.terms}>Terms</AppLink>
            <CookieSettingsLink className={styles.footerButton} />
          </nav>
        </div>
      </footer>
    </>
  )
}
