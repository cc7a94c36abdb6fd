import { useId, useState, type RefObject } from 'react'
import type { SubscriptionFields } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { useAppNowAtMount } from '@/contexts/useAppNow'
import { resumePreview } from '@/lib/subscription/resume'
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, lastPausedDay } from '@retter-shared/BeanBloomSubscription/schedule'
import { changeReachText } from '@retter-shared/BeanBloomSubscription/timeline'
import cardStyles from '@/components/ui/Card.module.css'
import { CancelDialog } from './CancelDialog'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

export interface PauseAndCancelProps {
  subscription: SubscriptionFields
  planName: string
  changes: ChangeRunner
  /** Where focus goes after a pause, resume or cancel: the next-delivery heading. */
  summary: RefObject<HTMLElement | null>
}

/** "Wednesday 25 November and Wednesday 2 December": the dates a resume brings back. */
function datesText(dates: readonly string[]): string {
  const days = dates.map((date) => formatDeliveryDay(date))
  return days.length <= 1 ? days.join('') : `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`
}

const deliveriesWord = (n: number) => (n === 1 ? 'delivery' : 'deliveries')

/**
 * The paused state: until when, what resuming does (it ends the pause today; the deliveries the
 * pause skipped come back only when asked, in the same step), and the next delivery either way.
 */
function ResumeForm({ subscription, changes, focusSummary }: {
  subscription: SubscriptionFields
  changes: ChangeRunner
  focusSummary: () => HTMLElement | null
}) {
  const restoreId = useId()
  const [restore, setRestore] = useState(true)
  const preview = resumePreview(subscription)
  const count = preview.back.length
  const bringBack = restore && count > 0
  const next = bringBack ? preview.nextRestoring : preview.nextKeeping
  const nextText = next ? `Your next delivery will be on ${formatDeliveryDay(next)}.` : 'Every upcoming delivery stays skipped.'
  const message = bringBack
    ? `Deliveries are back on, with the ${count} paused ${deliveriesWord(count)}. ${nextText}`
    : `Deliveries are back on${count > 0 ? '; the paused dates stay skipped' : ''}. ${nextText}`
  return (
    <form
      className={styles.resumeForm}
      onSubmit={(event) => {
        event.preventDefault()
        void changes.run({ kind: 'resume', restoreSkipped: bringBack }, { message, focus: focusSummary })
      }}
    >
      {subscription.pausedUntil ? (
        <p>No deliveries until {formatDeliveryDay(lastPausedDay(subscription.pausedUntil))}. Resuming ends the pause today.</p>
      ) : null}
      {count > 0 ? (
        <div className={styles.restore}>
          <input id={restoreId} type="checkbox" checked={restore} onChange={(event) => setRestore(event.target.checked)} disabled={changes.busy !== null} />
          <label htmlFor={restoreId}>
            {`Also bring back the ${count} ${deliveriesWord(count)} the pause skipped: ${datesText(preview.back)}`}
          </label>
        </div>
      ) : null}
      <p className={styles.muted} aria-live="polite">
        {nextText}
        {count > 0 && !bringBack ? ' The paused dates stay skipped; you can unskip any of them in the list above.' : ''}
      </p>
      <div className={styles.buttons}>
        <button type="submit" className="btn btn-primary" disabled={changes.busy !== null} aria-busy={changes.busy?.kind === 'resume' || undefined}>
          {changes.busy?.kind === 'resume' ? 'Resuming…' : bringBack ? `Resume with ${count} ${deliveriesWord(count)} back` : 'Resume deliveries'}
        </button>
      </div>
    </form>
  )
}

const WEEKS = Array.from({ length: PAUSE_MAX_WEEKS - PAUSE_MIN_WEEKS + 1 }, (_, i) => PAUSE_MIN_WEEKS + i)

/** Pause for 1–8 weeks, resume, and cancel (behind a dialog that keeps a typed reason). */
export function PauseAndCancel({ subscription, planName, changes, summary }: PauseAndCancelProps) {
  const weeksId = useId()
  const [weeks, setWeeks] = useState(2)
  const [cancelling, setCancelling] = useState(false)
  // Read once per mount, as the list of deliveries does: which deliveries a pause reaches moves by days.
  const mountedAt = useAppNowAtMount()
  const { status } = subscription
  const failed = changes.error && ['pause', 'resume'].includes(changes.error.change.kind) ? changes.error.error : null
  const focusSummary = () => summary.current

  if (status !== 'active' && status !== 'paused') return null
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="pause-title">
      <h2 id="pause-title">{status === 'paused' ? 'Your pause' : 'Pause or cancel'}</h2>
      {status === 'active' ? (
        <form
          className={styles.pauseForm}
          onSubmit={(event) => {
            event.preventDefault()
            void changes.run({ kind: 'pause', weeks }, { message: `Paused for ${weeks} ${weeks === 1 ? 'week' : 'weeks'}.`, focus: focusSummary })
          }}
        >
          <label htmlFor={weeksId}>Pause deliveries for</label>
          <select id={weeksId} value={weeks} onChange={(event) => setWeeks(Number(event.target.value))} disabled={changes.busy !== null}>
            {WEEKS.map((n) => <option key={n} value={n}>{`${n} ${n === 1 ? 'week' : 'weeks'}`}</option>)}
          </select>
          <button type="submit" className="btn btn-secondary" disabled={changes.busy !== null} aria-busy={changes.busy?.kind === 'pause' || undefined}>
            {changes.busy?.kind === 'pause' ? 'Pausing…' : 'Pause'}
          </button>
          <p className={styles.muted}>{`The deliveries inside the pause are skipped. ${changeReachText(mountedAt, (day) => formatDeliveryDay(day))}`}</p>
        </form>
      ) : (
        <ResumeForm subscription={subscription} changes={changes} focusSummary={focusSummary} />
      )}
      {failed ? <p className={styles.error} role="alert">{failed.message}</p> : null}
      <div className={styles.buttons}>
        <button type="button" className={`btn btn-link ${styles.cancelLink}`} disabled={changes.busy !== null} onClick={() => setCancelling(true)}>
          Cancel subscription
        </button>
      </div>
      {cancelling ? (
        <CancelDialog
          planName={planName}
          onClose={() => setCancelling(false)}
          onConfirm={async (reason) => {
            await changes.confirm({ kind: 'cancel', reason }, { message: 'Your subscription is cancelled.', focus: focusSummary })
            setCancelling(false)
          }}
        />
      ) : null}
    </section>
  )
}
