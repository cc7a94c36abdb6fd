/**
 * What resuming a pause does, for the page to say before the customer chooses: which skipped
 * deliveries can come back in the same step, and the next delivery either way. The same rule as
 * the Account class's `resumeSubscription` with `restoreSkipped`.
 */
import type { SubscriptionChange, SubscriptionFields } from '@/lib/contract'
import { appNow } from '@/lib/clock/now'
import { isTooLateToChange } from '@retter-shared/BeanBloomSubscription/schedule'

/** What a resume at a given moment would do. */
export interface ResumePreview {
  /** The deliveries the pause skipped that can come back (ISO days, earliest first). */
  back: string[]
  /** The next delivery when the paused dates stay skipped. */
  nextKeeping: string | undefined
  /** The next delivery when they come back. */
  nextRestoring: string | undefined
}

/** The dates the customer skipped themself: a `skipped` entry with no `unskipped` after it. */
function ownSkips(history: readonly SubscriptionChange[] | undefined): Set<string> {
  const own = new Set<string>()
  for (const change of history ?? []) {
    if (!change.date) continue
    if (change.action === 'skipped') own.add(change.date)
    if (change.action === 'unskipped') own.delete(change.date)
  }
  return own
}

/**
 * What resuming `sub` at `nowMs` does. Only the pause's own skips come back, not those already
 * being roasted nor those the customer skipped before pausing.
 * @param sub the subscription as it stands now (`subscriptionOf`); a subscription that is not paused has nothing to bring back
 */
export function resumePreview(sub: SubscriptionFields, nowMs: number = appNow()): ResumePreview {
  if (sub.status !== 'paused' || !sub.pausedFrom || !sub.pausedUntil) {
    return { back: [], nextKeeping: sub.nextDeliveryAt, nextRestoring: sub.nextDeliveryAt }
  }
  const from = Date.parse(sub.pausedFrom)
  const until = Date.parse(sub.pausedUntil)
  const own = ownSkips(sub.history)
  const back = (sub.skipped ?? [])
    .filter((date) => {
      const day = Date.parse(date)
      return day >= from && day < until && !isTooLateToChange(date, nowMs) && !own.has(date)
    })
    .sort()
  const first = back[0]
  const nextKeeping = sub.nextDeliveryAt
  const nextRestoring = first && (!nextKeeping || Date.parse(first) < Date.parse(nextKeeping)) ? first : nextKeeping
  return { back, nextKeeping, nextRestoring }
}
