/**
 * Tracking numbers from a carrier's export: after printing labels, a carrier's software exports a
 * file of its parcels, each with the reference it was given (the packing list's Delivery column)
 * and the tracking number it assigned. Formats vary by carrier and locale, so this reads any
 * delimited text (comma, semicolon or tab; quotes as RFC 4180) and finds the columns by their
 * headers. Rows whose reference is not a delivery of the day are named, not guessed at.
 */
import { carrierNamed } from '@retter-shared/BeanBloomBoard/carriers'
import type { Translate } from '@/lib/i18n/types'

/** One parcel's tracking as the Roastery's setTracking takes it. */
export interface TrackingEntry {
  deliveryId: string
  carrier: string
  trackingNumber: string
}

/** What a file gave: the entries to send, or why it cannot be used (naming the line or column). */
export type TrackingImport = { entries: TrackingEntry[]; skipped: number } | { message: string }

const DELIVERY_HEADER = /^(delivery|delivery ?id|reference|ref|customer ?reference|shipment ?reference|kundenreferenz|referenz|référence|referentie|order)$/i
const TRACKING_HEADER = /(tracking|sendungsnummer|paketnummer|parcel ?(number|no|id)|barcode|shipment ?number|numéro de colis|n° de colis|track ?&? ?trace|zendingnummer)/i
const CARRIER_HEADER = /^(carrier|versender|transporteur|vervoerder|service)$/i

/** The file's rows of cells (quoted cells may hold the separator, quotes and line breaks). */
export function delimitedRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const separator = [';', '\t', ','].reduce((best, s) => (firstLine.split(s).length > firstLine.split(best).length ? s : best), ',')
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++ } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === separator) { row.push(cell); cell = '' } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row) }
  return rows.filter((r) => r.some((value) => value.trim() !== ''))
}

/**
 * The tracking entries of a carrier's file for one day's deliveries.
 * @param text the file's text
 * @param deliveryIds the deliveries of the day (references that are not are counted as skipped)
 * @param carrier the carrier's id for files without a carrier column
 * @param t the page's words for what is wrong with a file
 */
export function trackingFromCsv(text: string, deliveryIds: ReadonlyArray<string>, carrier: string, t: Translate): TrackingImport {
  const [header, ...rows] = delimitedRows(text)
  if (!header) return { message: t('roastery.import.empty') }
  const names = header.map((h) => h.trim())
  const deliveryColumn = names.findIndex((h) => DELIVERY_HEADER.test(h))
  const trackingColumn = names.findIndex((h) => TRACKING_HEADER.test(h))
  const carrierColumn = names.findIndex((h) => CARRIER_HEADER.test(h))
  if (deliveryColumn < 0) return { message: t('roastery.import.noDeliveryColumn') }
  if (trackingColumn < 0) return { message: t('roastery.import.noTrackingColumn') }
  const known = new Set(deliveryIds)
  const entries: TrackingEntry[] = []
  let skipped = 0
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as string[]
    const deliveryId = (row[deliveryColumn] ?? '').trim()
    if (!known.has(deliveryId)) { skipped++; continue }
    const named = carrierColumn >= 0 ? (row[carrierColumn] ?? '').trim() : ''
    const rowCarrier = named ? carrierNamed(named)?.id : carrier
    if (!rowCarrier) return { message: t('roastery.import.unknownCarrier', { line: i + 2, carrier: named.slice(0, 40) }) }
    entries.push({ deliveryId, carrier: rowCarrier, trackingNumber: (row[trackingColumn] ?? '').trim() })
  }
  if (entries.length === 0) return { message: t('roastery.import.noneOfDay', { count: rows.length }) }
  return { entries, skipped }
}
