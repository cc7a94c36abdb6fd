import { carrierOf, trackingUrl } from '@retter-shared/BeanBloomBoard/carriers'
import { useT } from '@/contexts/I18nContext'

export interface TrackingLinkProps {
  /** The parcel's carrier id and tracking number, as the board and the customer's history keep them. */
  tracking: { carrier: string; number: string } | undefined
}

/**
 * "Track with DHL: 0034…" (in the page's language; the words are the frame's, as /account shows it too) linking to the carrier's page, for staff and for the customer's
 * deliveries on /account. Nothing when the parcel has no tracking; the number as text when its
 * carrier is no longer in the list.
 */
export function TrackingLink({ tracking }: TrackingLinkProps) {
  const t = useT()
  if (!tracking) return null
  const carrier = carrierOf(tracking.carrier)
  const url = trackingUrl(tracking)
  if (!carrier || !url) return <span>{t('shell.tracking.number', { number: tracking.number })}</span>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t('shell.tracking.trackWith', { carrier: carrier.name, number: tracking.number })}<span className="visually-hidden"> {t('shell.tracking.opens')}</span>
    </a>
  )
}
