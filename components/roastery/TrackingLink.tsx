import { carrierOf, trackingUrl } from '@retter-shared/BeanBloomBoard/carriers'

export interface TrackingLinkProps {
  /** The parcel's carrier id and tracking number, as the board and the customer's history keep them. */
  tracking: { carrier: string; number: string } | undefined
}

/**
 * "Track with DHL: 0034…" linking to the carrier's page, for staff and for the customer's
 * deliveries on /account. Nothing when the parcel has no tracking; the number as text when its
 * carrier is no longer in the list.
 */
export function TrackingLink({ tracking }: TrackingLinkProps) {
  if (!tracking) return null
  const carrier = carrierOf(tracking.carrier)
  const url = trackingUrl(tracking)
  if (!carrier || !url) return <span>Tracking number {tracking.number}</span>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      Track with {carrier.name}: {tracking.number}<span className="visually-hidden"> (opens the carrier’s page)</span>
    </a>
  )
}
