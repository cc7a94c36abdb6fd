/**
 * The owner's subscription changes, each behind the per-customer hourly change limit (limits.ts):
 * past it, the change is refused with 429 CHANGE_LIMIT before anything is touched (no state, no
 * reminder task, no board update, no e-mail). The limit is checked here, in the method, because
 * Retter's authorizers see no state to count from. template.yml points the change methods here
 * through owner.ts (which first refuses sessions older than the Account's session epoch).
 */
import { Data } from '@retter/rdk'
import { changeLimit } from '../limits'
import { privateOf } from '../customer'
import * as details from './delivery-details'
import * as subscription from './subscription'
import * as coffee from './coffee-choice'
import * as extras from './extra-choice'
import * as deliveryDay from './delivery-day'
import * as deliveryMove from './delivery-move'

type Handler<T> = (data: Data<T>) => Promise<Data>

/** `handler`, refused with 429 while the owner is past the hourly change limit. */
function limited<T>(handler: Handler<T>): Handler<T> {
  return function (data: Data<T>): Promise<Data> {
    const users = (data.state.user || {}) as Record<string, { history?: Array<{ at?: string; action?: string }> } | undefined>
    const own = users[privateOf(data).userId]
    const refused = own ? changeLimit(own.history, Date.now()) : null
    if (refused) {
      data.response = refused
      return Promise.resolve(data)
    }
    return handler(data)
  }
}

export const selectPlan = limited(subscription.selectPlan)
export const pauseSubscription = limited(subscription.pauseSubscription)
export const resumeSubscription = limited(subscription.resumeSubscription)
export const skipNextDelivery = limited(subscription.skipNextDelivery)
export const skipDelivery = limited(subscription.skipDelivery)
export const unskipDelivery = limited(subscription.unskipDelivery)
export const cancelSubscription = limited(subscription.cancelSubscription)
export const setDeliveryAddress = limited(details.setDeliveryAddress)
export const setPreferences = limited(details.setPreferences)
export const chooseCoffee = limited(coffee.chooseCoffee)
export const addExtra = limited(extras.addExtra)
export const removeExtra = limited(extras.removeExtra)
export const setDeliveryDay = limited(deliveryDay.setDeliveryDay)
export const moveDelivery = limited(deliveryMove.moveDelivery)
export const sendNow = limited(deliveryMove.sendNow)
