import { LiveBadge } from '@/components/ui/feedback/LiveBadge'
import { Notice } from '@/components/ui/feedback/Notice'
import { usePlanList } from '@/contexts/AccountContext'
import { useRoastery } from '@/contexts/RoasteryContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { dayIso } from '@/lib/roastery/days'
import { LEAD_DAYS } from '@retter-shared/BeanBloomSubscription/schedule'
import { DayBoard, daySectionId } from './DayBoard'
import { NotLiveNotice } from './NotLiveNotice'
import { deliveryLabels } from '@/lib/subscription/labels'
import styles from './Roastery.module.css'

/** The seven days' boards with a day navigation on top (a tap jumps to the day). */
export function RoasteryBoard() {
  const { days, status, error, liveUpdates, markShipped, markAllShipped, setTracking, refundDelivery, retry } = useRoastery()
  const { plans } = usePlanList()
  const labels = deliveryLabels(plans)

  if (status === 'error' && error) {
    return (
      <Notice tone="error" role="alert">
        <p><strong>The roastery could not be opened.</strong> {error.message}</p>
        <button type="button" className="btn btn-secondary" onClick={retry}>Try again</button>
      </Notice>
    )
  }

  return (
    <>
      <div className={styles.toolbar}>
        <nav aria-label="Delivery days" className={styles.dayNav}>
          <ul>
            {days.map((day) => {
              const count = day.board?.deliveries.length
              return (
                <li key={day.date}>
                  <a href={`#${daySectionId(day.date)}`}>
                    <span>{formatDeliveryDay(dayIso(day.date))}</span>
                    <span className={styles.count}>{count === undefined ? '…' : count}<span className="visually-hidden"> {count === 1 ? 'delivery' : 'deliveries'}</span></span>
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
        {status === 'success' && liveUpdates ? <LiveBadge /> : null}
      </div>
      {status === 'success' && !liveUpdates ? (
        <div className={styles.notice}>
          <Notice>
            <p><strong>Live updates are unavailable.</strong> The boards are as they were when the page loaded; reload the page to refresh them.</p>
          </Notice>
        </div>
      ) : null}
      <NotLiveNotice days={days} />
      {status === 'loading' ? <p role="status" className="visually-hidden">Loading the roastery…</p> : null}
      <div className={styles.days}>
        {days.map((day, offset) => (
          <DayBoard
            key={day.date}
            day={day}
            offset={offset}
            leadDays={LEAD_DAYS}
            labels={labels}
            onShip={markShipped}
            onShipAll={markAllShipped}
            onRefund={refundDelivery}
            onSetTracking={setTracking}
          />
        ))}
      </div>
    </>
  )
}
