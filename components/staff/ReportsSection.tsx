import { useEffect, useId, useRef, useState } from 'react'
import { useLocale, useT } from '@/contexts/I18nContext'
import { formatPrice } from '@/lib/format/price'
import { asAppError } from '@/lib/rio/errors/app-error'
import { downloadText } from '@/lib/roastery/download'
import { cohortsCsv, reportCsv } from '@/lib/staff/report-csv'
import type { MonthReport } from '@/lib/staff/shop-api'
import type { StaffView } from './useStaff'
import styles from '@/components/roastery/Roastery.module.css'
import { cancelReasonText } from '@/lib/subscription/cancel-words'

/** `YYYY-MM` of now. */
function thisMonth(): string {
  return new Date().toISOString().slice(0, 7)
}

/**
 * The reports section of /roastery, for finance and owners: one calendar month's figures (the month
 * running by default, live at each opening), its cancellations by reason, its cohorts, and both as
 * CSV files.
 */
export function ReportsSection({ staff }: { staff: StaffView }) {
  const t = useT()
  const locale = useLocale()
  const ids = useId()
  const [month, setMonth] = useState(thisMonth)
  const [report, setReport] = useState<MonthReport | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const asked = useRef(0)
  const { getReport } = staff

  useEffect(() => {
    const ticket = ++asked.current
    getReport(month).then(
      (read) => { if (ticket === asked.current) { setReport(read); setFailed(null) } },
      (failure: unknown) => { if (ticket === asked.current) { setReport(null); setFailed(asAppError(failure).message) } },
    )
  }, [month, getReport])

  const money = (cents: number) => formatPrice(cents, 'eur', locale)
  const percent = (share: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share)
  const shown = report && report.month === month ? report : null
  return (
    <section className={`card ${styles.day}`} aria-labelledby={`${ids}-title`}>
      <header className={styles.dayHeader}>
        <div>
          <h2 id={`${ids}-title`} className={styles.dayTitle}>{t('staff.reports.title')}</h2>
          <p className={styles.muted}>{t('staff.reports.lead')}</p>
        </div>
      </header>
      <div className={styles.field}>
        <label htmlFor={`${ids}-month`}>{t('staff.reports.month')}</label>
        <input id={`${ids}-month`} type="month" value={month} max={thisMonth()} onChange={(event) => { if (event.target.value) setMonth(event.target.value) }} />
      </div>
      {failed ? <p className={styles.error} role="alert">{failed}</p> : null}
      {!shown && !failed ? <p className={styles.muted} role="status">{t('staff.reports.loading')}</p> : null}
      {shown ? (
        <>
          <dl className={styles.facts}>
            <dt>{t('staff.reports.active')}</dt>
            <dd>{shown.activeSubscriptions}{Object.keys(shown.activeByPlan).length > 0 ? ` (${Object.entries(shown.activeByPlan).sort().map(([plan, n]) => `${plan}: ${n}`).join(', ')})` : ''}</dd>
            <dt>{t('staff.reports.paused')}</dt><dd>{shown.pausedSubscriptions}</dd>
            <dt>{t('staff.reports.new')}</dt><dd>{shown.newSubscriptions}</dd>
            <dt>{t('staff.reports.cancelled')}</dt><dd>{shown.cancelledSubscriptions}</dd>
            <dt>{t('staff.reports.mrr')}</dt><dd>{money(shown.mrrCents)}</dd>
            <dt>{t('staff.reports.collected')}</dt><dd>{money(shown.collectedCents)}</dd>
            <dt>{t('staff.reports.refunded')}</dt><dd>{money(shown.refundedCents)}</dd>
            <dt>{t('staff.reports.churn')}</dt><dd>{percent(shown.churnRate)}</dd>
          </dl>
          {Object.keys(shown.cancelReasons).length > 0 ? (
            <>
              <h3>{t('staff.reports.reasons')}</h3>
              <ul>{Object.entries(shown.cancelReasons).sort((a, b) => b[1] - a[1]).map(([reason, n]) => <li key={reason}>{reason ? cancelReasonText(t, reason) : t('staff.reports.noReason')}: {n}</li>)}</ul>
            </>
          ) : null}
          <h3 id={`${ids}-cohorts`}>{t('staff.reports.cohorts')}</h3>
          <p className={styles.muted}>{t('staff.reports.cohortsLead')}</p>
          <div className={styles.tableWrap} role="region" aria-labelledby={`${ids}-cohorts`} tabIndex={0}>
            <table className={styles.table}>
              <thead><tr>
                <th scope="col">{t('staff.reports.started')}</th><th scope="col">{t('staff.reports.customers')}</th>
                <th scope="col">{t('staff.reports.stillSubscribed')}</th>
              </tr></thead>
              <tbody>{Object.keys(shown.cohorts).sort().map((start) => {
                const cohort = shown.cohorts[start] as MonthReport['cohorts'][string]
                return (
                  <tr key={start}>
                    <th scope="row">{start}</th><td>{cohort.customers}</td>
                    <td>{cohort.subscribed.map((n) => percent(cohort.customers > 0 ? n / cohort.customers : 0)).join(' · ')}</td>
                  </tr>
                )
              })}</tbody>
            </table>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => downloadText(`report-${shown.month}.csv`, reportCsv(shown))}>{t('staff.reports.download')}</button>{' '}
          <button type="button" className="btn btn-secondary" onClick={() => downloadText(`cohorts-${shown.month}.csv`, cohortsCsv(shown))}>{t('staff.reports.downloadCohorts')}</button>
        </>
      ) : null}
    </section>
  )
}
