/**
 * The customer's subscription. One method per export; each keeps its fields in the customer's
 * user state (see customer.ts), never in public state.
 */
import { Data } from '@retter/rdk'
import { customerOf } from './customer'
import { findPlan } from './plans'

/** WRITE: sets the plan (body validated by SelectPlanInput); 400 UNKNOWN_PLAN for an id we do not offer. */
export async function selectPlan(data: Data<{ planId: string }>): Promise<Data> {
  const planId = data.request.body ? data.request.body.planId : ''
  if (!findPlan(planId)) {
    data.response = { statusCode: 400, body: { code: 'UNKNOWN_PLAN', message: 'There is no plan "' + planId + '"' } }
    return data
  }
  const customer = customerOf(data)
  customer.plan = planId
  customer.planChangedAt = new Date(Date.now()).toISOString()
  data.response = { statusCode: 200, body: { plan: customer.plan, planChangedAt: customer.planChangedAt } }
  return data
}
