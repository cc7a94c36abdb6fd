import { useCallback, useState, type ReactNode } from 'react'
import { useRoastery } from '@/contexts/RoasteryContext'
import type { Board } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { appNow } from '@/lib/clock/now'
import { asAppError } from '@/lib/rio/errors/app-error'
import { dayIso } from '@/lib/roastery/days'
import { addSummaries, moneyCsv, moneyCsvFileName, moneyOfDeliveries, refundableCents, refundedText, type MoneySummary } from '@/lib/roastery/money'
import type { BoardDelivery } from '@/lib/contract'
import { RefundDialog } from './RefundDialog'
import { rateText } from '@retter-shared/BeanBloomSubscription/vat'
import type { AppError } from '@/lib/types'
import { downloadText } from '@/lib/roastery/download'
import { useLocale, useT } from '@/contexts/I18nContext'
import styles from './Roastery.module.css'
import { useEuros } from './useEuros'

/** The current calendar month (UTC), `YYYY-MM`. */
function thisMonth(): string {
  return new Date(appNow()).toISOString().slice(0, 7)
}

/** A delivery staff chose to refund, with its day. */
interface Refunding {
  date: string
  delivery: BoardDelivery
}

/** One delivery day of the month: its figures and the deliveries that can still be refunded. */
interface MoneyDay {
  date: string
  summary: MoneySummary
  refundable: BoardDelivery[]
}

/** The month's days that had any money move (charged, settling, failed, awaiting the bank, refunded). */
function moneyDays(boards: readonly Board[]): MoneyDay[] {
  return boards.map((board) => ({ date: board.date, summary: moneyOfDeliveries(board.deliveries), refundable: board.deliveries.filter((d) => refundableCents(d) > 0) }))
    .filter((day) => day.summary.paid.count + day.summary.settling.count + day.summary.failed.count + day.summary.awaitingAuthentication.count > 0 || day.summary.refundedCents > 0)
}

/** The chosen month and its boards, read when staff ask (never live). */
function useMonthBoards() {
  const { readMonth } = useRoastery()
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

  // A half-typed month is ignored; another month's figures are dropped until it is read.
  const chooseMonth = (value: string) => {
    if (/^\d{4}-\d{2}$/.test(value)) {
      setMonth(value)
      setBoards(null)
    }
  }

  return { month, boards, loading, error, load, chooseMonth }
}

/** A money table: a first column naming each row, then right-aligned figures. */
function MoneyTable({ labelledBy, first, figures, body, foot }: { labelledBy: string; first: string; figures: string[]; body: ReactNode; foot: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {figures.map((name) => <th key={name} scope="col" className={styles.number}>{name}</th>)}
          </tr>
        </thead>
        <tbody>{body}</tbody>
        <tfoot>{foot}</tfoot>
      </table>
    </div>
  )
}

function Figures({ summary }: { summary: MoneySummary }) {
  const euros = useEuros()
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

/** The month picker and what staff can do with the month. */
function MonthControls({ month, boards, loading, onMonth, onRead }: { month: string; boards: Board[] | null; loading: boolean; onMonth(value: string): void; onRead(): void }) {
  const t = useT()
  return (
    <div className={styles.dayActions}>
      <label htmlFor="money-month">{t('roastery.money.month')}</label>
      <input id="money-month" type="month" value={month} onChange={(e) => onMonth(e.target.value)} />
      <button type="button" className="btn btn-primary" onClick={onRead} disabled={loading} aria-busy={loading || undefined}>
        {boards ? t('roastery.money.readAgain') : t('roastery.money.show')}
      </button>
      <button type="button" className="btn btn-secondary" disabled={!boards} onClick={() => boards && downloadText(moneyCsvFileName(month), moneyCsv(boards))}>
        {t('roastery.downloadCsv')}<span className="visually-hidden"> {t('roastery.money.csvOf', { month })}</span>
      </button>
    </div>
  )
}

/** A day's paid deliveries, each with its refund button (a damaged parcel is reported after its day). */
function RefundPicker({ day, onRefund }: { day: MoneyDay; onRefund(refunding: Refunding): void }) {
  const t = useT()
  const locale = useLocale()
  const euros = useEuros()
  return (
    <details>
      <summary>{t('roastery.money.refundDelivery')}<span className="visually-hidden"> {t('roastery.money.refundDeliveryOf', { day: formatDeliveryDay(dayIso(day.date), locale) })}</span></summary>
      <ul>
        {day.refundable.map((delivery) => (
          <li key={delivery.deliveryId}>
            {t('roastery.money.left', { name: delivery.name, amount: euros(refundableCents(delivery)) })}{' '}
            <button type="button" className="btn btn-secondary" aria-label={t('roastery.refund.buttonLabel', { name: delivery.name })} onClick={() => onRefund({ date: day.date, delivery })}>{t('roastery.refund.button')}</button>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** The month by delivery day, and its totals. */
function DaysTable({ month, days, total, onRefund }: { month: string; days: MoneyDay[]; total: MoneySummary; onRefund(refunding: Refunding): void }) {
  const t = useT()
  const locale = useLocale()
  const body = (
    <>
      {days.length === 0 ? <tr><td colSpan={6} className={styles.muted}>{t('roastery.money.nothingCharged', { month })}</td></tr> : null}
      {days.map((day) => (
        <tr key={day.date} data-day={day.date}>
          <th scope="row">
            <time dateTime={day.date}>{formatDeliveryDay(dayIso(day.date), locale)}</time>
            {day.refundable.length > 0 ? <RefundPicker day={day} onRefund={onRefund} /> : null}
          </th>
          <Figures summary={day.summary} />
        </tr>
      ))}
    </>
  )
  const foot = (
    <tr data-day="month">
      <th scope="row">{t('roastery.money.month')}</th>
      <Figures summary={total} />
    </tr>
  )
  const figures = [t('roastery.money.charged'), t('roastery.money.failed'), t('roastery.money.awaiting'), t('roastery.money.refunded'), t('roastery.money.net')]
  return <MoneyTable labelledBy="money-title" first={t('roastery.money.day')} figures={figures} body={body} foot={foot} />
}

/** VAT per country and rate; its foot is what the CSV's Net and VAT columns sum to (credit notes are negative there). */
function VatTable({ vat }: { vat: MoneySummary['vat'] }) {
  const t = useT()
  const euros = useEuros()
  const body = vat.map((line) => (
    <tr key={`${line.country}-${line.rateBp}`}>
      <th scope="row">{line.country}</th>
      <td className={styles.number}>{rateText(line.rateBp)}</td>
      <td className={styles.number}>{euros(line.netCents)}</td>
      <td className={styles.number}>{euros(line.vatCents)}</td>
    </tr>
  ))
  const foot = (
    <tr>
      <th scope="row">{t('roastery.money.allCountries')}</th>
      <td />
      <td className={styles.number}>{euros(vat.reduce((sum, line) => sum + line.netCents, 0))}</td>
      <td className={styles.number}>{euros(vat.reduce((sum, line) => sum + line.vatCents, 0))}</td>
    </tr>
  )
  const figures = [t('roastery.money.rate'), t('roastery.money.netColumn'), t('roastery.money.vat')]
  return <MoneyTable labelledBy="money-vat" first={t('roastery.money.country')} figures={figures} body={body} foot={foot} />
}

/** A month once read: its days, what is still settling, and its VAT. */
function MonthFigures({ month, boards, onRefund }: { month: string; boards: Board[]; onRefund(refunding: Refunding): void }) {
  const t = useT()
  const euros = useEuros()
  const days = moneyDays(boards)
  const total = addSummaries(days.map((d) => d.summary))
  return (
    <>
      <DaysTable month={month} days={days} total={total} onRefund={onRefund} />
      {total.settling.count > 0 ? <p className={styles.muted}>{t('roastery.money.settling', { amount: euros(total.settling.cents), count: total.settling.count })}</p> : null}
      <h3 className={styles.subTitle} id="money-vat">{t('roastery.money.vatTitle')}</h3>
      {total.vat.length === 0 ? <p className={styles.muted}>{t('roastery.money.noReceipts', { month })}</p> : <VatTable vat={total.vat} />}
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
  const t = useT()
  const locale = useLocale()
  const euros = useEuros()
  const { refundAnyDay } = useRoastery()
  const { month, boards, loading, error, load, chooseMonth } = useMonthBoards()
  const [refunding, setRefunding] = useState<Refunding | null>(null)
  const [done, setDone] = useState<string | null>(null)

  async function refund(date: string, delivery: BoardDelivery, amountCents: number, reason: string): Promise<void> {
    const result = await refundAnyDay(date, delivery.deliveryId, amountCents, reason)
    setRefunding(null)
    setDone(refundedText(t, euros(result.amountCents), delivery.name, result.creditNote))
    await load(month)
  }

  return (
    <section className={`card ${styles.day}`} aria-labelledby="money-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="money-title" className={styles.dayTitle}>{t('roastery.money.title')}</h2>
          <p className={styles.muted}>{t('roastery.money.lead')}</p>
        </div>
        <MonthControls month={month} boards={boards} loading={loading} onMonth={chooseMonth} onRead={() => void load(month)} />
      </header>
      <div aria-live="polite" className={styles.message}>{done ? <p className={styles.done}>{done}</p> : null}</div>
      {refunding ? (
        <RefundDialog
          delivery={refunding.delivery}
          dayLabel={formatDeliveryDay(dayIso(refunding.date), locale)}
          onRefund={(cents, reason) => refund(refunding.date, refunding.delivery, cents, reason)}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {t('roastery.money.readFailed', { error: error.message })} <button type="button" className="btn btn-secondary" onClick={() => void load(month)}>{t('roastery.retry')}</button>
        </p>
      ) : null}
      {loading ? <p role="status" className={styles.muted}>{t('roastery.money.reading', { month })}</p> : null}
      {boards && !loading ? <MonthFigures month={month} boards={boards} onRefund={setRefunding} /> : null}
    </section>
  )
}
