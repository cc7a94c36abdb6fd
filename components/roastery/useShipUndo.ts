import { useRouter } from 'next/router'
import { useCallback, useEffect, useRef, useState } from 'react'

/** How long a "Mark shipped" waits, undoable, before it is sent (and the customer e-mailed). */
export const SHIP_UNDO_MS = 8000

export interface ShipUndo {
  /** Deliveries waiting to be sent, each with the time (ms since epoch) it is sent at. */
  pending: ReadonlyMap<string, number>
  /** Starts the wait for a delivery; `send` runs when it is over (or sooner, see `flush`). */
  schedule(deliveryId: string): void
  /** Cancels a delivery's wait: nothing is sent. False when it was not waiting (already sent). */
  undo(deliveryId: string): boolean
  /** Forgets waits without sending them (something else ships those deliveries). */
  drop(deliveryIds: Iterable<string>): void
}

/**
 * "Mark shipped" with a short undo: a tap only starts a wait of `delayMs`; `send` runs when it is
 * over, unless it was undone. One mis-tap then costs nothing, since the customer's e-mail goes only
 * with the request. Leaving sends what waits at once rather than losing it: a route change within
 * the app, the page being hidden for good (pagehide), unmounting, and a reload or close (there the
 * browser also asks whether to leave, which gives the requests time to go).
 * @param send marks one delivery shipped (its outcome is the caller's to report)
 * @param delayMs the wait (SHIP_UNDO_MS)
 */
export function useShipUndo(send: (deliveryId: string) => void, delayMs: number = SHIP_UNDO_MS): ShipUndo {
  const router = useRouter()
  const [pending, setPending] = useState<ReadonlyMap<string, number>>(new Map())
  // The waits themselves: a ref, so a timer, an undo and a flush agree even between renders.
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; sendsAt: number }>())
  const sendRef = useRef(send)
  useEffect(() => {
    sendRef.current = send
  }, [send])

  const publish = useCallback(() => {
    setPending(new Map([...timers.current].map(([id, wait]) => [id, wait.sendsAt])))
  }, [])

  const fire = useCallback((deliveryId: string) => {
    const wait = timers.current.get(deliveryId)
    if (!wait) return
    clearTimeout(wait.timer)
    timers.current.delete(deliveryId)
    publish()
    sendRef.current(deliveryId)
  }, [publish])

  const schedule = useCallback((deliveryId: string) => {
    if (timers.current.has(deliveryId)) return
    const timer = setTimeout(() => fire(deliveryId), delayMs)
    timers.current.set(deliveryId, { timer, sendsAt: Date.now() + delayMs })
    publish()
  }, [delayMs, fire, publish])

  const undo = useCallback((deliveryId: string) => {
    const wait = timers.current.get(deliveryId)
    if (!wait) return false
    clearTimeout(wait.timer)
    timers.current.delete(deliveryId)
    publish()
    return true
  }, [publish])

  const drop = useCallback((deliveryIds: Iterable<string>) => {
    for (const id of deliveryIds) {
      const wait = timers.current.get(id)
      if (wait) clearTimeout(wait.timer)
      timers.current.delete(id)
    }
    publish()
  }, [publish])

  useEffect(() => {
    const flush = () => [...timers.current.keys()].forEach(fire)
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (timers.current.size === 0) return
      flush()
      event.preventDefault()
    }
    router.events.on('routeChangeStart', flush)
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', beforeUnload)
    return () => {
      router.events.off('routeChangeStart', flush)
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', beforeUnload)
      flush()
    }
  }, [router.events, fire])

  return { pending, schedule, undo, drop }
}
