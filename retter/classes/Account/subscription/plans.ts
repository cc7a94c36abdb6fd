/**
 * The STATIC method that lists the subscription plans (the plans themselves are data of the
 * BeanBloomSubscription dependency, which the app renders too).
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { PLANS } from 'BeanBloomSubscription'

/** STATIC: the plans (a fresh copy, so no caller can change ours). */
export async function getSubscriptionPlans(data: Data): Promise<Data> {
  respond(data, JSON.parse(JSON.stringify(PLANS)))
  return data
}
