import { Notice } from '@/components/ui/feedback/Notice'
import { useLocale, useT } from '@/contexts/I18nContext'
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
  const t = useT()
  const locale = useLocale()
  const stale = days.filter((day) => day.stale)
  if (stale.length === 0) return null
  const names = stale.map((day) => formatDeliveryDay(dayIso(day.date), locale)).join(', ')
  return (
    <div className={styles.notice}>
      <Notice tone="error" role="alert">
        <p>
          <strong>{t('roastery.notLive.title', { count: stale.length, days: names })}</strong>{' '}
          {t('roastery.notLive.text')}
        </p>
      </Notice>
    </div>
  )
}
