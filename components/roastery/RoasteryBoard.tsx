import { LiveBadge } from '@/components/ui/feedback/LiveBadge'
import { Notice } from '@/components/ui/feedback/Notice'
import { usePlanList } from '@/contexts/AccountContext'
import { useLocale, useT } from '@/contexts/I18nContext'
import { useRoastery } from '@/contexts/RoasteryContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { dayIso } from '@/lib/roastery/days'
import { LEAD_DAYS } from '@retter-shared/BeanBloomSubscription/schedule'
import { DayBoard, daySectionId } from './DayBoard'
import { NotLiveNotice } from './NotLiveNotice'
import { csvLabels } from '@/lib/roastery/csv'
import { boardLabels } from '@/lib/roastery/labels'
import styles from './Roastery.module.css'

/** The seven days' boards with a day navigation on top (a tap jumps to the day). */
export function RoasteryBoard() {
  const { days, status, error, liveUpdates, markShipped, markAllShipped, setTracking, refundDelivery, retry } = useRoastery()
  const { plans } = usePlanList()
  const t = useT()
  const locale = useLocale()
  const labels = boardLabels(t, plans)
  // The packing list's CSV keeps English, its format (the tracking import reads its columns back).
  const fileLabels = csvLabels(plans)

  if (status === 'error' && error) {
    return (
      <Notice tone="error" role="alert">
        <p><strong>{t('roastery.board.openFailed')}</strong> {error.message}</p>
        <button type="button" className="btn btn-secondary" onClick={retry}>{t('roastery.retry')}</button>
      </Notice>
    )
  }

  return (
    <>
      <div className={styles.toolbar}>
        <nav aria-label={t('roastery.board.dayNav')} className={styles.dayNav}>
          <ul>
            {days.map((day) => {
              const count = day.board?.deliveries.length
              return (
                <li key={day.date}>
                  <a href={`#${daySectionId(day.date)}`}>
                    <span>{formatDeliveryDay(dayIso(day.date), locale)}</span>
                    <span className={styles.count}>{count === undefined ? '…' : count}<span className="visually-hidden"> {t('roastery.board.deliveries', { count: count ?? 0 })}</span></span>
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
            <p><strong>{t('roastery.board.liveUnavailable')}</strong> {t('roastery.board.liveUnavailableText')}</p>
          </Notice>
        </div>
      ) : null}
      <NotLiveNotice days={days} />
      {status === 'loading' ? <p role="status" className="visually-hidden">{t('roastery.board.loading')}</p> : null}
      <div className={styles.days}>
        {days.map((day, offset) => (
          <DayBoard
            key={day.date}
            day={day}
            offset={offset}
            leadDays={LEAD_DAYS}
            labels={labels}
            csvLabels={fileLabels}
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
