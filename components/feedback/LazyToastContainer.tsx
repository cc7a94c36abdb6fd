import { useSyncExternalStore } from 'react'
import { afterHydration } from '@/lib/react/after-hydration'
import { onToastRaised, toastsRaised } from './notify'

const ToastOutlet = afterHydration(() => import('./AppToastContainer').then((module) => module.AppToastContainer))

const noToastOnServer = () => 0

/**
 * The app's toast outlet, mounted (and its chunk, with react-toastify, loaded) when the page raises
 * its first toast: a visit without toasts downloads and runs none of it. When the chunk could not
 * load (offline), each later toast tries again.
 */
export function LazyToastContainer() {
  const raised = useSyncExternalStore(onToastRaised, toastsRaised, noToastOnServer)
  return raised > 0 ? <ToastOutlet retryKey={raised} /> : null
}
