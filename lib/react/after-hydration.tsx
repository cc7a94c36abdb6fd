import type { ComponentType } from 'react'
import { lazyComponent, type LazyProps } from './lazy-component'

/**
 * A component whose code arrives in its own chunk after hydration, for parts of the shell no first
 * paint needs (the toast outlet, the analytics tag). It renders nothing on the server, during
 * hydration and until its chunk has loaded; a chunk that fails to load leaves it rendering nothing
 * until the next mount or a new `retryKey`.
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P & Pick<LazyProps, 'retryKey'>> {
  return lazyComponent(load).Lazy
}
