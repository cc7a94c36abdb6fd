import { useRef, useState } from 'react'
import { asAppError } from '@/lib/rio/errors/app-error'
import type { AppError } from '@/lib/types'

/** What a confirmation dialog needs to send its one action. */
export interface SendOnce<A extends unknown[]> {
  /** Sends once: ignored while a send is under way; a failure becomes `error` and allows a retry. */
  send(...args: A): Promise<void>
  sending: boolean
  error: AppError | null
  /** True from the click until the send failed (a dialog must not close under a send). */
  inFlight(): boolean
}

/**
 * The confirm button of a dialog: one click sends one request, even on a double click (a ref, not
 * state, because a second click can come before React re-renders). On success it stays "sending"
 * while the caller closes the dialog; on failure it shows the error and keeps what was typed.
 */
export function useSendOnce<A extends unknown[]>(action: (...args: A) => Promise<void>): SendOnce<A> {
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const inFlight = useRef(false)

  async function send(...args: A): Promise<void> {
    if (inFlight.current) return
    inFlight.current = true
    setSending(true)
    setError(null)
    try {
      await action(...args)
    } catch (caught) {
      setError(asAppError(caught))
      inFlight.current = false
      setSending(false)
    }
  }

  return { send, sending, error, inFlight: () => inFlight.current }
}
