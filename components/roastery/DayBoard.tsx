import { useEffect, useRef, useState } from 'react'
import type { Board } from '@/lib/roastery/board'
import type { RefundResult, RoasteryDay, ShipAllResult } from '@/contexts/RoasteryContext'
import type { BoardDelivery } from '@/lib/contract'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { formatDeliveryDay } from '@/lib/format/date'
import { asAppError } from '@/lib/rio/errors/app-error'
import { packingListCsv, packingListFileName, type CsvLabels } from '@/lib/roastery/csv'
import { dayStateText } from '@/lib/roastery/day-state'
import { dayIso } from '@/lib/roastery/days'
import { shippingState, splitBoard } from '@/lib/roastery/payment'
import { refundedText } from '@/lib/roastery/money'
import { DayTotals } from './DayTotals'
import { downloadText } from '@/lib/roastery/download'
import { PackingList } from './PackingList'
import { RefundDialog } from './RefundDialog'
import { ShipAllDialog } from './ShipAllDialog'
import { TrackingDialog } from './TrackingDialog'
import { TrackingImportDialog } from './TrackingImportDialog'
import type { TrackingEntry } from '@/lib/roastery/tracking-csv'
import { SHIP_UNDO_MS, useShipUndo } from './useShipUndo'
import styles from './Roastery.module.css'
import { useEuros } from './useEuros'

export interface DayBoardProps {
  day: RoasteryDay
  /** Days from today (0 today, 1 tomorrow). */
  offset: number
  /** Days the customers can no longer change (being roasted and packed). */
  leadDays: number
  /** How the page names plans, grinds and roasts (in its language). */
  labels: CsvLabels
  /** How the packing list's CSV names them (English, the file's format); `labels` when omitted. */
  csvLabels?: CsvLabels
  onShip(date: string, deliveryId: string): Promise<void>
  onShipAll(date: string): Promise<ShipAllResult>
  /** Refunds part or all of a paid delivery (none: no refund buttons). */
  onRefund?(date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult>
  /** Records parcels' carrier and tracking number before they ship (none: no tracking buttons). */
  onSetTracking?(date: string, entries: TrackingEntry[]): Promise<{ updated: number }>
}

type Message = { tone: 'done' | 'error'; text: string }

const RELATIVE: MessageKey[] = ['roastery.day.today', 'roastery.day.tomorrow']

/** The id of a day's section (the day navigation links to it). */
export function daySectionId(date: string): string {
  return `day-${date}`
}

/** Why one delivery was not marked shipped, naming it: the backend's words, or ours for a delivery not paid. */
function notShippedText(t: Translate, delivery: BoardDelivery, caught: unknown): string {
  const error = asAppError(caught)
  // The board showed it paid, but the roastery (or the customer's account) found it not paid: a
  // payment that failed or was refunded meanwhile. The live board moves it on hold by itself.
  if (error.code === 'NOT_PAID') return t('roastery.message.notPaid', { name: delivery.name })
  return t('roastery.message.notShipped', { name: delivery.name, error: error.message })
}

/**
 * One delivery day: what to roast (totals), the packing list of the paid deliveries with "Mark
 * shipped" on each, apart from it the deliveries on hold awaiting payment (no button: the roastery
 * refuses them), "Mark all shipped" (behind a confirmation, saying how many it ships and how many
 * stay on hold) and the packing list as CSV. "Mark shipped" is sent only after SHIP_UNDO_MS, during
 * which the row counts down and its button undoes it (the customer's e-mail goes with the request,
 * so a mis-tap must cost nothing); leaving the page sends what waits at once (useShipUndo).
 * Outcomes are one line in the day: announced politely when done, as an alert when not.
 */
export function DayBoard({ day, offset, leadDays, labels, csvLabels = labels, onShip, onShipAll, onRefund, onSetTracking }: DayBoardProps) {
  const t = useT()
  const locale = useLocale()
  const { date, board, error: loadError } = day
  const headingId = `${daySectionId(date)}-title`
  const dayLabel = formatDeliveryDay(dayIso(date), locale)
  const deliveries = board?.deliveries ?? []
  const split = splitBoard(deliveries)
  const actions = useDayActions({ date, board, split, onShip, onShipAll, onRefund, onSetTracking })
  const { message, dialog, setDialog } = actions

  return (
    <section id={daySectionId(date)} className={`card ${styles.day}`} aria-labelledby={headingId} tabIndex={-1}>
      <DayHeader
        date={date}
        board={board}
        split={split}
        offset={offset}
        leadDays={leadDays}
        headingId={headingId}
        dayLabel={dayLabel}
        failed={Boolean(loadError)}
        onShipAll={() => setDialog({ kind: 'ship-all' })}
        onExport={() => { if (board) downloadText(packingListFileName(date), packingListCsv(board, csvLabels)) }}
        onImport={onSetTracking ? () => setDialog({ kind: 'import' }) : undefined}
      />

      {loadError ? <p className={styles.error} role="alert">{t('roastery.day.loadFailed', { day: dayLabel, error: loadError.message })}</p> : null}
      <div aria-live="polite" className={styles.message}>
        {message?.tone === 'done' ? <p className={styles.done}>{message.text}</p> : null}
      </div>
      {message?.tone === 'error' ? <p className={styles.error} role="alert">{message.text}</p> : null}

      {!board && !loadError ? <span className="skeleton" style={{ width: '100%', height: '4rem' }} aria-hidden="true" /> : null}
      {board && deliveries.length > 0 ? (
        <>
          <h3 className={styles.subTitle} id={`${headingId}-roast`}>{t('roastery.day.toRoast')}</h3>
          <DayTotals board={board} labels={labels} headingId={`${headingId}-roast`} />
          <h3 className={styles.subTitle} id={`${headingId}-pack`}>{t('roastery.day.packingList')}</h3>
          {split.packing.length > 0
            ? <PackingList deliveries={split.packing} labels={labels} headingId={`${headingId}-pack`} sending={actions.sending} waiting={actions.secondsLeft} onShip={actions.startShipping} onUndo={actions.undoShipping} onRefund={onRefund ? (delivery) => setDialog({ kind: 'refund', delivery }) : undefined} onTracking={onSetTracking ? (delivery) => setDialog({ kind: 'tracking', delivery }) : undefined} />
            : <p className={styles.muted}>{t('roastery.day.nothingToPack')}</p>}
          {split.onHold.length > 0 ? (
            <div className={styles.held}>
              <h3 className={styles.subTitle} id={`${headingId}-held`}>{t('roastery.day.onHoldTitle')}</h3>
              <p className={styles.muted}>{t('roastery.day.onHoldText')}</p>
              <PackingList deliveries={split.onHold} labels={labels} headingId={`${headingId}-held`} sending={actions.sending} waiting={actions.secondsLeft} onShip={actions.startShipping} onUndo={actions.undoShipping} />
            </div>
          ) : null}
        </>
      ) : null}

      <DayDialog dialog={dialog} dayLabel={dayLabel} deliveries={deliveries} toShip={split.ready.length} onHold={split.onHold.length} actions={actions} />
    </section>
  )
}

/** Which dialog of the day is open: one at a time. */
type DayDialogState = { kind: 'ship-all' } | { kind: 'import' } | { kind: 'refund' | 'tracking'; delivery: BoardDelivery } | null

type Split = ReturnType<typeof splitBoard>

/** The day's title, its one-line summary and state, and its actions (mark all shipped, CSV, tracking import). */
function DayHeader({ date, board, split, offset, leadDays, headingId, dayLabel, failed, onShipAll, onExport, onImport }: {
  date: string
  board: Board | null | undefined
  split: Split
  offset: number
  leadDays: number
  headingId: string
  dayLabel: string
  failed: boolean
  onShipAll(): void
  onExport(): void
  onImport?(): void
}) {
  const t = useT()
  const deliveries = board?.deliveries ?? []
  const toShip = split.ready.length
  const onHold = split.onHold.length
  const bags = deliveries.reduce((sum, d) => sum + d.bags, 0)
  return (
    <header className={styles.dayHeader}>
      <div>
        <h2 id={headingId} className={styles.dayTitle}>
          {offset < RELATIVE.length ? <span className={styles.relative}>{t(RELATIVE[offset] as MessageKey)}</span> : null}
          <time dateTime={date}>{dayLabel}</time>
        </h2>
        <p className={styles.summary}>
          {board
            ? deliveries.length === 0
              ? t('roastery.day.noDeliveries')
              : t(onHold > 0 ? 'roastery.day.summaryOnHold' : 'roastery.day.summary', { deliveries: deliveries.length, bags, shipped: split.shipped.length, onHold })
            : failed ? t('roastery.day.notAvailable') : t('roastery.day.loading')}
        </p>
        {board ? <p className={styles.muted}>{dayStateText({ offset, leadDays, total: deliveries.length, shipped: split.shipped.length }, t)}</p> : null}
      </div>
      {board && deliveries.length > 0 ? (
        <div className={styles.dayActions}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onShipAll}
            disabled={toShip === 0}
            aria-describedby={onHold > 0 ? `${headingId}-held-count` : undefined}
          >
            {toShip > 0 ? t('roastery.day.shipAll', { count: toShip }) : onHold > 0 ? t('roastery.day.nothingPaid') : t('roastery.day.allShipped')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onExport}>
            {t('roastery.downloadCsv')}<span className="visually-hidden"> {t('roastery.day.csvFor', { day: dayLabel })}</span>
          </button>
          {onImport && deliveries.length > split.shipped.length ? (
            <button type="button" className="btn btn-secondary" onClick={onImport}>
              {t('roastery.day.importTracking')}<span className="visually-hidden"> {t('roastery.day.importTrackingFor', { day: dayLabel })}</span>
            </button>
          ) : null}
          {onHold > 0 ? (
            <p id={`${headingId}-held-count`} className={styles.muted}>
              {toShip > 0 ? t('roastery.day.shipsAndHeld', { toShip, onHold }) : t('roastery.day.held', { onHold })}
            </p>
          ) : null}
        </div>
      ) : null}
    </header>
  )
}

/** The open dialog of the day, if any: a refund, a parcel's tracking, a tracking import, or "mark all shipped". */
function DayDialog({ dialog, dayLabel, deliveries, toShip, onHold, actions }: {
  dialog: DayDialogState
  dayLabel: string
  deliveries: readonly BoardDelivery[]
  toShip: number
  onHold: number
  actions: DayActions
}) {
  const t = useT()
  const close = () => actions.setDialog(null)
  if (dialog?.kind === 'refund') {
    const { delivery } = dialog
    return <RefundDialog delivery={delivery} dayLabel={dayLabel} onRefund={(cents, reason) => actions.refund(delivery, cents, reason)} onClose={close} />
  }
  if (dialog?.kind === 'tracking') {
    const { delivery } = dialog
    return (
      <TrackingDialog
        delivery={delivery}
        onSave={(carrier, trackingNumber) => actions.saveTracking([{ deliveryId: delivery.deliveryId, carrier, trackingNumber }], t('roastery.message.trackingSaved', { name: delivery.name }))}
        onClose={close}
      />
    )
  }
  if (dialog?.kind === 'import') {
    return (
      <TrackingImportDialog
        dayLabel={dayLabel}
        deliveryIds={deliveries.filter((d) => d.status === 'scheduled').map((d) => d.deliveryId)}
        onImport={(entries) => actions.saveTracking(entries, t('roastery.message.trackingImported', { count: entries.length }))}
        onClose={close}
      />
    )
  }
  if (dialog?.kind === 'ship-all') return <ShipAllDialog dayLabel={dayLabel} count={toShip} onHold={onHold} onConfirm={actions.shipAll} onClose={close} />
  return null
}

type DayActions = ReturnType<typeof useDayActions>

/**
 * What a day's buttons do: "Mark shipped" after its undo wait, shipping now, "Mark all shipped",
 * a refund, tracking numbers; each outcome one message in the day.
 */
function useDayActions({ date, board, split, onShip, onShipAll, onRefund, onSetTracking }: Pick<DayBoardProps, 'onShip' | 'onShipAll' | 'onRefund' | 'onSetTracking'> & {
  date: string
  board: Board | null | undefined
  split: Split
}) {
  const t = useT()
  const euros = useEuros()
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set())
  // A ref as well as state: a second tap can come before React re-renders.
  const inFlight = useRef(new Set<string>())
  const [message, setMessage] = useState<Message | null>(null)
  const [dialog, setDialog] = useState<DayDialogState>(null)

  async function ship(delivery: BoardDelivery): Promise<void> {
    if (inFlight.current.has(delivery.deliveryId)) return
    inFlight.current.add(delivery.deliveryId)
    setSending(new Set(inFlight.current))
    setMessage(null)
    try {
      await onShip(date, delivery.deliveryId)
      setMessage({ tone: 'done', text: t('roastery.message.shipped', { name: delivery.name }) })
    } catch (caught) {
      setMessage({ tone: 'error', text: notShippedText(t, delivery, caught) })
    } finally {
      inFlight.current.delete(delivery.deliveryId)
      setSending(new Set(inFlight.current))
    }
  }

  // The board as it is when a wait ends: the delivery may have shipped or gone on hold meanwhile.
  const latest = useRef(board?.deliveries ?? [])
  useEffect(() => {
    latest.current = board?.deliveries ?? []
  }, [board])
  const undoable = useShipUndo((deliveryId) => {
    const delivery = latest.current.find((d) => d.deliveryId === deliveryId)
    if (delivery && shippingState(delivery) === 'ready') void ship(delivery)
  })
  const secondsLeft = useSecondsLeft(undoable.pending)

  function startShipping(delivery: BoardDelivery): void {
    undoable.schedule(delivery.deliveryId)
    setMessage({ tone: 'done', text: t('roastery.message.shipping', { name: delivery.name, seconds: SHIP_UNDO_MS / 1000 }) })
  }

  function undoShipping(delivery: BoardDelivery): void {
    if (undoable.undo(delivery.deliveryId)) setMessage({ tone: 'done', text: t('roastery.message.undone', { name: delivery.name }) })
  }

  async function shipAll(): Promise<void> {
    setMessage(null)
    // It ships every paid delivery, those waiting to be sent too: their waits must not send them
    // again (should it fail, they stay to ship, with their button).
    undoable.drop(split.ready.map((d) => d.deliveryId))
    const result = await onShipAll(date)
    setDialog(null)
    const text = result.onHold > 0
      ? t('roastery.message.shippedAllHeld', { count: result.shipped, onHold: result.onHold })
      : t('roastery.message.shippedAll', { count: result.shipped })
    setMessage({ tone: 'done', text })
  }

  async function refund(delivery: BoardDelivery, amountCents: number, reason: string): Promise<void> {
    if (!onRefund) return
    setMessage(null)
    const result = await onRefund(date, delivery.deliveryId, amountCents, reason)
    setDialog(null)
    setMessage({ tone: 'done', text: refundedText(t, euros(result.amountCents), delivery.name, result.creditNote) })
  }

  async function saveTracking(entries: TrackingEntry[], done: string): Promise<void> {
    if (!onSetTracking) return
    setMessage(null)
    await onSetTracking(date, entries)
    setDialog(null)
    setMessage({ tone: 'done', text: done })
  }

  return { sending, message, dialog, setDialog, secondsLeft, startShipping, undoShipping, shipAll, refund, saveTracking }
}

/** Whole seconds until each waiting delivery is sent, counted down once a second while any waits. */
function useSecondsLeft(pending: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  const [now, setNow] = useState(() => Date.now())
  const waiting = pending.size > 0
  useEffect(() => {
    if (!waiting) return undefined
    const first = setTimeout(() => setNow(Date.now()), 0)
    const tick = setInterval(() => setNow(Date.now()), 250)
    return () => {
      clearTimeout(first)
      clearInterval(tick)
    }
  }, [waiting])
  // Until the first tick `now` may be older than the wait: never more than the whole wait.
  const full = SHIP_UNDO_MS / 1000
  return new Map([...pending].map(([id, sendsAt]) => [id, Math.min(full, Math.max(1, Math.ceil((sendsAt - now) / 1000)))]))
}
