import type { Board } from '@/lib/contract'
import type { CsvLabels } from '@/lib/roastery/csv'
import { roastPlan } from '@/lib/roastery/payment'
import styles from './Roastery.module.css'

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * What to roast for a day: bags per plan × grind × roast, paid and awaiting payment apart, and the
 * day's total. Deliveries on hold that can still be paid today count (in their own column); those
 * given up for payment do not (see `roastPlan`), and a line says how many were left out.
 */
export function DayTotals({ board, labels, headingId }: { board: Board; labels: CsvLabels; headingId: string }) {
  const plan = roastPlan(board.deliveries)
  return (
    <>
      {plan.rows.length > 0 ? (
        // It may scroll sideways on a phone: focusable, so a keyboard can reach its last columns.
        <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={styles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Grind</th>
                <th scope="col">Roast</th>
                <th scope="col" className={styles.number}>Bags</th>
                <th scope="col" className={styles.number}>Of which awaiting payment</th>
                <th scope="col" className={styles.number}>Deliveries</th>
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
                <th scope="row" colSpan={3}>All coffee</th>
                <td className={styles.number}>{plan.paidBags + plan.awaitingBags}</td>
                <td className={styles.number}>{plan.awaitingBags}</td>
                <td className={styles.number}>{plan.deliveries}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : <p className={styles.muted}>Nothing to roast: every delivery of the day is unpaid.</p>}
      {plan.unpaidDeliveries > 0 ? (
        <p className={styles.muted}>
          Not counted: {plural(plan.unpaidDeliveries, 'delivery', 'deliveries')} ({plural(plan.unpaidBags, 'bag', 'bags')}) not paid, which will not ship.
        </p>
      ) : null}
    </>
  )
}
