import { useSyncExternalStore } from 'react'
import { lazyComponent } from '@/components/react/lazy-component'
import { onToastRaised, toastsRaised } from './notify'

// Nothing renders in its place until it has loaded (never on the server or during hydration).
const toastOutlet = lazyComponent(() => import('./AppToastContainer').then((module) => module.AppToastContainer))

const noToastOnServer = () => 0

/**
 * The app's toast outlet, mounted (and its chunk, with react-toastify, loaded) when the page raises
 * its first toast: a visit without toasts downloads and runs none of it. When the chunk could not
 * load (offline), each later toast tries again.
 */
export function LazyToastContainer() {
  const raised = useSyncExternalStore(onToastRaised, toastsRaised, noToastOnServer)
  return raised > 0 ? <toastOutlet.Lazy retryKey={raised} /> : null
}
