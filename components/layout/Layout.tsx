import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useRef, type ReactNode } from 'react'
import { Logo } from '@/components/brand/Logo'
import { useAuth } from '@/contexts/AuthContext'
import { takeHeadingFocus } from './headingFocus'
import styles from './Layout.module.css'
import { STAFF_IDENTITY } from '@/lib/contract'
import { ROUTES } from '@/lib/routes'

interface NavItemProps {
  href: string
  children: ReactNode
}

// Links here and on `/` prefetch their page on hover or touch, not as soon as they are on screen:
// a visitor's load then fetches and compiles no other page's code (or `/`'s own data again).
function NavItem({ href, children }: NavItemProps) {
  const { pathname } = useRouter()
  const current = pathname === href
  return (
    <li>
      <Link href={href} prefetch={false} className={styles.navLink} aria-current={current ? 'page' : undefined}>
        {children}
      </Link>
    </li>
  )
}

/** The page frame: skip link, header with the brand and navigation, main region and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { isSignedIn, restoringSession, identity } = useAuth()
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
          <Link href={ROUTES.plans} prefetch={false} className={styles.brand} aria-label="Bean & Bloom home">
            <Logo />
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <ul>
              <NavItem href={ROUTES.plans}>Plans</NavItem>
              {restoringSession ? (
                // Keeps the header from jumping while a stored session is being restored; a
                // visitor gets "Sign in" at first paint.
                <li aria-hidden="true" className={styles.navPlaceholder} />
              ) : isSignedIn ? (
                <>
                  {identity === STAFF_IDENTITY ? <NavItem href={ROUTES.roastery}>Roastery</NavItem> : null}
                  <NavItem href={ROUTES.account}>Account</NavItem>
                </>
              ) : (
                <NavItem href={ROUTES.signIn}>Sign in</NavItem>
              )}
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
        </div>
      </footer>
    </>
  )
}
