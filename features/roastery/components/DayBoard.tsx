import { useEffect, useRef, useState } from 'react'
import type { RefundResult, RoasteryDay, ShipAllResult } from '../state/RoasteryContext'
import type { BoardDelivery } from '@/core/contract'
import { formatDeliveryDay } from '@/core/format/date'
import { asAppError } from '@/core/rio/errors/app-error'
import { packingListCsv, packingListFileName, type CsvLabels } from '../rules/csv'
import { dayStateText } from '../rules/day-state'
import { dayIso } from '../rules/days'
import { shippingState, splitBoard } from '../rules/payment'
import { DayTotals } from './DayTotals'
import { downloadText } from '../rules/download'
import { PackingList } from './PackingList'
import { RefundDialog } from './RefundDialog'
import { ShipAllDialog } from './ShipAllDialog'
import { TrackingDialog } from './TrackingDialog'
import { TrackingImportDialog } from './TrackingImportDialog'
import type { TrackingEntry } from '../rules/tracking-csv'
import { SHIP_UNDO_MS, useShipUndo } from './useShipUndo'
import styles from './Roastery.module.css'
import { euros } from '@retter-shared/BeanBloomKit/money'

export interface DayBoardProps {
  day: RoasteryDay
  /** Days from today (0 today, 1 tomorrow). */
  offset: number
  /** Days the customers can no longer change (being roasted and packed). */
  leadDays: number
  labels: CsvLabels
  onShip(date: string, deliveryId: string): Promise<void>
  onShipAll(date: string): Promise<ShipAllResult>
  /** Refunds part or all of a paid delivery (none: no refund buttons). */
  onRefund?(date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult>
  /** Records parcels' carrier and tracking number before they ship (none: no tracking buttons). */
  onSetTracking?(date: string, entries: TrackingEntry[]): Promise<{ updated: number }>
  locale?: string
}

type Message = { tone: 'done' | 'error'; text: string }

const RELATIVE = ['Today', 'Tomorrow']

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** The id of a day's section (the day navigation links to it). */
export function daySectionId(date: string): string {
  return `day-${date}`
}

/** Why one delivery was not marked shipped, naming it: the backend's words, or ours for a delivery not paid. */
function notShippedText(delivery: BoardDelivery, caught: unknown): string {
  const error = asAppError(caught)
  // The board showed it paid, but the roastery (or the customer's account) found it not paid: a
  // payment that failed or was refunded meanwhile. The live board moves it on hold by itself.
  if (error.code === 'NOT_PAID') return `${delivery.name}’s delivery is not paid, so it is not marked shipped. It stays on hold until the customer pays.`
  return `${delivery.name}’s delivery is not marked shipped: ${error.message}`
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
export function DayBoard({ day, offset, leadDays, labels, onShip, onShipAll, onRefund, onSetTracking, locale }: DayBoardProps) {
  const { date, board, error: loadError } = day
  const headingId = `${daySectionId(date)}-title`
  const dayLabel = formatDeliveryDay(dayIso(date), locale)
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set())
  // A ref as well as state: a second tap can come before React re-renders.
  const inFlight = useRef(new Set<string>())
  const [message, setMessage] = useState<Message | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [refunding, setRefunding] = useState<BoardDelivery | null>(null)
  const [tracking, setTracking] = useState<BoardDelivery | null>(null)
  const [importing, setImporting] = useState(false)

  const deliveries = board?.deliveries ?? []
  const split = splitBoard(deliveries)
  const toShip = split.ready.length
  const onHold = split.onHold.length
  const bags = deliveries.reduce((sum, d) => sum + d.bags, 0)

  function startShipping(delivery: BoardDelivery): void {
    undoable.schedule(delivery.deliveryId)
    setMessage({ tone: 'done', text: `${delivery.name}’s delivery will be marked shipped in ${SHIP_UNDO_MS / 1000} seconds, and the customer e-mailed. Undo is on its row.` })
  }

  function undoShipping(delivery: BoardDelivery): void {
    if (undoable.undo(delivery.deliveryId)) setMessage({ tone: 'done', text: `Undone: ${delivery.name}’s delivery is not marked shipped.` })
  }

  async function ship(delivery: BoardDelivery): Promise<void> {
    if (inFlight.current.has(delivery.deliveryId)) return
    inFlight.current.add(delivery.deliveryId)
    setSending(new Set(inFlight.current))
    setMessage(null)
    try {
      await onShip(date, delivery.deliveryId)
      setMessage({ tone: 'done', text: `${delivery.name}’s delivery is marked shipped.` })
    } catch (caught) {
      setMessage({ tone: 'error', text: notShippedText(delivery, caught) })
    } finally {
      inFlight.current.delete(delivery.deliveryId)
      setSending(new Set(inFlight.current))
    }
  }

  // The board as it is when a wait ends: the delivery may have shipped or gone on hold meanwhile.
  const latest = useRef(deliveries)
  useEffect(() => {
    latest.current = board?.deliveries ?? []
  }, [board])
  const undoable = useShipUndo((deliveryId) => {
    const delivery = latest.current.find((d) => d.deliveryId === deliveryId)
    if (delivery && shippingState(delivery) === 'ready') void ship(delivery)
  })
  const secondsLeft = useSecondsLeft(undoable.pending)

  async function shipAll(): Promise<void> {
    setMessage(null)
    // It ships every paid delivery, those waiting to be sent too: their waits must not send them
    // again (should it fail, they stay to ship, with their button).
    undoable.drop(split.ready.map((d) => d.deliveryId))
    const result = await onShipAll(date)
    setConfirming(false)
    const held = result.onHold > 0 ? ` ${plural(result.onHold, 'delivery stays', 'deliveries stay')} on hold: awaiting payment.` : ''
    setMessage({ tone: 'done', text: `${plural(result.shipped, 'delivery', 'deliveries')} marked shipped.${held}` })
  }

  async function refund(delivery: BoardDelivery, amountCents: number, reason: string): Promise<void> {
    if (!onRefund) return
    setMessage(null)
    const result = await onRefund(date, delivery.deliveryId, amountCents, reason)
    setRefunding(null)
    const note = result.creditNote ? ` Credit note ${result.creditNote} is on its way to the customer.` : ' The credit note follows by e-mail.'
    setMessage({ tone: 'done', text: `${euros(result.amountCents)} refunded to ${delivery.name}.${note}` })
  }

  async function saveTracking(entries: TrackingEntry[], done: string): Promise<void> {
    if (!onSetTracking) return
    setMessage(null)
    await onSetTracking(date, entries)
    setTracking(null)
    setImporting(false)
    setMessage({ tone: 'done', text: done })
  }

  function exportCsv(): void {
    if (board) downloadText(packingListFileName(date), packingListCsv(board, labels))
  }

  return (
    <section id={daySectionId(date)} className={`card ${styles.day}`} aria-labelledby={headingId} tabIndex={-1}>
      <header className={styles.dayHeader}>
        <div>
          <h2 id={headingId} className={styles.dayTitle}>
            {offset < RELATIVE.length ? <span className={styles.relative}>{RELATIVE[offset]}</span> : null}
            <time dateTime={date}>{dayLabel}</time>
          </h2>
          <p className={styles.summary}>
            {board
              ? deliveries.length === 0
                ? 'No deliveries.'
                : `${plural(deliveries.length, 'delivery', 'deliveries')} · ${plural(bags, 'bag', 'bags')} · ${split.shipped.length} shipped${onHold > 0 ? ` · ${onHold} on hold` : ''}`
              : loadError ? 'Not available.' : 'Loading…'}
          </p>
          {board ? <p className={styles.muted}>{dayStateText({ offset, leadDays, total: deliveries.length, shipped: split.shipped.length })}</p> : null}
        </div>
        {board && deliveries.length > 0 ? (
          <div className={styles.dayActions}>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setConfirming(true)}
              disabled={toShip === 0}
              aria-describedby={onHold > 0 ? `${headingId}-held-count` : undefined}
            >
              {toShip > 0 ? `Mark all shipped (${toShip})` : onHold > 0 ? 'Nothing paid to ship' : 'All shipped'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={exportCsv}>
              Download CSV<span className="visually-hidden"> of the packing list for {dayLabel}</span>
            </button>
            {onSetTracking && deliveries.length > split.shipped.length ? (
              <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
                Import tracking<span className="visually-hidden"> numbers for {dayLabel}</span>
              </button>
            ) : null}
            {onHold > 0 ? (
              <p id={`${headingId}-held-count`} className={styles.muted}>
                {toShip > 0 ? `Ships ${toShip}; ` : ''}{plural(onHold, 'delivery stays', 'deliveries stay')} on hold, awaiting payment.
              </p>
            ) : null}
          </div>
        ) : null}
      </header>

      {loadError ? <p className={styles.error} role="alert">The board of {dayLabel} could not be read: {loadError.message}</p> : null}
      <div aria-live="polite" className={styles.message}>
        {message?.tone === 'done' ? <p className={styles.done}>{message.text}</p> : null}
      </div>
      {message?.tone === 'error' ? <p className={styles.error} role="alert">{message.text}</p> : null}

      {!board && !loadError ? <span className="skeleton" style={{ width: '100%', height: '4rem' }} aria-hidden="true" /> : null}
      {board && deliveries.length > 0 ? (
        <>
          <h3 className={styles.subTitle} id={`${headingId}-roast`}>To roast</h3>
          <DayTotals board={board} labels={labels} headingId={`${headingId}-roast`} />
          <h3 className={styles.subTitle} id={`${headingId}-pack`}>Packing list</h3>
          {split.packing.length > 0
            ? <PackingList deliveries={split.packing} labels={labels} headingId={`${headingId}-pack`} sending={sending} waiting={secondsLeft} onShip={startShipping} onUndo={undoShipping} onRefund={onRefund ? setRefunding : undefined} onTracking={onSetTracking ? setTracking : undefined} locale={locale} />
            : <p className={styles.muted}>Nothing paid to pack yet.</p>}
          {onHold > 0 ? (
            <div className={styles.held}>
              <h3 className={styles.subTitle} id={`${headingId}-held`}>On hold: awaiting payment</h3>
              <p className={styles.muted}>Not shipped until paid: each moves to the packing list once its payment goes through.</p>
              <PackingList deliveries={split.onHold} labels={labels} headingId={`${headingId}-held`} sending={sending} waiting={secondsLeft} onShip={startShipping} onUndo={undoShipping} locale={locale} />
            </div>
          ) : null}
        </>
      ) : null}

      {refunding ? (
        <RefundDialog delivery={refunding} dayLabel={dayLabel} onRefund={(cents, reason) => refund(refunding, cents, reason)} onClose={() => setRefunding(null)} />
      ) : null}
      {tracking ? (
        <TrackingDialog
          delivery={tracking}
          onSave={(carrier, trackingNumber) => saveTracking([{ deliveryId: tracking.deliveryId, carrier, trackingNumber }], `Tracking saved for ${tracking.name}’s parcel.`)}
          onClose={() => setTracking(null)}
        />
      ) : null}
      {importing ? (
        <TrackingImportDialog
          dayLabel={dayLabel}
          deliveryIds={deliveries.filter((d) => d.status === 'scheduled').map((d) => d.deliveryId)}
          onImport={(entries) => saveTracking(entries, `Tracking saved for ${plural(entries.length, 'parcel', 'parcels')}.`)}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {confirming ? (
        <ShipAllDialog dayLabel={dayLabel} count={toShip} onHold={onHold} onConfirm={shipAll} onClose={() => setConfirming(false)} />
      ) : null}
    </section>
  )
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
