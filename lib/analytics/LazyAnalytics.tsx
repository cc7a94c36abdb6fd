import { lazyComponent } from '@/lib/react/lazy-component'
import { getGaId } from './config'

const analytics = lazyComponent(() => import('./Analytics').then((module) => module.Analytics))

/**
 * The page-analytics script, only when NEXT_PUBLIC_GA_ID is set. Its code (@next/third-parties and
 * the Google tag) is a separate chunk loaded after hydration, so without analytics a page never
 * downloads it and with analytics it does not delay first paint.
 */
export function LazyAnalytics() {
  return getGaId() ? <analytics.Lazy /> : null
}
