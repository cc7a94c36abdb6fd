/**
 * How the app names a delivery's plan, grind and roast (ids in, labels out): made from the plan list
 * by lib/subscription/labels.ts, read by the roastery's boards, packing lists and CSV and by the
 * customer's shipped deliveries. A module of its own, so none of those imports another for a type.
 */
export interface DeliveryLabels {
  plan(id: string): string
  grind(id: string): string
  roast(id: string): string
}
