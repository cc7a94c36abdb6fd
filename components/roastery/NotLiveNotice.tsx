import { Notice } from '@/components/ui/feedback/Notice'
import type { RoasteryDay } from '@/contexts/RoasteryContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { dayIso } from '@/lib/roastery/days'
import styles from './Roastery.module.css'

/**
 * Says which days' boards are not live: their live documents have disagreed for a while (a part of
 * the packing list could not be written), so what shows may lack deliveries or changes. Nothing
 * when every board is whole.
 */
export function NotLiveNotice({ days }: { days: readonly RoasteryDay[] }) {
  const stale = days.filter((day) => day.stale)
  if (stale.length === 0) return null
  const names = stale.map((day) => formatDeliveryDay(dayIso(day.date))).join(', ')
  return (
    <div className={styles.notice}>
      <Notice tone="error" role="alert">
        <p>
          <strong>{stale.length === 1 ? `This board is not live: ${names}.` : `These boards are not live: ${names}.`}</strong>{' '}
          Part of the packing list could not be updated, so deliveries or changes may be missing here. Reload the page
          before you pack or ship; if this notice stays, the roastery&rsquo;s live updates need attention.
        </p>
      </Notice>
    </div>
  )
}
