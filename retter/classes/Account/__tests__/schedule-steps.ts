/**
 * The customer's own changes to their schedule as the property tests make them (a step each: skip
 * or unskip one of the upcoming deliveries, pause, resume, a new weekday, one delivery moved or
 * sent sooner, an extra added or taken off), one runner for every property test of the Account.
 */
import type { SubscriptionFields, Weekday } from '@retter-shared/BeanBloomSubscription/schedule'

const HOUR = 3_600_000

export type ScheduleStep =
  | { kind: 'skip' | 'unskip'; index: number }
  | { kind: 'pause'; weeks: number }
  | { kind: 'resume' }
  | { kind: 'weekday'; weekday: Weekday }
  | { kind: 'moveOne'; index: number; days: number }
  | { kind: 'sendNow' }
  /** `quantity` of an extra on one upcoming delivery (0: taken off). */
  | { kind: 'extra'; index: number; itemId: string; quantity: number }

const KINDS: ReadonlyArray<string> = ['skip', 'unskip', 'pause', 'resume', 'weekday', 'moveOne', 'sendNow', 'extra']

/** True for a step runScheduleStep makes. */
export function isScheduleStep(step: { kind: string }): step is ScheduleStep {
  return KINDS.indexOf(step.kind) >= 0
}

/**
 * Makes `step` as the customer, on the subscription `sub` as it stands: the call's status, or
 * undefined when the step names a delivery the schedule does not have (nothing is called).
 */
export async function runScheduleStep(
  step: ScheduleStep, sub: Pick<SubscriptionFields, 'upcomingDeliveries'>, act: (name: string, body?: unknown) => Promise<{ status: number }>,
): Promise<number | undefined> {
  const upcoming = sub.upcomingDeliveries ?? []
  switch (step.kind) {
    case 'skip':
    case 'unskip': {
      const target = upcoming[step.index]
      return target ? (await act(step.kind === 'skip' ? 'skipDelivery' : 'unskipDelivery', { date: target.date })).status : undefined
    }
    case 'pause':
      return (await act('pauseSubscription', { weeks: step.weeks })).status
    case 'resume':
      return (await act('resumeSubscription', {})).status
    case 'weekday':
      return (await act('setDeliveryDay', { weekday: step.weekday })).status
    case 'moveOne': {
      const target = upcoming[step.index]
      if (!target) return undefined
      const to = new Date(Date.parse(target.date) + step.days * 24 * HOUR).toISOString().slice(0, 10)
      return (await act('moveDelivery', { date: target.date.slice(0, 10), to })).status
    }
    case 'sendNow':
      return (await act('sendNow', {})).status
    case 'extra': {
      const target = upcoming[step.index]
      if (!target) return undefined
      const date = target.date.slice(0, 10)
      return (await act(step.quantity > 0 ? 'addExtra' : 'removeExtra', step.quantity > 0 ? { date, itemId: step.itemId, quantity: step.quantity } : { date, itemId: step.itemId })).status
    }
  }
}
