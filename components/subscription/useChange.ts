import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import type { SubscriptionChangeRequest } from '@/lib/customer/account-api'
import { asAppError } from '@/lib/rio/errors/app-error'
import type { AppError } from '@/lib/types'

/** What a change says when it worked, and the part of the page that takes focus. */
export interface Done {
  message: string
  focus?: () => HTMLElement | null | undefined
}

/** What a part of the subscription page needs to send its changes. */
export interface ChangeRunner {
  /**
   * Sends one change (ignored while another is under way). On success: the same confirmation for
   * every change (a toast, announced to screen readers) and focus on the changed part; on failure
   * the error is kept for the part that sent it, and nothing typed is lost.
   * @returns true when the change was saved
   */
  run(change: SubscriptionChangeRequest, done: Done): Promise<boolean>
  /** The same for a dialog that shows its own failure: rejects with the AppError instead of keeping it. */
  confirm(change: SubscriptionChangeRequest, done: Done): Promise<void>
  /** The change under way, if any. */
  busy: SubscriptionChangeRequest | null
  /** The last failure, and which change it was. */
  error: { change: SubscriptionChangeRequest; error: AppError } | null
  clearError(): void
}

/** A failure for want of a connection (not a refusal nor a server error). */
function isUnreachable(error: ChangeRunner['error']): boolean {
  return error?.error.code === 'NETWORK' || error?.error.code === 'TIMEOUT'
}

const withoutUnreachable = (kept: ChangeRunner['error']) => (isUnreachable(kept) ? null : kept)

/**
 * One change at a time for the whole subscription page (a ref, not state: a double click must not
 * send two changes before React re-renders). A connection failure it keeps goes by itself once
 * the connection is back or `fresh` (the customer's state, as the service last sent it) changes.
 */
export function useChange(send: (change: SubscriptionChangeRequest) => Promise<void>, fresh?: unknown): ChangeRunner {
  const [busy, setBusy] = useState<SubscriptionChangeRequest | null>(null)
  const [error, setError] = useState<ChangeRunner['error']>(null)
  const inFlight = useRef(false)

  // "Cannot reach the service" is about the connection, not the change: it goes once the
  // connection is back (the browser's `online` event) or the service has answered since (`fresh`,
  // the customer's state, changed).
  const unreachable = isUnreachable(error)
  // A layout effect, so the listener is there before the message paints (see AccountContext).
  useLayoutEffect(() => {
    if (!unreachable) return
    const clear = () => setError(withoutUnreachable)
    window.addEventListener('online', clear)
    return () => window.removeEventListener('online', clear)
  }, [unreachable])
  const seen = useRef(fresh)
  useEffect(() => {
    if (seen.current === fresh) return
    seen.current = fresh
    setError(withoutUnreachable)
  }, [fresh])

  async function attempt(change: SubscriptionChangeRequest, done: Done): Promise<AppError | null | 'ignored'> {
    if (inFlight.current) return 'ignored'
    inFlight.current = true
    setBusy(change)
    setError(null)
    try {
      await send(change)
      notify.success(done.message)
      // After React has shown the change: the changed part takes focus.
      window.setTimeout(() => done.focus?.()?.focus(), 0)
      return null
    } catch (caught) {
      return asAppError(caught)
    } finally {
      inFlight.current = false
      setBusy(null)
    }
  }

  async function run(change: SubscriptionChangeRequest, done: Done): Promise<boolean> {
    const result = await attempt(change, done)
    if (result !== null && result !== 'ignored') setError({ change, error: result })
    return result === null
  }

  async function confirm(change: SubscriptionChangeRequest, done: Done): Promise<void> {
    const result = await attempt(change, done)
    if (result !== null && result !== 'ignored') throw result
  }

  return { run, confirm, busy, error, clearError: () => setError(null) }
}
