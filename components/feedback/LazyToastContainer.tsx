import { afterHydration } from '@/lib/react/after-hydration'

/**
 * The app's toast outlet, loaded in its own chunk after hydration: toasts only follow something
 * the user did, so react-toastify stays out of every page's first-load JS.
 */
export const LazyToastContainer = afterHydration(() => import('./AppToastContainer').then((module) => module.AppToastContainer))
