import { useCallback, useState } from 'react'
import { useRoastery } from '@/contexts/RoasteryContext'
import type { Board } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { appNow } from '@/lib/clock/now'
import { asAppError } from '@/lib/rio/errors/app-error'
import { dayIso } from '@/lib/roastery/days'
import { addSummaries, moneyCsv, moneyCsvFileName, moneyOfDeliveries, refundableCents, type MoneySummary } from '@/lib/roastery/money'
import type { BoardDelivery } from '@/lib/contract'
import { RefundDialog } from './RefundDialog'
import { rateText } from '@retter-shared/BeanBloomSubscription/vat'
import type { AppError } from '@/lib/types'
import { downloadText } from '@/lib/roastery/download'
import styles from './Roastery.module.css'
import { euros } from '@retter-shared/BeanBloomKit/money'

/** The current calendar month (UTC), `YYYY-MM`. */
function thisMonth(): string {
  return new Date(appNow()).toISOString().slice(0, 7)
}

function Figures({ summary }: { summary: MoneySummary }) {
  return (
    <>
      <td className={styles.number}>{euros(summary.paid.cents)} <span className={styles.muted}>({summary.paid.count})</span></td>
      <td className={styles.number}>{euros(summary.failed.cents)} <span className={styles.muted}>({summary.failed.count})</span></td>
      <td className={styles.number}>{euros(summary.awaitingAuthentication.cents)} <span className={styles.muted}>({summary.awaitingAuthentication.count})</span></td>
      <td className={styles.number}>{euros(summary.refundedCents)}</td>
      <td className={styles.number}>{euros(summary.netCents)}</td>
    </>
  )
}

/**
 * The money view for staff: a calendar month's delivery days (charged, failed, awaiting the bank's
 * confirmation, refunded, net collected; each day's paid deliveries can be refunded from here too,
 * since a damaged parcel is reported once its day has left the board), the month's totals and VAT
 * per country, and the month's
 * receipts and credit notes as CSV for the accountant. Read once when staff ask (a month is up to
 * 31 boards, opened as they are read), not live and not with every visit of the page.
 */
export function MoneyView() {
  const { readMonth, refundAnyDay } = useRoastery()
  const [refunding, setRefunding] = useState<{ date: string; delivery: BoardDelivery } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [month, setMonth] = useState(thisMonth)
  const [boards, setBoards] = useState<Board[] | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<AppError | null>(null)

  const load = useCallback(async (which: string) => {
    setLoading(true)
    setError(null)
    try {
      setBoards(await readMonth(which))
    } catch (caught) {
      setError(asAppError(caught))
      setBoards(null)
    } finally {
      setLoading(false)
    }
  }, [readMonth])

  async function refund(date: string, delivery: BoardDelivery, amountCents: number, reason: string): Promise<void> {
    const result = await refundAnyDay(date, delivery.deliveryId, amountCents, reason)
    setRefunding(null)
    setDone(`${euros(result.amountCents)} refunded to ${delivery.name}.${result.creditNote ? ` Credit note ${result.creditNote} is on its way to the customer.` : ' The credit note follows by e-mail.'}`)
    await load(month)
  }

  const days = (boards ?? []).map((board) => ({ date: board.date, summary: moneyOfDeliveries(board.deliveries), refundable: board.deliveries.filter((d) => refundableCents(d) > 0) }))
    .filter((day) => day.summary.paid.count + day.summary.settling.count + day.summary.failed.count + day.summary.awaitingAuthentication.count > 0 || day.summary.refundedCents > 0)
  const total = addSummaries(days.map((d) => d.summary))

  return (
    <section className={`card ${styles.day}`} aria-labelledby="money-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="money-title" className={styles.dayTitle}>Money</h2>
          <p className={styles.muted}>By delivery day; a refund counts with its delivery. Amounts include VAT.</p>
        </div>
        <div className={styles.dayActions}>
          <label htmlFor="money-month">Month</label>
          <input id="money-month" type="month" value={month} onChange={(e) => { if (/^\d{4}-\d{2}$/.test(e.target.value)) { setMonth(e.target.value); setBoards(null) } }} />
          <button type="button" className="btn btn-primary" onClick={() => void load(month)} disabled={loading} aria-busy={loading || undefined}>
            {boards ? 'Read again' : 'Show the month'}
          </button>
          <button type="button" className="btn btn-secondary" disabled={!boards} onClick={() => boards && downloadText(moneyCsvFileName(month), moneyCsv(boards))}>
            Download CSV<span className="visually-hidden"> of the receipts and credit notes of {month}</span>
          </button>
        </div>
      </header>
      <div aria-live="polite" className={styles.message}>{done ? <p className={styles.done}>{done}</p> : null}</div>
      {refunding ? (
        <RefundDialog
          delivery={refunding.delivery}
          dayLabel={formatDeliveryDay(dayIso(refunding.date))}
          onRefund={(cents, reason) => refund(refunding.date, refunding.delivery, cents, reason)}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          The month could not be read: {error.message} <button type="button" className="btn btn-secondary" onClick={() => void load(month)}>Try again</button>
        </p>
      ) : null}
      {loading ? <p role="status" className={styles.muted}>Reading {month}…</p> : null}
      {boards && !loading ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-labelledby="money-title">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col" className={styles.number}>Charged</th>
                  <th scope="col" className={styles.number}>Failed</th>
                  <th scope="col" className={styles.number}>Awaiting authentication</th>
                  <th scope="col" className={styles.number}>Refunded</th>
                  <th scope="col" className={styles.number}>Net collected</th>
                </tr>
              </thead>
              <tbody>
                {days.length === 0 ? <tr><td colSpan={6} className={styles.muted}>Nothing charged in {month}.</td></tr> : null}
                {days.map((day) => (
                  <tr key={day.date} data-day={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{formatDeliveryDay(dayIso(day.date))}</time>
                      {day.refundable.length > 0 ? (
                        <details>
                          <summary>Refund a delivery<span className="visually-hidden"> of {formatDeliveryDay(dayIso(day.date))}</span></summary>
                          <ul>
                            {day.refundable.map((delivery) => (
                              <li key={delivery.deliveryId}>
                                {delivery.name} · {euros(refundableCents(delivery))} left{' '}
                                <button type="button" className="btn btn-secondary" aria-label={`Refund: ${delivery.name}`} onClick={() => setRefunding({ date: day.date, delivery })}>Refund</button>
                              </li>
                            ))}
                          </ul>
                        </details>
                      ) : null}
                    </th>
                    <Figures summary={day.summary} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-day="month">
                  <th scope="row">Month</th>
                  <Figures summary={total} />
                </tr>
              </tfoot>
            </table>
          </div>
          {total.settling.count > 0 ? <p className={styles.muted}>{euros(total.settling.cents)} ({total.settling.count}) by SEPA Direct Debit still settling, not counted as collected yet.</p> : null}
          <h3 className={styles.subTitle} id="money-vat">VAT by country</h3>
          {total.vat.length === 0 ? <p className={styles.muted}>No receipts in {month}.</p> : (
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-labelledby="money-vat">
                <thead>
                  <tr>
                    <th scope="col">Country</th>
                    <th scope="col" className={styles.number}>Rate</th>
                    <th scope="col" className={styles.number}>Net</th>
                    <th scope="col" className={styles.number}>VAT</th>
                  </tr>
                </thead>
                <tbody>
                  {total.vat.map((line) => (
                    <tr key={`${line.country}-${line.rateBp}`}>
                      <th scope="row">{line.country}</th>
                      <td className={styles.number}>{rateText(line.rateBp)}</td>
                      <td className={styles.number}>{euros(line.netCents)}</td>
                      <td className={styles.number}>{euros(line.vatCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {/* What the CSV's Net and VAT columns sum to (credit notes are negative there). */}
                  <tr>
                    <th scope="row">All countries</th>
                    <td />
                    <td className={styles.number}>{euros(total.vat.reduce((sum, line) => sum + line.netCents, 0))}</td>
                    <td className={styles.number}>{euros(total.vat.reduce((sum, line) => sum + line.vatCents, 0))}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  )
}
