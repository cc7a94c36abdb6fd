import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { STAFF_IDENTITY, type Board } from '@/lib/contract'
import { roasteryNotReadyError } from '@/lib/rio/errors/roastery'
import { mapRejection, toAppErrorLater } from '@/lib/rio/errors/map-later'
import type { RefundResult, RoasteryDays, ShipAllResult } from '@/lib/roastery/roastery-api'
import { deliveryDays, msUntilNextDay } from '@/lib/roastery/days'
import { appNow } from '@/lib/clock/now'
import { useAppClockOffset } from '@/contexts/useAppNow'
import { monthDays } from '@/lib/roastery/money'
import type { AppError, LoadState } from '@/lib/types'
import { useAuth } from '@/contexts/AuthContext'
import { useRio } from '@/contexts/RioContext'
import type { TrackingEntry } from '@/lib/roastery/tracking-csv'

export type { RefundResult, ShipAllResult } from '@/lib/roastery/roastery-api'

// The request layer of the roastery loads with the page that needs it, not with the app.
const roasteryApi = () => import('@/lib/roastery/roastery-api')

/**
 * How long a day's live documents may disagree (a shard's part arriving after the day's, a write
 * being retried) before the page says the board is not live.
 */
export const NOT_LIVE_AFTER_MS = 10_000

/** One delivery day as the roastery page shows it. */
export interface RoasteryDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string
  /** Null until the day's board has arrived. */
  board: Board | null
  /** False when the board came from a one-off read (no live snapshot within 5 s). */
  live: boolean
  /**
   * True when the day's live documents have disagreed for longer than NOT_LIVE_AFTER_MS: a part of
   * its packing list could not be written, so the board shown may lack deliveries or changes.
   */
  stale?: boolean
  /** Why the day's board could not be read. */
  error: AppError | null
}

export interface RoasteryContextValue {
  /** The days shown, today (UTC) first; they move on at midnight UTC. */
  days: RoasteryDay[]
  /** idle: not staff (nothing is opened); loading: opening the days; success: every board arrived; error: they could not be opened. */
  status: LoadState
  /** Why the days could not be opened. */
  error: AppError | null
  /** False while any day's board is not live (a one-off read, or stale). */
  liveUpdates: boolean
  /** Marks one delivery shipped; rejects with an AppError (code NOT_PAID when it is not paid). */
  markShipped(date: string, deliveryId: string): Promise<void>
  /** Marks every delivery of the day still scheduled and paid shipped (the rest stay on hold); rejects with an AppError when any could not be. */
  markAllShipped(date: string): Promise<ShipAllResult>
  /** Records parcels' carrier and tracking number before they ship; rejects with an AppError naming the row and field refused. */
  setTracking(date: string, entries: TrackingEntry[]): Promise<{ updated: number }>
  /** Refunds part or all of a paid delivery of one of the days; rejects with an AppError (409 above what is left). */
  refundDelivery(date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult>
  /** Reads every board of a calendar month once (`YYYY-MM`), for the money view; rejects with an AppError. */
  readMonth(month: string): Promise<Board[]>
  /** Refunds a delivery of any day (the money view's, outside the seven days); rejects with an AppError. */
  refundAnyDay(date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult>
  /** Opens the days again (after `error`). */
  retry(): void
}

const RoasteryContext = createContext<RoasteryContextValue | undefined>(undefined)
RoasteryContext.displayName = 'RoasteryContext'

/** Today's UTC day, moving on by itself at midnight UTC (a bench tablet stays open overnight). */
function useToday(): string {
  // The app's time (lib/clock): locally the backend's test clock, so the week is class code's; its
  // offset may arrive after the first render, and the days follow it at once.
  const offset = useAppClockOffset()
  const [readAt, setReadAt] = useState(() => Date.now())
  const today = deliveryDays(readAt + offset, 1)[0] as string
  useEffect(() => {
    const timer = window.setTimeout(() => setReadAt(Date.now()), msUntilNextDay(appNow()) + 1000)
    return () => window.clearTimeout(timer)
  }, [today])
  return today
}

interface Opened {
  /** Which days and session these belong to; anything of an older key is never shown. */
  key: string
  handle: RoasteryDays | null
  boards: Record<string, { board: Board; live: boolean }>
  /** Days whose live documents have disagreed for longer than NOT_LIVE_AFTER_MS. */
  stale: Record<string, boolean>
  errors: Record<string, AppError>
  error: AppError | null
}

const nothingOpened = (key: string): Opened => ({ key, handle: null, boards: {}, stale: {}, errors: {}, error: null })


/** The next seven delivery days' boards, live, for a staff session. Needs the app's providers above it. */
export function RoasteryProvider({ children }: { children: ReactNode }) {
  const { client, rio } = useRio()
  const { isSignedIn, identity, uid } = useAuth()
  const today = useToday()
  const dates = useMemo(() => deliveryDays(Date.parse(`${today}T12:00:00Z`)), [today])
  const isStaff = isSignedIn && identity === STAFF_IDENTITY
  const [attempt, setAttempt] = useState(0)
  const key = client && isStaff ? `${uid ?? ''}|${today}|${attempt}` : ''
  const [opened, setOpened] = useState<Opened>(() => nothingOpened(''))
  const handleRef = useRef<RoasteryDays | null>(null)

  useEffect(() => {
    if (!key) return
    let alive = true
    let stop: (() => void) | null = null
    const update = (change: (prev: Opened) => Opened) => {
      if (alive) setOpened((prev) => change(prev.key === key ? prev : nothingOpened(key)))
    }
    /** Days whose documents disagree now, and the timer that calls them stale. */
    const disagreeing = new Map<string, number>()
    const setStale = (date: string, stale: boolean) => update((prev) => (prev.stale[date] === stale ? prev : { ...prev, stale: { ...prev.stale, [date]: stale } }))
    const judge = (date: string, complete: boolean) => {
      const timer = disagreeing.get(date)
      if (complete) {
        if (timer !== undefined) window.clearTimeout(timer)
        disagreeing.delete(date)
        setStale(date, false)
      } else if (timer === undefined) {
        disagreeing.set(date, window.setTimeout(() => setStale(date, true), NOT_LIVE_AFTER_MS))
      }
    }
    roasteryApi().then(({ openRoasteryDays }) => openRoasteryDays(rio, dates)).then((handle) => {
      if (!alive) return
      handleRef.current = handle
      update((prev) => ({ ...prev, handle }))
      stop = handle.watch({
        onBoard: (date, board, live, complete) => {
          update((prev) => {
            const errors = { ...prev.errors }
            delete errors[date]
            return { ...prev, errors, boards: { ...prev.boards, [date]: { board, live } } }
          })
          judge(date, complete)
        },
        onError: (date, error) => update((prev) => ({ ...prev, errors: { ...prev.errors, [date]: error } })),
      })
    }).catch((error: unknown) => toAppErrorLater(error).then((appError) => update((prev) => ({ ...prev, error: appError }))))
    return () => {
      alive = false
      disagreeing.forEach((timer) => window.clearTimeout(timer))
      stop?.()
      handleRef.current = null
      // Nothing of this session or these days may show after they change.
      setOpened(nothingOpened(''))
    }
  }, [key, rio, dates])

  const current = opened.key === key && key ? opened : nothingOpened(key)

  /** Runs an action on the opened days, rejecting only with a mapped error; a day that is not live is read again after it. */
  const act = useCallback(<T,>(date: string, action: (handle: RoasteryDays) => Promise<T>): Promise<T> => mapRejection(async () => {
    const handle = handleRef.current
    if (!handle) throw roasteryNotReadyError()
    try {
      return await action(handle)
    } finally {
      if (current.boards[date]?.live === false) {
        handle.readBoard(date).then(
          (board) => setOpened((prev) => (prev.handle === handle ? { ...prev, boards: { ...prev.boards, [date]: { board, live: false } } } : prev)),
          // The action's own outcome is what the caller reports; a stale board is better than a second error.
          () => undefined,
        )
      }
    }
  }), [current.boards])

  const markShipped = useCallback((date: string, deliveryId: string) => act(date, (handle) => handle.markShipped(date, deliveryId)), [act])
  const markAllShipped = useCallback((date: string) => act(date, (handle) => handle.markAllShipped(date)), [act])
  const setTracking = useCallback((date: string, entries: TrackingEntry[]) => act(date, (handle) => handle.setTracking(date, entries)), [act])
  const refundDelivery = useCallback((date: string, deliveryId: string, amountCents: number, reason: string) =>
    act(date, (handle) => handle.refundDelivery(date, deliveryId, amountCents, reason)), [act])
  const readMonth = useCallback((month: string) => mapRejection(async () => {
    const { readRoasteryBoards } = await roasteryApi()
    return readRoasteryBoards(rio, monthDays(month))
  }), [rio])
  const refundAnyDay = useCallback((date: string, deliveryId: string, amountCents: number, reason: string) => mapRejection(async () => {
    const { refundOnDay } = await roasteryApi()
    return refundOnDay(rio, date, deliveryId, amountCents, reason)
  }), [rio])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  const days = useMemo<RoasteryDay[]>(() => dates.map((date) => ({
    date,
    board: current.boards[date]?.board ?? null,
    live: current.boards[date]?.live !== false,
    stale: current.stale[date] === true,
    error: current.errors[date] ?? null,
  })), [dates, current.boards, current.stale, current.errors])

  const status: LoadState = !key ? 'idle'
    : current.error ? 'error'
    : days.every((day) => day.board || day.error) ? 'success' : 'loading'

  const value = useMemo<RoasteryContextValue>(() => ({
    days,
    status,
    error: current.error,
    liveUpdates: days.every((day) => day.live && !day.stale),
    markShipped,
    markAllShipped,
    setTracking,
    refundDelivery,
    readMonth,
    refundAnyDay,
    retry,
  }), [days, status, current.error, markShipped, markAllShipped, setTracking, refundDelivery, readMonth, refundAnyDay, retry])

  return <RoasteryContext.Provider value={value}>{children}</RoasteryContext.Provider>
}

/** The roastery's days and actions. Throws outside a RoasteryProvider. */
export function useRoastery(): RoasteryContextValue {
  const context = useContext(RoasteryContext)
  if (context === undefined) throw new Error('useRoastery must be used within a RoasteryProvider')
  return context
}
