/**
 * Gifts across an e-mail change (data-rights/email-change.ts): the customer's gifts move with the
 * rest of their view, so the Account they moved to takes on the delayed calls of gifts still to be
 * sent, and the emptied Account they left forwards the other Account's calls about a gift it no
 * longer holds to where they went (`movedTo`, as refunds are forwarded: moved-refunds.ts). A
 * recipient who moved claims with the ids of the Accounts they moved from.
 */
import { runAt, runIn } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { callUntilFree } from 'BeanBloomBoard'
import { privateOf } from '../customer'
import { CustomerView } from '../subscription/customer-view'
import { MovedState } from '../payments/moved-refunds'
import { sendMomentMs } from './gift-records'

const rdk = new RDK()

/** Schedules here the sending of every gift given that is paid and not sent yet, and the reading of one still settling. */
export function keepGiftTasks(data: Data, view: CustomerView, nowMs: number): void {
  for (const gift of view.giftsGiven || []) {
    if (gift.status === 'paid') runAt(data, 'sendGift', sendMomentMs(gift), nowMs, { giftId: gift.giftId })
    else if (gift.status === 'paying') runIn(data, 'syncGift', 60, { giftId: gift.giftId })
  }
}

/**
 * When this Account's customer moved to another address (and the move is recent), answers `method`
 * with `body` from the Account they moved to; null when they did not move here-from.
 */
export async function forwardToMoved(data: Data, method: string, body: unknown): Promise<{ statusCode: number; body?: unknown } | null> {
  const moved = (privateOf(data) as MovedState).movedTo
  if (!moved || Date.parse(moved.until) < Date.now()) return null
  const answer = await callUntilFree(function () { return rdk.methodCall({ classId: 'Account', instanceId: moved.accountId, methodName: method, body: body }) })
  return answer ? { statusCode: answer.statusCode, body: answer.body } : { statusCode: 503 }
}

/** This Account's id and those its customer moved here from: the addresses a gift to them may name. */
export function ownAccountIds(data: Data): string[] {
  return [data.context.instanceId || ''].concat((privateOf(data) as MovedState).adoptedFrom || [])
}
