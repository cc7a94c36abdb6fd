import { useLocale, useT } from '@/contexts/I18nContext'
import { useEffect } from 'react'
import { useCustomer, usePlanList } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'

// With the first session status (after the SDK), not with the page: no first load carries it.
const remember = () => import('@/lib/first-paint/remember')

/**
 * Keeps what a returning customer's next load paints before any script (lib/first-paint): written
 * when the customer's data arrives or changes, removed when nobody is signed in here any more
 * (signed out in this tab or another). Renders nothing.
 */
export function RememberCustomerView() {
  const { authStatus, isSignedIn, uid, email } = useAuth()
  const { account } = useCustomer()
  const { plans } = usePlanList()
  const t = useT()
  const locale = useLocale()
  useEffect(() => {
    if (authStatus === 'unknown') return
    let alive = true
    remember().then(({ rememberCustomerView }) => {
      if (alive) rememberCustomerView({ signedIn: isSignedIn, uid, email, account, plans, t, locale })
    }, () => undefined)
    return () => { alive = false }
  }, [authStatus, isSignedIn, uid, email, account, plans, t, locale])
  return null
}
