import { useState, useSyncExternalStore } from 'react'
import { appClockOffsetMs, subscribeAppClock } from '@/lib/clock/now'

/** The app clock's offset, re-rendering when it changes (0 on the server and at hydration). */
export function useAppClockOffset(): number {
  return useSyncExternalStore(subscribeAppClock, appClockOffsetMs, () => 0)
}

/**
 * The app's time as of this component's mount (./now.ts), moved with the backend's clock when its
 * offset arrives: what "today" means moves by days, not while the page is looked at.
 */
export function useAppNowAtMount(): number {
  const [mountedAt] = useState(() => Date.now())
  return mountedAt + useAppClockOffset()
}
