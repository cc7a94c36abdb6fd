import { useEffect, useState, type ComponentType, type ReactNode } from 'react'

/** What `Lazy` takes besides the component's own props. */
export interface LazyProps {
  fallback?: ReactNode
  retryKey?: string | number
}

/** A component that arrives in its own chunk, and what renders in its place until then. */
export interface LazyComponent<P extends object> {
  /** Loads it (once per page; a failed load is tried again by the next call). */
  load(): Promise<ComponentType<P>>
  /**
   * Renders the component once it has loaded, starting the load on mount, and `fallback` until
   * then: on the server, during hydration, and after a failed load. A failed load is tried again
   * by the next mount or when `retryKey` changes (e.g. on the user's next attempt). Whoever must
   * tell the user about a failure calls `load()` and handles its rejection.
   */
  Lazy: ComponentType<P & LazyProps>
}

/**
 * The app's lazy loader for code a first paint does not need (the toast outlet, the analytics tag,
 * customer-only views): smaller than `next/dynamic`, whose
 * loadable runtime would add about 1.5 kB gz to every page's first-load JS.
 * @param importer the dynamic import, e.g. `() => import('./Dialog').then((m) => m.Dialog)`
 */
export function lazyComponent<P extends object>(importer: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null
  let loaded: { Component: ComponentType<P> } | null = null

  const load = (): Promise<ComponentType<P>> => {
    if (loaded) return Promise.resolve(loaded.Component)
    const loading = (pending ??= importer().then((Component) => {
      loaded = { Component }
      return Component
    }))
    loading.catch(() => { if (pending === loading) pending = null })
    return loading
  }

  function Lazy({ fallback = null, retryKey, ...props }: P & LazyProps) {
    // Already loaded: a later mount renders it at once. Never during hydration, since nothing
    // loads before it, so the server's HTML and the first client render agree.
    const [state, setState] = useState(loaded)
    useEffect(() => {
      if (state) return
      let alive = true
      load().then((Component) => { if (alive) setState({ Component }) }, () => undefined)
      return () => { alive = false }
    }, [state, retryKey])
    if (!state) return fallback
    const { Component } = state
    // The rest of the props are P: only `fallback` and `retryKey` were taken out.
    return <Component {...(props as P)} />
  }

  return { load, Lazy }
}
