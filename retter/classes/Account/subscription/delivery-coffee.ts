/**
 * Which coffee each delivery gets: the customer's choice for it (coffee-choice.ts), while still one
 * its plan may get, else the plan's and roast's of the moment; and the coffees a customer may
 * choose. Read by the customer's view and the roastery's boards; nothing here changes state.
 */
import { Catalogue, catalogueInUse, Coffee, coffeeFor, CoffeePreferences, findCoffee, findPlan, preferencesFor, SubscriptionPlan, UpcomingDelivery } from 'BeanBloomSubscription'

type Choices = { [day: string]: string } | undefined

/** True when a delivery of `plan` may get `coffee` instead of its usual one: a roast the plan offers (availability apart). */
export function planOffersRoastOf(plan: Pick<SubscriptionPlan, 'roasts'>, coffee: Pick<Coffee, 'roast'>): boolean {
  return (plan.roasts as string[]).indexOf(coffee.roast) >= 0
}

/** The chosen coffee of a delivery of `plan` on `day`, when it is still one the plan may get (available, of a roast the plan offers). */
export function chosenCoffee(catalogue: Catalogue, choices: Choices, day: string, planId: string): Coffee | undefined {
  const id = choices ? choices[day.slice(0, 10)] : undefined
  const coffee = findCoffee(catalogue, id)
  const plan = findPlan(planId)
  return coffee && coffee.available && plan && planOffersRoastOf(plan, coffee) ? coffee : undefined
}

/** A coffee the customer may choose for a delivery, as their view lists it. */
export interface CoffeeOption {
  id: string
  name: string
  origin: string
  notes: string
  roast: string
}

/** The coffees a delivery of `planId` may get instead: available now, of a roast the plan offers. */
export function coffeeOptions(catalogue: Catalogue, planId: string | null | undefined): CoffeeOption[] {
  const plan = planId ? findPlan(planId) : undefined
  if (!plan) return []
  return catalogue.coffees.filter(function (c) { return c.available && planOffersRoastOf(plan, c) })
    .map(function (c) { return { id: c.id, name: c.name, origin: c.origin, notes: c.notes, roast: c.roast } })
}

/** Names each upcoming delivery's coffee on `view` (in place): the customer's choice, or the plan's and roast's. */
export function withCoffees<V extends { plan?: string | null; upcomingDeliveries?: UpcomingDelivery[]; coffeeChoices?: { [day: string]: string }; preferences?: CoffeePreferences; coffeeOptions?: CoffeeOption[] }>(view: V): V {
  const catalogue = catalogueInUse()
  // What the customer may choose instead, for the deliveries of their plan.
  const options = coffeeOptions(catalogue, view.plan)
  if (options.length > 0) view.coffeeOptions = options
  else delete view.coffeeOptions
  for (const delivery of view.upcomingDeliveries || []) {
    const chosen = chosenCoffee(catalogue, view.coffeeChoices, delivery.date, delivery.plan)
    const plan = findPlan(delivery.plan)
    const usual = plan ? coffeeFor(catalogue, plan, preferencesFor(plan, view.preferences).roast) : undefined
    const coffee = chosen || usual
    if (coffee) delivery.coffee = { id: coffee.id, name: coffee.name, chosen: !!chosen }
    else delete delivery.coffee
  }
  return view
}
