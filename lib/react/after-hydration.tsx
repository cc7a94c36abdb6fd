import { useEffect, useState, type ComponentType } from 'react'

/**
 * A component whose code arrives in its own chunk after hydration, for parts of the shell no first
 * paint needs (the toast outlet, the analytics tag). It renders nothing on the server, during
 * hydration and until its chunk has loaded; a chunk that fails to load leaves it rendering nothing,
 * and the next mount tries again.
 *
 * The shell's own lazy loader, instead of `next/dynamic`, whose loadable runtime would add about
 * 1.5 kB gz to every page's first-load JS for what an effect and a state do here.
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // One load per page, shared by every mount (and StrictMode's second effect run).
  let pending: Promise<ComponentType<P>> | null = null
  function AfterHydration(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null)
    useEffect(() => {
      let alive = true
      const loading = (pending ??= load())
      loading.then(
        (component) => { if (alive) setLoaded(() => component) },
        () => { if (pending === loading) pending = null },
      )
      return () => { alive = false }
    }, [])
    return Loaded ? <Loaded {...props} /> : null
  }
  return AfterHydration
}
