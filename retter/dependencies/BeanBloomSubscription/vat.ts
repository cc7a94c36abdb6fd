/**
 * VAT on roasted coffee (CN 0901 21) sold at a distance to consumers, by the country it is
 * delivered to. Pure rules over plain values: the Account class puts them on receipts and credit
 * notes, the web app shows them with this very module.
 *
 * - EU: distance sales of goods to consumers are taxed where the goods arrive (VAT Directive
 *   2006/112/EC art. 33, since 1 July 2021; declared through the One-Stop Shop, OSS), at that
 *   country's rate for the product. Roasted coffee is food in most member states, so the rate is
 *   often a reduced one, and it differs widely (0 % in Ireland, 22 % in Italy).
 * - GB: the United Kingdom is outside the EU and the OSS. A parcel of at most £135 sold to a UK
 *   consumer is taxed by the UK at the point of sale (the seller registers for UK VAT), and the EU
 *   side is a zero-rated export (art. 146). Roasted coffee beans are zero-rated food in the UK, so
 *   the UK rate is 0 % as well: the receipt shows 0 % VAT either way.
 *
 * Every row names the source it was taken from and the day the table was written (`checkedOn`).
 * Rates change (Finland, Sweden, Estonia and Romania moved theirs in 2025-2026): whoever runs a real
 * shop has each row confirmed against its source before going live (docs/receipts.md).
 *
 * Rounding (one rule, everywhere): prices include VAT. The VAT in a gross amount G at rate r is
 * G × r / (1 + r), rounded to the nearest cent, halves up; the net amount is G minus that VAT, so
 * net + VAT is always exactly G. A credit note's VAT is the same rule applied to the running total of
 * refunds (creditSplit), so a delivery refunded in full gives back exactly the VAT it was charged.
 */

/** One country's VAT on roasted coffee sold to a consumer there. */
export interface VatRate {
  /** ISO 3166-1 alpha-2 (GB for the United Kingdom). */
  country: string
  /** The rate in basis points: 700 = 7 %, 550 = 5.5 %, 0 = zero-rated. */
  rateBp: number
  /** Where the rate was taken from: the national tax authority or the Commission's rates database. */
  source: string
  /** Why this rate applies to roasted coffee there, in a few words. */
  basis: string
}

/** The day the table below was written from its sources. */
export const VAT_TABLE_CHECKED_ON = '2026-11-27'

/** The European Commission's database of VAT rates (Taxes in Europe Database, TEDB). */
const TEDB = 'https://ec.europa.eu/taxation_customs/tedb/'

/** Roasted coffee delivered to a consumer in each country the shop delivers to (the EU 27 and GB). */
export const VAT_RATES: { [country: string]: VatRate } = {
  AT: { country: 'AT', rateBp: 1000, source: 'https://www.ris.bka.gv.at/GeltendeFassung.wxe?Abfrage=Bundesnormen&Gesetzesnummer=10004873 (UStG 1994, Anlage 1 Z 9)', basis: 'reduced rate: coffee (Anlage 1)' },
  BE: { country: 'BE', rateBp: 600, source: 'https://finances.belgium.be/fr/entreprises/tva/calcul-de-la-tva/taux-de-tva (Royal Decree no. 20, table A)', basis: 'reduced rate: foodstuffs' },
  BG: { country: 'BG', rateBp: 2000, source: TEDB + ' (Bulgaria; nap.bg)', basis: 'standard rate' },
  CY: { country: 'CY', rateBp: 500, source: TEDB + ' (Cyprus; tax.gov.cy)', basis: 'reduced rate: foodstuffs for human consumption' },
  CZ: { country: 'CZ', rateBp: 1200, source: 'https://www.financnisprava.cz/ (Act 235/2004, reduced rate from 2024)', basis: 'reduced rate: foodstuffs' },
  DE: { country: 'DE', rateBp: 700, source: 'https://www.gesetze-im-internet.de/ustg_1980/anlage_2.html (UStG Anlage 2 Nr. 12)', basis: 'reduced rate: coffee beans (not drinks)' },
  DK: { country: 'DK', rateBp: 2500, source: 'https://skat.dk/ (Momsloven §33)', basis: 'single standard rate' },
  EE: { country: 'EE', rateBp: 2400, source: 'https://www.emta.ee/ (standard rate from 1 July 2025)', basis: 'standard rate' },
  ES: { country: 'ES', rateBp: 1000, source: 'https://sede.agenciatributaria.gob.es/ (Ley 37/1992, art. 91.Uno.1)', basis: 'reduced rate: foodstuffs' },
  FI: { country: 'FI', rateBp: 1350, source: 'https://www.vero.fi/ (food rate from 1 January 2026)', basis: 'reduced rate: foodstuffs' },
  FR: { country: 'FR', rateBp: 550, source: 'https://www.impots.gouv.fr/ (CGI art. 278-0 bis A)', basis: 'reduced rate: foodstuffs' },
  GR: { country: 'GR', rateBp: 1300, source: TEDB + ' (Greece; aade.gr)', basis: 'reduced rate: foodstuffs' },
  HR: { country: 'HR', rateBp: 2500, source: TEDB + ' (Croatia; porezna-uprava.hr)', basis: 'standard rate' },
  HU: { country: 'HU', rateBp: 2700, source: TEDB + ' (Hungary; nav.gov.hu)', basis: 'standard rate' },
  IE: { country: 'IE', rateBp: 0, source: 'https://www.revenue.ie/en/vat/vat-rates/search-vat-rates/ (tea and coffee)', basis: 'zero rate: food' },
  IT: { country: 'IT', rateBp: 2200, source: 'https://www.agenziaentrate.gov.it/ (DPR 633/1972, coffee not in table A)', basis: 'standard rate' },
  LT: { country: 'LT', rateBp: 2100, source: TEDB + ' (Lithuania; vmi.lt)', basis: 'standard rate' },
  LU: { country: 'LU', rateBp: 300, source: 'https://pfi.public.lu/ (super-reduced rate: foodstuffs)', basis: 'super-reduced rate: foodstuffs' },
  LV: { country: 'LV', rateBp: 2100, source: TEDB + ' (Latvia; vid.gov.lv)', basis: 'standard rate' },
  MT: { country: 'MT', rateBp: 0, source: 'https://cfr.gov.mt/ (VAT Act, Fifth Schedule: food)', basis: 'zero rate: food for human consumption' },
  NL: { country: 'NL', rateBp: 900, source: 'https://www.belastingdienst.nl/ (Wet OB, tabel I: voedingsmiddelen)', basis: 'reduced rate: foodstuffs' },
  PL: { country: 'PL', rateBp: 2300, source: 'https://www.podatki.gov.pl/ (coffee outside the 5 % food list since 2020)', basis: 'standard rate' },
  PT: { country: 'PT', rateBp: 2300, source: 'https://info.portaldasfinancas.gov.pt/ (CIVA, coffee not in lists I and II)', basis: 'standard rate' },
  RO: { country: 'RO', rateBp: 2100, source: TEDB + ' (Romania; anaf.ro, standard rate from 1 August 2025)', basis: 'standard rate' },
  SE: { country: 'SE', rateBp: 600, source: 'https://www.skatteverket.se/ (food rate lowered from 1 April 2026)', basis: 'reduced rate: foodstuffs' },
  SI: { country: 'SI', rateBp: 2200, source: TEDB + ' (Slovenia; fu.gov.si)', basis: 'standard rate' },
  SK: { country: 'SK', rateBp: 2300, source: TEDB + ' (Slovakia; financnasprava.sk, from 2025)', basis: 'standard rate' },
  GB: { country: 'GB', rateBp: 0, source: 'https://www.gov.uk/guidance/food-products-and-vat-notice-70114 (coffee beans: zero-rated food)', basis: 'outside the EU and its OSS: UK VAT on sale, zero rate for food' },
}

/** Which VAT an item carries: roasted coffee's (VAT_RATES) or the country's standard rate (an extra that is not coffee). */
export type VatKind = 'coffee' | 'standard'

/**
 * The standard rate of each country the shop delivers to, for goods that are not food (a gift box,
 * a brewing tool), from the Commission's database (TEDB) on VAT_TABLE_CHECKED_ON; the same
 * confirmation before going live as the table above.
 */
export const STANDARD_VAT_RATES: { readonly [country: string]: number } = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100, FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700,
  IE: 2300, IT: 2200, LT: 2100, LU: 1700, LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300, GB: 2000,
}

/** The rate (basis points) of `kind` in `country`; throws, naming the country, when a table has no row for it. */
export function vatRateOf(country: string, kind: VatKind): number {
  if (kind === 'coffee') return vatRateFor(country).rateBp
  const rate = STANDARD_VAT_RATES[country]
  if (rate === undefined) throw new Error('There is no standard VAT rate for ' + JSON.stringify(country) + ': add it to BeanBloomSubscription/vat.ts')
  return rate
}

/** Basis points in 100 %. */
const WHOLE = 10000

/** The VAT row of `country`; throws, naming the country, when the table has none (a test keeps every delivery country covered). */
export function vatRateFor(country: string): VatRate {
  const row = VAT_RATES[country]
  if (!row) throw new Error('There is no VAT rate for ' + JSON.stringify(country) + ': add its row to BeanBloomSubscription/vat.ts')
  return row
}

/**
 * The VAT inside a gross amount at `rateBp`, in integer cents: gross × rate / (1 + rate), to the
 * nearest cent, halves up. Integer arithmetic only (no floating point), for any safe integer gross.
 */
export function vatInGross(grossCents: number, rateBp: number): number {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new Error('A gross amount is a whole, non-negative number of cents: ' + grossCents)
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new Error('A VAT rate is a whole, non-negative number of basis points: ' + rateBp)
  const denominator = WHOLE + rateBp
  // round(a / b) halves up = floor((2a + b) / 2b); split to stay exact for large amounts.
  const whole = Math.floor(grossCents / denominator)
  const rest = grossCents - whole * denominator
  return whole * rateBp + Math.floor((2 * rest * rateBp + denominator) / (2 * denominator))
}

/** A gross amount split into its net amount and VAT (net + vat === gross). */
export interface VatSplit {
  grossCents: number
  netCents: number
  vatCents: number
  rateBp: number
}

/** Splits a price that includes VAT at `rateBp` into net and VAT (they always add up to `grossCents`). */
export function splitGross(grossCents: number, rateBp: number): VatSplit {
  const vat = vatInGross(grossCents, rateBp)
  return { grossCents: grossCents, netCents: grossCents - vat, vatCents: vat, rateBp: rateBp }
}

/**
 * The split of a credit note of `refundCents` against a receipt at `rateBp`, after `refundedBeforeCents` were
 * refunded by earlier credit notes: its VAT is the VAT of everything refunded so far minus the VAT
 * of what was refunded before (the rounding rule above on running totals). So the credit notes'
 * VAT never exceeds the receipt's, each note's VAT lies between 0 and its amount, and a delivery
 * refunded in full, in any number of parts, gives back exactly the VAT it was charged.
 */
export function creditSplit(rateBp: number, refundedBeforeCents: number, refundCents: number): VatSplit {
  const vat = vatInGross(refundedBeforeCents + refundCents, rateBp) - vatInGross(refundedBeforeCents, rateBp)
  return { grossCents: refundCents, netCents: refundCents - vat, vatCents: vat, rateBp: rateBp }
}

/** "7%", "5.5%", "0%": a rate in basis points as people write it. */
export function rateText(rateBp: number): string {
  const whole = Math.floor(rateBp / 100)
  const rest = rateBp % 100
  return whole + (rest === 0 ? '' : '.' + (rest < 10 ? '0' + rest : String(rest)).replace(/0$/, '')) + '%'
}

/**
 * The splits of a refund of `refundCents` over a document's lines (each `{grossCents, rateBp}`),
 * after `refundedBeforeCents` were refunded: refunds fill the lines in their order (the delivery's
 * coffee first, then each extra), each line by creditSplit's running-total rule. So every line's
 * split lies between 0 and what is left of it, the splits add up to the refund, and a document
 * refunded in full, in any number of parts, gives back exactly each line's VAT. One split per line,
 * in the lines' order (0 cents for a line this refund does not reach).
 */
export function creditSplitLines(lines: ReadonlyArray<{ grossCents: number; rateBp: number }>, refundedBeforeCents: number, refundCents: number): VatSplit[] {
  let start = 0
  return lines.map(function (line) {
    const clamp = function (cents: number) { return Math.min(line.grossCents, Math.max(0, cents - start)) }
    const before = clamp(refundedBeforeCents)
    const after = clamp(refundedBeforeCents + refundCents)
    start += line.grossCents
    return creditSplit(line.rateBp, before, after - before)
  })
}
