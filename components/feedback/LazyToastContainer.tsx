import { useSyncExternalStore } from 'react'
import { afterHydration } from '@/lib/react/after-hydration'
import { onToastRaised, toastRaised } from './notify'

const ToastOutlet = afterHydration(() => import('./AppToastContainer').then((module) => module.AppToastContainer))

const noToastOnServer = () => false

/**
 * The app's toast outlet, mounted (and its chunk, with react-toastify, loaded) when the page raises
 * its first toast: a visit without toasts downloads and runs none of it.
 */
export function LazyToastContainer() {
  const wanted = useSyncExternalStore(onToastRaised, toastRaised, noToastOnServer)
  return wanted ? <ToastOutlet /> : null
}
