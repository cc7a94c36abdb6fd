import { useCallback, useEffect, useRef, useState } from 'react'
import { STAFF_IDENTITY } from '@/lib/contract'
import type { MailDesk, UndeliveredMail } from '@/lib/roastery/mail-desk-api'
import { mapRejection, toAppErrorLater } from '@/lib/rio/errors/map-later'
import type { AppError } from '@/lib/types'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import { useT } from '@/contexts/I18nContext'

export type { UndeliveredMail } from '@/lib/roastery/mail-desk-api'

// The mail desk's requests load with the roastery page, not with the app.
const mailDeskApi = () => import('@/lib/roastery/mail-desk-api')

/** What the roastery page shows of the mail desk. */
export interface MailDeskView {
  /** null until the list first arrives. */
  mails: UndeliveredMail[] | null
  /** False when the list came from a one-off read (no live updates). */
  live: boolean
  error: AppError | null
  /** Sends one again; rejects with an AppError. */
  resend(key: string): Promise<void>
}

/**
 * The e-mails that could not be sent, live, for a staff session (nothing is opened for anyone
 * else). A hook rather than a provider: only the roastery page's one card reads it.
 */
export function useMailDesk(): MailDeskView {
  const t = useT()
  const { client, rio } = useRio()
  const { isSignedIn, identity, uid } = useAuth()
  const isStaff = isSignedIn && identity === STAFF_IDENTITY
  const [mails, setMails] = useState<UndeliveredMail[] | null>(null)
  const [live, setLive] = useState(true)
  const [error, setError] = useState<AppError | null>(null)
  const deskRef = useRef<MailDesk | null>(null)
  const key = client && isStaff ? uid ?? '' : null

  useEffect(() => {
    if (key === null) return
    let alive = true
    let stop: (() => void) | null = null
    mailDeskApi().then(({ openMailDesk }) => openMailDesk(rio)).then((desk) => {
      if (!alive) return
      deskRef.current = desk
      stop = desk.watch({
        onState: (list, isLive) => {
          if (!alive) return
          setMails(list)
          setLive(isLive)
          setError(null)
        },
        onError: (failure) => { if (alive) setError(failure) },
      })
    }, (failure: unknown) => {
      void toAppErrorLater(failure).then((mapped) => { if (alive) setError(mapped) })
    })
    return () => {
      alive = false
      stop?.()
      deskRef.current = null
    }
  }, [key, rio])

  const resend = useCallback((mailKey: string) => mapRejection(async () => {
    const desk = deskRef.current
    if (!desk) throw new Error(t('roastery.mail.notOpen'))
    await desk.resend(mailKey)
    // Live updates take it off the list; without them, take it off here.
    if (!live) setMails((prev) => (prev ? prev.filter((m) => m.key !== mailKey) : prev))
  }), [live, t])

  return { mails, live, error, resend }
}
