/**
 * Another coffee for one delivery: the customer picks, for one upcoming delivery that may still
 * change, one of the coffees available now whose roast their plan offers; the board and the packing
 * list follow (roastery-boards.ts), and the delivery's view names its coffee. An empty `coffeeId`
 * undoes the choice.
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { catalogueInUse, deliveryToChange, findCoffee, findPlan } from 'BeanBloomSubscription'
import { complete, current } from './customer-view'
import { planOffersRoastOf } from './delivery-coffee'

/**
 * WRITE {date, coffeeId}: the coffee for the delivery of `date` (an id of the catalogue's
 * available coffees, of a roast the plan offers); `coffeeId` empty: back to the usual coffee. The
 * skip's refusals for the date (409 NOT_ON_SCHEDULE, TOO_LATE_TO_CHANGE, NO_SUBSCRIPTION…); 409
 * DELIVERY_SKIPPED for a skipped delivery; 404 COFFEE_NOT_FOUND; 409 COFFEE_UNAVAILABLE and
 * COFFEE_NOT_IN_PLAN.
 */
export async function chooseCoffee(data: Data<{ date: string; coffeeId?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body
  const found = deliveryToChange(view, body ? String(body.date) : '', nowMs)
  if ('refused' in found) return found.refused.ok ? data : refuse(data, 409, found.refused.code, found.refused.message)
  const delivery = found.delivery
  const day = delivery.date.slice(0, 10)
  if (delivery.skipped) return refuse(data, 409, 'DELIVERY_SKIPPED', 'The delivery of ' + day + ' is skipped: bring it back before choosing its coffee.')
  const choices: { [day: string]: string } = {}
  // Choices for days gone are dropped as the customer makes new ones.
  const today = new Date(nowMs).toISOString().slice(0, 10)
  for (const key in view.coffeeChoices || {}) if (key >= today) choices[key] = (view.coffeeChoices as { [day: string]: string })[key] as string
  const coffeeId = body && typeof body.coffeeId === 'string' ? body.coffeeId.trim() : ''
  if (!coffeeId) {
    delete choices[day]
    view.coffeeChoices = choices
    return complete(data, view, nowMs, { action: 'coffee', date: delivery.date }, { kind: 'coffee', date: delivery.date })
  }
  const coffee = findCoffee(catalogueInUse(), coffeeId)
  if (!coffee) return refuse(data, 404, 'COFFEE_NOT_FOUND', 'There is no coffee ' + coffeeId + ' in the catalogue.', { field: 'coffeeId' })
  if (!coffee.available) return refuse(data, 409, 'COFFEE_UNAVAILABLE', coffee.name + ' is not being roasted at the moment: choose another coffee.', { field: 'coffeeId' })
  const plan = findPlan(delivery.plan)
  if (!plan || !planOffersRoastOf(plan, coffee)) {
    return refuse(data, 409, 'COFFEE_NOT_IN_PLAN', coffee.name + ' is a ' + coffee.roast + ' roast, which your plan does not offer: choose a coffee of a roast it offers.', { field: 'coffeeId' })
  }
  choices[day] = coffee.id
  view.coffeeChoices = choices
  return complete(data, view, nowMs, { action: 'coffee', date: delivery.date, coffee: coffee.name }, { kind: 'coffee', date: delivery.date, coffee: coffee.name })
}
