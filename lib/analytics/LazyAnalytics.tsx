import { afterHydration } from '@/lib/react/after-hydration'
import { getGaId } from './config'

const LoadedAnalytics = afterHydration(() => import('./Analytics').then((module) => module.Analytics))

/**
 * The page-analytics script, only when NEXT_PUBLIC_GA_ID is set. Its code (@next/third-parties and
 * the Google tag) is a separate chunk loaded after hydration, so without analytics a page never
 * downloads it and with analytics it does not delay first paint.
 */
export function LazyAnalytics() {
  return getGaId() ? <LoadedAnalytics /> : null
}
