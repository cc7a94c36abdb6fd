import { useCallback, useEffect, useState } from 'react'

/**
 * A whole-second countdown to a deadline. The remaining time is derived from the clock, not from
 * counting ticks, so a throttled background tab still shows the right number when it wakes up.
 * @returns seconds left (0 when idle or done) and `start(seconds)` to (re)arm it
 */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void } {
  const [deadline, setDeadline] = useState<number | null>(null)
  const [secondsLeft, setSecondsLeft] = useState(0)

  const start = useCallback((seconds: number) => {
    const safe = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0
    setSecondsLeft(safe)
    setDeadline(safe > 0 ? Date.now() + safe * 1000 : null)
  }, [])

  useEffect(() => {
    if (deadline === null) return
    const id = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setSecondsLeft(left)
      if (left === 0) setDeadline(null)
    }, 250)
    return () => window.clearInterval(id)
  }, [deadline])

  return { secondsLeft, start }
}
