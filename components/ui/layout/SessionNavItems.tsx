import { useT } from '@/contexts/I18nContext'
import { useAuth } from '@/contexts/AuthContext'
import { needs, unless } from '@/lib/first-paint/names'
import { STAFF_IDENTITY } from '@/lib/contract'
import { ROUTES } from '@/lib/routes'
import { NavItem } from './NavItem'

/**
 * The header's links that depend on the session: "Sign in" for visitors, "Account" for customers,
 * also "Roastery" for staff. The one part of the layout that knows the first paint
 * (lib/first-paint): until the session is known all three are in the page, and the first paint
 * shows the ones this browser's stored session says, so a returning customer never sees "Sign in".
 */
export function SessionNavItems() {
  const t = useT()
  const { isSignedIn, isInitializing, identity } = useAuth()
  const firstPaint = (marks: Readonly<Record<string, string>>) => (isInitializing ? marks : undefined)
  return (
    <>
      {isInitializing || !isSignedIn ? (
        <NavItem href={ROUTES.signIn} item={firstPaint(unless('customer'))}>{t('shell.nav.signIn')}</NavItem>
      ) : null}
      {isInitializing || (isSignedIn && identity === STAFF_IDENTITY) ? (
        <NavItem href={ROUTES.roastery} item={firstPaint(needs('staff'))}>{t('shell.nav.roastery')}</NavItem>
      ) : null}
      {isInitializing || isSignedIn ? (
        <NavItem href={ROUTES.account} item={firstPaint(needs('customer'))}>{t('shell.nav.account')}</NavItem>
      ) : null}
    </>
  )
}
