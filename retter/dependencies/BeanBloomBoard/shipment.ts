/**
 * What a shipment is once it has left the roastery: the Roastery sends it to the customer's
 * Account (`recordShipment`), which keeps it in the customer's history of deliveries.
 */
import { BoardDelivery } from './board'

/** One delivery that left the roastery, as the customer's history keeps it. */
export interface ShippedDelivery {
  /** The delivery day (ISO day, like the schedule's dates). */
  date: string
  plan: string
  grind: string
  roast: string
  bags: number
  /** ISO instant the roastery marked it shipped. */
  shippedAt: string
  /** The parcel's carrier (an id of carriers.ts) and tracking number, when staff entered them. */
  tracking?: { carrier: string; number: string }
}

/** What the Roastery sends the delivery's Account when it is shipped. */
export interface ShipmentRecord extends ShippedDelivery {
  deliveryId: string
}

/** The record of a board delivery shipped at `shippedAt`. */
export function shipmentOf(date: string, delivery: BoardDelivery, shippedAt: string): ShipmentRecord {
  const record: ShipmentRecord = { deliveryId: delivery.deliveryId, date: date, plan: delivery.plan, grind: delivery.grind, roast: delivery.roast, bags: delivery.bags, shippedAt: shippedAt }
  if (delivery.tracking) record.tracking = { carrier: delivery.tracking.carrier, number: delivery.tracking.number }
  return record
}

/** What the customer's history keeps of a shipment (the delivery id is the board's, not theirs). */
export function shippedDeliveryOf(record: ShipmentRecord, day: string): ShippedDelivery {
  const shipped: ShippedDelivery = { date: day, plan: record.plan, grind: record.grind, roast: record.roast, bags: record.bags, shippedAt: record.shippedAt }
  if (record.tracking) shipped.tracking = { carrier: record.tracking.carrier, number: record.tracking.number }
  return shipped
}
