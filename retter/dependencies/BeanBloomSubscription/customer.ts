/**
 * What an Account keeps about its customer beside the subscription's own fields: one definition for
 * the class that writes it (Account's customer.ts) and the app that reads it (lib/contract.ts).
 * Types only: nothing here runs.
 */
import type { DeliveryAddress } from './address'
import type { DeliveryPayment, PaymentMethodSummary } from './payments'
import type { CoffeePreferences } from './preferences'
import type { DeliveryExtras } from './extras'
import type { GiftGiven, GiftOffer, RunningGift } from './gifts'

/** A free replacement staff send for a delivery that was lost: its own parcel, never charged. */
export interface Replacement {
  /** The day it leaves the roastery (ISO day). */
  date: string
  /** The lost delivery it replaces (ISO day). */
  forDate: string
  plan: string
  grind: string
  roast: string
  bags: number
  /** ISO instant staff sent it. */
  at: string
  /** ISO instant it left the roastery. */
  shippedAt?: string
  tracking?: { carrier: string; number: string }
}

/**
 * The customer's details and records in their user state. `Shipped` is a delivery that left the
 * roastery as the reader types it (the app narrows its grind and roast to the known ones).
 */
export interface CustomerRecords<Shipped> {
  email: string
  /** Where deliveries go (setDeliveryAddress); a subscription cannot start without it. */
  delivery?: DeliveryAddress
  /** Grind and roast (setPreferences; defaults from the plan when a subscription starts). */
  preferences?: CoffeePreferences
  /** Deliveries that left the roastery (recordShipment), oldest first, the latest 52 (Account's DELIVERY_HISTORY_LIMIT). */
  deliveries?: Shipped[]
  /** The coffee chosen for one delivery, by its day (`YYYY-MM-DD`): a coffee id of the catalogue. */
  coffeeChoices?: { [day: string]: string }
  /** The extras added to one delivery, by its day (`YYYY-MM-DD`), each at the price and words it had when added. */
  extras?: DeliveryExtras
  /** Free replacements staff sent for lost deliveries, oldest first (the Account keeps the latest REPLACEMENTS_KEPT). */
  replacements?: Replacement[]
  /** The saved payment method (Stripe's summary: never a card or account number). */
  paymentMethod?: PaymentMethodSummary
  /** Each final delivery's payment, oldest first, the latest PAYMENTS_KEPT (52, payments.ts). */
  payments?: DeliveryPayment[]
  /** The gifts they gave, newest last (gifts.ts). */
  giftsGiven?: GiftGiven[]
  /** Gifts offered to them and not redeemed yet. */
  giftOffers?: GiftOffer[]
  /** The gift their subscription runs on, redeemed; kept once used up, so the page can say so. */
  gift?: RunningGift
  /** Set while deliveries are on hold because the last deliveries were not paid: ISO instant it began. */
  paymentHoldSince?: string
  /**
   * Set when the customer left this Account (deleted it, or moved to another e-mail address): ISO
   * instant. A browser whose sign-in is older signs itself out on seeing it; one that signed in
   * since goes on. Retter's class API cannot end other sessions itself.
   */
  sessionsEndedAt?: string
}
