import type { Board } from '@/lib/contract'
import type { CsvLabels } from '@/lib/roastery/csv'
import { roastPlan } from '@/lib/roastery/payment'
import { useT } from '@/contexts/I18nContext'
import styles from './Roastery.module.css'

/**
 * What to roast for a day: bags per plan × grind × roast, paid and awaiting payment apart, and the
 * day's total. Deliveries on hold that can still be paid today count (in their own column); those
 * given up for payment do not (see `roastPlan`), and a line says how many were left out.
 */
export function DayTotals({ board, labels, headingId }: { board: Board; labels: CsvLabels; headingId: string }) {
  const t = useT()
  const plan = roastPlan(board.deliveries)
  return (
    <>
      {plan.rows.length > 0 ? (
        // It may scroll sideways on a phone: focusable, so a keyboard can reach its last columns.
        <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('roastery.column.plan')}</th>
                <th scope="col">{t('roastery.column.grind')}</th>
                <th scope="col">{t('roastery.column.roast')}</th>
                <th scope="col" className={styles.number}>{t('roastery.column.bags')}</th>
                <th scope="col" className={styles.number}>{t('roastery.column.awaiting')}</th>
                <th scope="col" className={styles.number}>{t('roastery.column.deliveries')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.rows.map((row) => (
                <tr key={`${row.plan}|${row.grind}|${row.roast}`}>
                  <td>{labels.plan(row.plan)}</td>
                  <td>{labels.grind(row.grind)}</td>
                  <td>{labels.roast(row.roast)}</td>
                  <td className={styles.number}>{row.paidBags + row.awaitingBags}</td>
                  <td className={styles.number}>{row.awaitingBags}</td>
                  <td className={styles.number}>{row.deliveries}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>{t('roastery.totals.all')}</th>
                <td className={styles.number}>{plan.paidBags + plan.awaitingBags}</td>
                <td className={styles.number}>{plan.awaitingBags}</td>
                <td className={styles.number}>{plan.deliveries}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : <p className={styles.muted}>{t('roastery.totals.nothing')}</p>}
      {plan.unpaidDeliveries > 0 ? (
        <p className={styles.muted}>
          {t('roastery.totals.notCounted', { deliveries: plan.unpaidDeliveries, bags: plan.unpaidBags })}
        </p>
      ) : null}
    </>
  )
}
