import { useId, useState, type RefObject } from 'react'
import type { SubscriptionFields } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, lastPausedDay } from '@/lib/subscription/schedule'
import cardStyles from '@/components/account/Account.module.css'
import { CancelDialog } from './CancelDialog'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

export interface PauseAndCancelProps {
  subscription: SubscriptionFields
  planName: string
  changes: ChangeRunner
  /** Where focus goes after a pause, resume or cancel: the next-delivery heading. */
  summary: RefObject<HTMLElement | null>
  locale?: string
}

const WEEKS = Array.from({ length: PAUSE_MAX_WEEKS - PAUSE_MIN_WEEKS + 1 }, (_, i) => PAUSE_MIN_WEEKS + i)

/** Pause for 1–8 weeks, resume, and cancel (behind a dialog that keeps a typed reason). */
export function PauseAndCancel({ subscription, planName, changes, summary, locale }: PauseAndCancelProps) {
  const weeksId = useId()
  const [weeks, setWeeks] = useState(2)
  const [cancelling, setCancelling] = useState(false)
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
          <p className={styles.muted}>The deliveries inside the pause are skipped. Deliveries in the next two days are already being roasted.</p>
        </form>
      ) : (
        <>
          {subscription.pausedUntil ? (
            <p>
              No deliveries until {formatDeliveryDay(lastPausedDay(subscription.pausedUntil), locale)}. Resuming ends the pause now; the
              deliveries it skipped stay skipped, and you can unskip any of them in the list above.
            </p>
          ) : null}
          <div className={styles.buttons}>
            <button
              type="button"
              className="btn btn-primary"
              disabled={changes.busy !== null}
              onClick={() => void changes.run({ kind: 'resume' }, { message: 'Deliveries are back on.', focus: focusSummary })}
            >
              {changes.busy?.kind === 'resume' ? 'Resuming…' : 'Resume deliveries'}
            </button>
          </div>
        </>
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
