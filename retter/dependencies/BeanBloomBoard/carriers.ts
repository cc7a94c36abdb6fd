/**
 * The parcel carriers a roastery ships with, each with the page a customer follows a parcel on, and
 * the loose check of a tracking number staff enter or import. One list for the Roastery (which
 * accepts only these carriers), the Account (the "on its way" e-mail's link) and the app (the staff
 * form and /account's link), so a carrier added here is offered, checked and linked everywhere.
 *
 * The check is deliberately loose: carriers' formats vary by product and country and change, so it
 * only refuses what cannot be a tracking number (too short, too long, or characters no carrier
 * uses); spaces and dashes, which labels print for legibility, are dropped.
 */

/** A carrier: `trackingUrl` holds `{number}` where the tracking number goes. */
export interface Carrier {
  id: string
  name: string
  trackingUrl: string
}

/** The carriers staff can choose, by id. Tracking pages as the carriers publish them. */
export const CARRIERS: ReadonlyArray<Carrier> = [
  { id: 'dhl', name: 'DHL', trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}' },
  { id: 'dpd', name: 'DPD', trackingUrl: 'https://tracking.dpd.de/status/en_US/parcel/{number}' },
  { id: 'gls', name: 'GLS', trackingUrl: 'https://gls-group.com/track/{number}' },
  { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  { id: 'postnl', name: 'PostNL', trackingUrl: 'https://jouw.postnl.nl/track-and-trace/{number}' },
  { id: 'colissimo', name: 'La Poste / Colissimo', trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code={number}' },
  { id: 'hermes', name: 'Hermes', trackingUrl: 'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#{number}' },
  { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { id: 'anpost', name: 'An Post', trackingUrl: 'https://www.anpost.com/Post-Parcels/Track/History?item={number}' },
  { id: 'royalmail', name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
]

/** The shortest and longest tracking number accepted (after spaces and dashes are dropped). */
export const TRACKING_MIN = 6
export const TRACKING_MAX = 40

/** A parcel's tracking: the carrier's id and the number as cleaned. */
export interface Tracking {
  carrier: string
  number: string
}

/** The carrier with this id (case-insensitive), or undefined. */
export function carrierOf(id: string): Carrier | undefined {
  const wanted = String(id).trim().toLowerCase()
  for (const carrier of CARRIERS) if (carrier.id === wanted) return carrier
  return undefined
}

/** The carrier whose id or name is this text ("DHL", "dhl", "La Poste / Colissimo", "Colissimo"), for imported files. */
export function carrierNamed(text: string): Carrier | undefined {
  const wanted = String(text).trim().toLowerCase()
  if (!wanted) return undefined
  for (const carrier of CARRIERS) {
    const names = [carrier.id, carrier.name.toLowerCase()].concat(carrier.name.toLowerCase().split(/\s*\/\s*/))
    if (names.indexOf(wanted) >= 0) return carrier
  }
  return undefined
}

/** Why a carrier or tracking number is refused, naming the field; none when both are fine. */
export interface TrackingRefusal {
  field: 'carrier' | 'trackingNumber'
  code: 'INVALID_CARRIER' | 'INVALID_TRACKING_NUMBER'
  message: string
}

/**
 * The tracking cleaned (carrier id lower case; number without spaces and dashes, upper case), or
 * why it cannot be used.
 */
export function cleanTracking(carrier: unknown, trackingNumber: unknown): { tracking: Tracking } | { refusal: TrackingRefusal } {
  const found = typeof carrier === 'string' ? carrierOf(carrier) : undefined
  if (!found) {
    return {
      refusal: {
        field: 'carrier', code: 'INVALID_CARRIER',
        message: 'The carrier must be one of ' + CARRIERS.map(function (c) { return c.id }).join(', ') + (typeof carrier === 'string' && carrier ? ', not "' + carrier.slice(0, 40) + '"' : '') + '.',
      },
    }
  }
  const number = typeof trackingNumber === 'string' ? trackingNumber.replace(/[\s-]+/g, '').toUpperCase() : ''
  if (number.length < TRACKING_MIN || number.length > TRACKING_MAX || !/^[A-Z0-9]+$/.test(number)) {
    return {
      refusal: {
        field: 'trackingNumber', code: 'INVALID_TRACKING_NUMBER',
        message: 'The tracking number must be ' + TRACKING_MIN + ' to ' + TRACKING_MAX + ' letters and digits (spaces and dashes are ignored)' +
          (typeof trackingNumber === 'string' && trackingNumber ? ', not "' + trackingNumber.slice(0, 60) + '"' : '') + '.',
      },
    }
  }
  return { tracking: { carrier: found.id, number: number } }
}

/** The page the parcel is followed on, or undefined for a carrier not (or no longer) in the list. */
export function trackingUrl(tracking: Tracking): string | undefined {
  const carrier = carrierOf(tracking.carrier)
  return carrier ? carrier.trackingUrl.replace('{number}', encodeURIComponent(tracking.number)) : undefined
}
