import { useId, useState, type RefObject } from 'react'
import type { SubscriptionFields } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { useAppNowAtMount } from '@/contexts/useAppNow'
import { resumePreview } from '@/lib/subscription/resume'
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, firstChangeableDay, isoDay, lastPausedDay } from '@retter-shared/BeanBloomSubscription/schedule'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { Translate } from '@/lib/i18n/types'
import { andList } from '@/lib/format/plan'
import cardStyles from '@/components/ui/Card.module.css'
import { CancelDialog, OFFERED_PAUSE_WEEKS } from './CancelDialog'
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
function datesText(t: Translate, dates: readonly string[], locale: string): string {
  return andList(t, dates.map((date) => formatDeliveryDay(date, locale)))
}

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
  const t = useT()
  const locale = useLocale()
  const [restore, setRestore] = useState(true)
  const preview = resumePreview(subscription)
  const count = preview.back.length
  const bringBack = restore && count > 0
  const next = bringBack ? preview.nextRestoring : preview.nextKeeping
  const nextText = next ? t('subscription.resume.next', { day: formatDeliveryDay(next, locale) }) : t('subscription.resume.allSkipped')
  const message = bringBack
    ? t('subscription.resume.doneWithBack', { count, next: nextText })
    : t(count > 0 ? 'subscription.resume.doneKeepingSkipped' : 'subscription.resume.done', { next: nextText })
  return (
    <form
      className={styles.resumeForm}
      onSubmit={(event) => {
        event.preventDefault()
        void changes.run({ kind: 'resume', restoreSkipped: bringBack }, { message, focus: focusSummary })
      }}
    >
      {subscription.pausedUntil ? (
        <p>{t('subscription.resume.until', { day: formatDeliveryDay(lastPausedDay(subscription.pausedUntil), locale) })}</p>
      ) : null}
      {count > 0 ? (
        <div className={styles.restore}>
          <input id={restoreId} type="checkbox" checked={restore} onChange={(event) => setRestore(event.target.checked)} disabled={changes.busy !== null} />
          <label htmlFor={restoreId}>
            {t('subscription.resume.bringBack', { count, dates: datesText(t, preview.back, locale) })}
          </label>
        </div>
      ) : null}
      <p className={styles.muted} aria-live="polite">
        {nextText}
        {count > 0 && !bringBack ? ` ${t('subscription.resume.staySkipped')}` : ''}
      </p>
      <div className={styles.buttons}>
        <button type="submit" className="btn btn-primary" disabled={changes.busy !== null} aria-busy={changes.busy?.kind === 'resume' || undefined}>
          {changes.busy?.kind === 'resume' ? t('subscription.resume.resuming') : bringBack ? t('subscription.resume.withBack', { count }) : t('subscription.resume.resume')}
        </button>
      </div>
    </form>
  )
}

const WEEKS = Array.from({ length: PAUSE_MAX_WEEKS - PAUSE_MIN_WEEKS + 1 }, (_, i) => PAUSE_MIN_WEEKS + i)

/** Pause for 1–8 weeks, resume, and cancel (behind a dialog that asks why and offers what fits instead). */
export function PauseAndCancel({ subscription, planName, changes, summary }: PauseAndCancelProps) {
  const weeksId = useId()
  const t = useT()
  const locale = useLocale()
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
      <h2 id="pause-title">{status === 'paused' ? t('subscription.pause.titlePaused') : t('subscription.pause.title')}</h2>
      {status === 'active' ? (
        <form
          className={styles.pauseForm}
          onSubmit={(event) => {
            event.preventDefault()
            void changes.run({ kind: 'pause', weeks }, { message: t('subscription.pause.done', { weeks }), focus: focusSummary })
          }}
        >
          <label htmlFor={weeksId}>{t('subscription.pause.for')}</label>
          <select id={weeksId} value={weeks} onChange={(event) => setWeeks(Number(event.target.value))} disabled={changes.busy !== null}>
            {WEEKS.map((n) => <option key={n} value={n}>{t('subscription.pause.weeks', { weeks: n })}</option>)}
          </select>
          <button type="submit" className="btn btn-secondary" disabled={changes.busy !== null} aria-busy={changes.busy?.kind === 'pause' || undefined}>
            {changes.busy?.kind === 'pause' ? t('subscription.pause.pausing') : t('subscription.pause.pause')}
          </button>
          <p className={styles.muted}>{t('subscription.pause.reach', { day: formatDeliveryDay(isoDay(firstChangeableDay(mountedAt)), locale) })}</p>
        </form>
      ) : (
        <ResumeForm subscription={subscription} changes={changes} focusSummary={focusSummary} />
      )}
      {failed ? <p className={styles.error} role="alert">{failed.message}</p> : null}
      <div className={styles.buttons}>
        <button type="button" className={`btn btn-link ${styles.cancelLink}`} disabled={changes.busy !== null} onClick={() => setCancelling(true)}>
          {t('subscription.cancel.confirm')}
        </button>
      </div>
      {cancelling ? (
        <CancelDialog
          planName={planName}
          onClose={() => setCancelling(false)}
          onConfirm={async (why) => {
            await changes.confirm({ kind: 'cancel', ...why }, { message: t('subscription.cancel.done'), focus: focusSummary })
            setCancelling(false)
          }}
          onOffer={async (offer) => {
            if (offer === 'pause') await changes.confirm({ kind: 'pause', weeks: OFFERED_PAUSE_WEEKS }, { message: t('subscription.pause.done', { weeks: OFFERED_PAUSE_WEEKS }), focus: focusSummary })
            else await changes.confirm({ kind: 'skip' }, { message: t('subscription.cancel.skippedInstead'), focus: focusSummary })
            setCancelling(false)
          }}
        />
      ) : null}
    </section>
  )
}
