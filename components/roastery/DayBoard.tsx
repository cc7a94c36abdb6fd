import { useRef, useState } from 'react'
import type { RoasteryDay } from '@/contexts/RoasteryContext'
import type { BoardDelivery, MarkAllShippedResult } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { asAppError } from '@/lib/rio/errors/app-error'
import { packingListCsv, packingListFileName, type CsvLabels } from '@/lib/roastery/csv'
import { dayIso } from '@/lib/roastery/days'
import { DayTotals } from './DayTotals'
import { downloadText } from './download'
import { PackingList } from './PackingList'
import { ShipAllDialog } from './ShipAllDialog'
import styles from './Roastery.module.css'

export interface DayBoardProps {
  day: RoasteryDay
  /** Days from today (0 today, 1 tomorrow). */
  offset: number
  /** Days the customers can no longer change (being roasted and packed). */
  leadDays: number
  labels: CsvLabels
  onShip(date: string, deliveryId: string): Promise<void>
  onShipAll(date: string): Promise<MarkAllShippedResult>
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

/**
 * One delivery day: what to roast (totals), the packing list with "Mark shipped" per delivery,
 * "Mark all shipped" (behind a confirmation) and the packing list as CSV. Outcomes are one line
 * in the day: announced politely when done, as an alert when not.
 */
export function DayBoard({ day, offset, leadDays, labels, onShip, onShipAll, locale }: DayBoardProps) {
  const { date, board, error: loadError } = day
  const headingId = `${daySectionId(date)}-title`
  const dayLabel = formatDeliveryDay(dayIso(date), locale)
  const [sending, setSending] = useState<ReadonlySet<string>>(new Set())
  // A ref as well as state: a second tap can come before React re-renders.
  const inFlight = useRef(new Set<string>())
  const [message, setMessage] = useState<Message | null>(null)
  const [confirming, setConfirming] = useState(false)

  const deliveries = board?.deliveries ?? []
  const toShip = deliveries.filter((d) => d.status === 'scheduled').length
  const bags = deliveries.reduce((sum, d) => sum + d.bags, 0)

  async function ship(delivery: BoardDelivery): Promise<void> {
    if (inFlight.current.has(delivery.deliveryId)) return
    inFlight.current.add(delivery.deliveryId)
    setSending(new Set(inFlight.current))
    setMessage(null)
    try {
      await onShip(date, delivery.deliveryId)
      setMessage({ tone: 'done', text: `${delivery.name}’s delivery is marked shipped.` })
    } catch (caught) {
      setMessage({ tone: 'error', text: `${delivery.name}’s delivery is not marked shipped: ${asAppError(caught).message}` })
    } finally {
      inFlight.current.delete(delivery.deliveryId)
      setSending(new Set(inFlight.current))
    }
  }

  async function shipAll(): Promise<void> {
    setMessage(null)
    const result = await onShipAll(date)
    setConfirming(false)
    setMessage({ tone: 'done', text: `${plural(result.shipped, 'delivery', 'deliveries')} marked shipped.` })
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
                : `${plural(deliveries.length, 'delivery', 'deliveries')} · ${plural(bags, 'bag', 'bags')} · ${deliveries.length - toShip} shipped`
              : loadError ? 'Not available.' : 'Loading…'}
          </p>
          <p className={styles.muted}>
            {offset < leadDays ? 'Being prepared: customers can no longer change these deliveries.' : 'Customers can still change these deliveries.'}
          </p>
        </div>
        {board && deliveries.length > 0 ? (
          <div className={styles.dayActions}>
            <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)} disabled={toShip === 0}>
              {toShip === 0 ? 'All shipped' : `Mark all shipped (${toShip})`}
            </button>
            <button type="button" className="btn btn-secondary" onClick={exportCsv}>
              Download CSV<span className="visually-hidden"> of the packing list for {dayLabel}</span>
            </button>
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
          <PackingList deliveries={deliveries} labels={labels} headingId={`${headingId}-pack`} sending={sending} onShip={(d) => void ship(d)} locale={locale} />
        </>
      ) : null}

      {confirming ? (
        <ShipAllDialog dayLabel={dayLabel} count={toShip} onConfirm={shipAll} onClose={() => setConfirming(false)} />
      ) : null}
    </section>
  )
}
