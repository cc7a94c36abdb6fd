/**
 * Refunds of deliveries that shipped before their customer moved to another e-mail address. A
 * shipped entry stays on its day's board under the old Account's id, while the payment moved with
 * the customer: the old Account forwards a refund to the Account the customer moved to (`movedTo`,
 * for as long as a shipped parcel may still be refunded), and that Account takes the old delivery
 * id of any address it adopted the customer from (`adoptedFrom`). A customer who moved twice is
 * reached in as many hops; only the Roastery starts a refund, only an Account forwards one.
 */
import RDK, { Data, Response } from '@retter/rdk'
import { accountOf, PERSONAL_DATA_KEPT_DAYS } from 'BeanBloomBoard'
import { isPlatformCall } from 'BeanBloomIdentity'
import { privateOf } from '../customer'

/** What a move leaves on the two Accounts. */
export interface MovedState {
  /** Where this address's customer moved (that Account's id), and until when (ISO) refunds follow them. */
  movedTo?: { accountId: string; until: string }
  /** The Accounts this customer moved here from, oldest first (their delivery ids are this customer's). */
  adoptedFrom?: string[]
}

/** The most Accounts a forwarded refund passes through (moves within one refund window). */
export const MAX_REFUND_HOPS = 5
/** Adopted-from ids kept: more moves than that within a refund window are not expected. */
const ADOPTED_KEPT = 10
const ACCOUNT_CLASS = 'Account'
const DAY_MS = 86400000
const rdk = new RDK()

function movedOf(data: Data): MovedState {
  return privateOf(data) as MovedState
}

/** Marks this (now emptied) Account's customer as moved to `accountId`: refunds follow them. */
export function noteMovedTo(state: MovedState, accountId: string, nowMs: number): void {
  state.movedTo = { accountId: accountId, until: new Date(nowMs + PERSONAL_DATA_KEPT_DAYS * DAY_MS).toISOString() }
}

/** The adopted-from list the Account of the new address takes on: this Account's own, then this one. */
export function adoptedFromFor(data: Data): string[] {
  const own = movedOf(data).adoptedFrom || []
  return own.concat([data.context.instanceId || '']).slice(-ADOPTED_KEPT)
}

/** Keeps, on the adopting Account, where its customer came from. */
export function noteAdoptedFrom(data: Data, adoptedFrom: string[] | undefined): void {
  if (!adoptedFrom || adoptedFrom.length === 0) return
  const state = movedOf(data)
  state.adoptedFrom = (state.adoptedFrom || []).concat(adoptedFrom).slice(-ADOPTED_KEPT)
}

/** True when another Account forwards a refund (its hop count says so). */
export function isForwardedRefund(data: Data<{ hops?: number }>): boolean {
  const body = data.request.body
  return isPlatformCall(data.context, ACCOUNT_CLASS) && !!body && typeof body.hops === 'number' && body.hops >= 1
}

/** True when `deliveryId` is one of the Accounts this customer moved here from, on a forwarded refund. */
export function isAdoptedDelivery(data: Data<{ hops?: number }>, deliveryId: string): boolean {
  return isForwardedRefund(data) && (movedOf(data).adoptedFrom || []).indexOf(accountOf(deliveryId)) >= 0
}

/**
 * The answer of the Account the customer moved to, when this Account holds no payment for the day
 * and its customer moved within the refund window; undefined when the refund is this Account's.
 */
export async function forwardRefund(data: Data<{ deliveryId: string; amountCents: number; reason: string; hops?: number }>, nowMs: number): Promise<Response | undefined> {
  const moved = movedOf(data).movedTo
  const body = data.request.body
  const hops = body && typeof body.hops === 'number' ? body.hops : 0
  if (!body || !moved || Date.parse(moved.until) < nowMs || hops >= MAX_REFUND_HOPS) return undefined
  const reply = await rdk.methodCall({
    classId: ACCOUNT_CLASS, instanceId: moved.accountId, methodName: 'refundPayment',
    body: { deliveryId: body.deliveryId, amountCents: body.amountCents, reason: body.reason, hops: hops + 1 },
  })
  return { statusCode: reply ? reply.statusCode : 503, body: reply ? reply.body : { code: 'REFUND_NOT_MADE', message: 'The customer’s account could not be reached.' } }
}
