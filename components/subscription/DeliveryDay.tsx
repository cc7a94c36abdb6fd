import { useId, useState } from 'react'
import type { Weekday } from '@retter-shared/BeanBloomSubscription/schedule'
import { useLocale, useT } from '@/contexts/I18nContext'
import { weekdayText } from '@/lib/format/weekday'
import { formatDeliveryDay } from '@/lib/format/date'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

export interface DeliveryDayProps {
  /** The weekday the deliveries arrive on now. */
  weekday: Weekday
  /** The weekdays the shop delivers on. */
  offered: Weekday[]
  changes: ChangeRunner
  /** The day the next delivery would go on if sent now, when it can go sooner. */
  sooner?: string
}

/**
 * The weekday the customer's deliveries arrive on, and a choice of another the shop delivers on:
 * a delivery already being roasted keeps its day, the next ones move at the same rhythm.
 */
export function DeliveryDay({ weekday, offered, changes, sooner }: DeliveryDayProps) {
  const t = useT()
  const locale = useLocale()
  const id = useId()
  const [chosen, setChosen] = useState<Weekday>(weekday)
  const failed = changes.error?.change.kind === 'day' || changes.error?.change.kind === 'sendNow' ? changes.error : null
  const sending = changes.busy?.kind === 'day'
  // The day shown follows the live state once a change has gone through.
  const [seen, setSeen] = useState(weekday)
  if (seen !== weekday) {
    setSeen(weekday)
    setChosen(weekday)
  }
  return (
    <form
      className={styles.dayForm}
      onSubmit={(event) => {
        event.preventDefault()
        void changes.run({ kind: 'day', weekday: chosen }, {
          message: t('subscription.day.done', { weekday: weekdayText(chosen, locale) }),
          focus: () => document.getElementById(`${id}-day`),
        })
      }}
    >
      <label htmlFor={`${id}-day`}>{t('subscription.day.label')}</label>
      <select id={`${id}-day`} value={chosen} disabled={changes.busy !== null} onChange={(event) => setChosen(event.target.value as Weekday)} aria-describedby={`${id}-hint`}>
        {offered.concat(offered.includes(weekday) ? [] : [weekday]).map((day) => <option key={day} value={day}>{weekdayText(day, locale)}</option>)}
      </select>
      <button type="submit" className="btn btn-secondary btn-small" disabled={changes.busy !== null || chosen === weekday} aria-busy={sending || undefined}>
        {sending ? t('subscription.day.changing') : t('subscription.day.change')}
      </button>
      <p id={`${id}-hint`} className={styles.muted}>{t('subscription.day.hint')}</p>
      {sooner ? (
        <p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={changes.busy !== null}
            onClick={() => void changes.run({ kind: 'sendNow' }, { message: t('subscription.day.soonerDone', { day: formatDeliveryDay(sooner, locale) }) })}
          >
            {t('subscription.day.sooner', { day: formatDeliveryDay(sooner, locale) })}
          </button>
        </p>
      ) : null}
      {failed ? <p className={styles.error} role="alert">{failed.error.message}</p> : null}
    </form>
  )
}
