import { lazyComponent } from '@/components/react/lazy-component'
import { getGaId } from '@/lib/analytics/config'

const consent = lazyComponent(() => import('./ConsentAndAnalytics').then((module) => module.ConsentAndAnalytics))

/**
 * The analytics choice and the tag, only when NEXT_PUBLIC_GA_ID is set (without analytics the shop
 * sets no optional cookie and asks nothing). Their code is a separate chunk loaded after hydration:
 * no blocking script, and first paint does not wait for it.
 */
export function LazyConsent() {
  return getGaId() ? <consent.Lazy /> : null
}
