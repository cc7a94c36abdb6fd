/**
 * Requests of the `MailDesk` class, for staff: the e-mails that failed every try of their
 * customer's outbox (live, from the staff role state) and sending one again. Every failure leaves
 * here as an `AppError` made by `./errors`.
 */
import type { RioAccessor } from '@/lib/rio/client'
import { guarded } from '@/lib/rio/errors/map'
import { subscribeLiveState, type LiveStateHandlers } from '@/lib/rio/state'

/** The class and its one instance. */
export const MAIL_DESK_CLASS = 'MailDesk'
export const MAIL_DESK_INSTANCE = 'desk'

/** One e-mail that could not be sent, as staff see it (never its body). */
export interface UndeliveredMail {
  /** What "Send again" names. */
  key: string
  to: string
  subject: string
  /** ISO instant of the last failed try. */
  failedAt: string
  attempts: number
  /** The mail server's last answer. */
  error: string
}

/** The open desk: its list, live, and sending one again. */
export interface MailDesk {
  /** Follows the list (`live` false when it came from the one-off read); returns a stop function. */
  watch(handlers: LiveStateHandlers<UndeliveredMail[]>): () => void
  /** Puts the e-mail back into its customer's outbox for a fresh round of tries. Rejects with an AppError. */
  resend(key: string): Promise<void>
}

function listOf(role: Record<string, unknown>): UndeliveredMail[] {
  const list = (role as { deadLetters?: unknown }).deadLetters
  if (!Array.isArray(list)) return []
  return list.filter((entry): entry is UndeliveredMail => typeof entry === 'object' && entry !== null && typeof (entry as UndeliveredMail).key === 'string')
}

/**
 * Opens the mail desk (creating it when no e-mail has failed yet: an empty list). Staff only.
 * Rejects with an AppError.
 */
export function openMailDesk(rio: RioAccessor): Promise<MailDesk> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: MAIL_DESK_CLASS, instanceId: MAIL_DESK_INSTANCE })
    return {
      watch(handlers) {
        return subscribeLiveState<Record<string, unknown>>(object, {
          onState: (role, live) => handlers.onState(listOf(role), live),
          onError: handlers.onError,
        }, undefined, 'role')
      },
      async resend(key) {
        await guarded(() => object.call({ method: 'resendDeadLetter', body: { key } }))
      },
    }
  })
}
