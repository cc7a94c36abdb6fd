import type { Board } from '@/lib/contract'
import type { CsvLabels } from '@/lib/roastery/csv'
import styles from './Roastery.module.css'

/** What to roast for a day: bags per plan × grind × roast, and the day's total. */
export function DayTotals({ board, labels, headingId }: { board: Board; labels: CsvLabels; headingId: string }) {
  const bags = board.totals.reduce((sum, total) => sum + total.bags, 0)
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Grind</th>
            <th scope="col">Roast</th>
            <th scope="col" className={styles.number}>Bags</th>
            <th scope="col" className={styles.number}>Deliveries</th>
          </tr>
        </thead>
        <tbody>
          {board.totals.map((total) => (
            <tr key={`${total.plan}|${total.grind}|${total.roast}`}>
              <td>{labels.plan(total.plan)}</td>
              <td>{labels.grind(total.grind)}</td>
              <td>{labels.roast(total.roast)}</td>
              <td className={styles.number}>{total.bags}</td>
              <td className={styles.number}>{total.deliveries}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>All coffee</th>
            <td className={styles.number}>{bags}</td>
            <td className={styles.number}>{board.deliveries.length}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
