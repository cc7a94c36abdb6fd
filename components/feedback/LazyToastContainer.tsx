import dynamic from 'next/dynamic'

/**
 * The app's toast outlet, loaded in its own chunk after hydration: toasts only follow something
 * the user did, so react-toastify stays out of every page's first-load JS.
 */
export const LazyToastContainer = dynamic(
  () => import('./AppToastContainer').then((module) => module.AppToastContainer),
  { ssr: false },
)
