/**
 * Who a request acts for: the customer themselves, a member of staff at the customer's request (with
 * their e-mail and reason), or the system (tasks, the other classes). The method wrappers say so
 * before the method runs; the timeline and the customer's e-mail read it after.
 */
import type { Context, Data } from '@retter/rdk'
import type { TimelineActor } from 'BeanBloomSubscription'

export interface Acting {
  actor: TimelineActor
  /** For staff: the member's e-mail (kept from the customer's view) and their reason. */
  staffEmail?: string
  reason?: string
  /** Epoch ms the request began: history made before it was not this request's. */
  sinceMs: number
}

const acting = new WeakMap<Context, Acting>()

/** Notes who the request of `data` acts for. */
export function actFor(data: Data, who: Omit<Acting, 'sinceMs'>): void {
  acting.set(data.context, { actor: who.actor, staffEmail: who.staffEmail, reason: who.reason, sinceMs: Date.now() })
}

/** Who the request of `data` acts for; the system when no wrapper said (tasks, other classes). */
export function actingOf(data: Data): Acting {
  return acting.get(data.context) || { actor: 'system', sinceMs: Date.now() }
}

/** Notes the system as the actor of `data`'s request unless a wrapper already said who it is. */
export function systemUnlessSaid(data: Data): void {
  if (!acting.has(data.context)) actFor(data, { actor: 'system' })
}
