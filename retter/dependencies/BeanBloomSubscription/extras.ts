/**
 * Extras: one-off items a customer adds to one upcoming delivery (another bag of its coffee, a gift
 * box, a brewing tool). The Shop keeps them in its catalogue beside the plans and coffees; an
 * Account keeps, per delivery day, the lines the customer added, each with the price and words it
 * had when added, so a later catalogue change never changes what the customer agreed to pay.
 * Pure: validation, the seed, the lines' rules and totals.
 */
import { VatKind } from './vat'
import { Checked, ID_PATTERN, refusal, text } from './catalogue'
import type { Catalogue } from './catalogue'

/** Words of an extra in one language besides English. */
export interface ExtraTexts {
  name?: string
  description?: string
}

/** An item of the catalogue a customer may add to a delivery. */
export interface Extra {
  id: string
  name: string
  description: string
  /** Its price, VAT included, in cents. */
  amountCents: number
  /** Which VAT it carries: roasted coffee's rate, or the standard rate of the country it goes to. */
  vat: VatKind
  /** Offered now. */
  available: boolean
  /** Words by language (not English, which the fields above carry). */
  translations: { [locale: string]: ExtraTexts }
}

/** One extra on one delivery, as the customer added it. */
export interface ExtraLine {
  itemId: string
  quantity: number
  /** The price of one, VAT included, when it was added. */
  unitCents: number
  vat: VatKind
  /** Its English name and its words in other languages, when it was added. */
  name: string
  translations?: { [locale: string]: ExtraTexts }
}

/** Extras by delivery day (`YYYY-MM-DD`). */
export type DeliveryExtras = { [day: string]: ExtraLine[] }

/** At most this many of one extra on one delivery. */
export const MAX_EXTRA_QUANTITY = 5
/** At most this many different extras on one delivery. */
export const MAX_EXTRA_LINES = 5
/** An extra's price bounds, in cents (a typing slip guard). */
export const MAX_EXTRA_CENTS = 20000

/** The extras a fresh shop offers. Their words in other languages are data an owner edits, like a plan's. */
export const SEED_EXTRAS: ReadonlyArray<Extra> = [
  {
    id: 'extra-bag', name: 'Another bag of this coffee', description: 'One more 250 g bag of the delivery’s coffee, ground the same way.', amountCents: 950, vat: 'coffee', available: true,
    translations: {
      de: { name: 'Noch eine Tüte dieses Kaffees', description: 'Eine weitere 250-g-Tüte vom Kaffee dieser Lieferung, gleich gemahlen.' },
      fr: { name: 'Un sachet de plus de ce café', description: 'Un sachet de 250 g de plus du café de cette livraison, moulu de la même façon.' },
      nl: { name: 'Nog een zak van deze koffie', description: 'Nog een zak van 250 g van de koffie van deze levering, op dezelfde manier gemalen.' },
      it: { name: 'Un altro sacchetto di questo caffè', description: 'Un sacchetto in più da 250 g del caffè di questa consegna, macinato allo stesso modo.' },
      es: { name: 'Otra bolsa de este café', description: 'Una bolsa más de 250 g del café de esta entrega, molido igual.' },
    },
  },
  {
    id: 'gift-box', name: 'Gift box', description: 'The delivery packed in a gift box with a card.', amountCents: 450, vat: 'standard', available: true,
    translations: {
      de: { name: 'Geschenkbox', description: 'Die Lieferung in einer Geschenkbox mit Karte.' },
      fr: { name: 'Coffret cadeau', description: 'La livraison emballée dans un coffret cadeau avec une carte.' },
      nl: { name: 'Cadeaudoos', description: 'De levering verpakt in een cadeaudoos met een kaartje.' },
      it: { name: 'Confezione regalo', description: 'La consegna in una confezione regalo con biglietto.' },
      es: { name: 'Caja regalo', description: 'La entrega en una caja regalo con tarjeta.' },
    },
  },
  {
    id: 'dripper', name: 'Ceramic pour-over dripper', description: 'A size-02 ceramic dripper for one to four cups.', amountCents: 2400, vat: 'standard', available: true,
    translations: {
      de: { name: 'Keramik-Handfilter', description: 'Ein Keramik-Handfilter, Größe 02, für ein bis vier Tassen.' },
      fr: { name: 'Dripper en céramique', description: 'Un dripper en céramique taille 02, pour une à quatre tasses.' },
      nl: { name: 'Keramische filterhouder', description: 'Een keramische filterhouder, maat 02, voor één tot vier kopjes.' },
      it: { name: 'Dripper in ceramica', description: 'Un dripper in ceramica misura 02, da una a quattro tazze.' },
      es: { name: 'Dripper de cerámica', description: 'Un dripper de cerámica tamaño 02, para una a cuatro tazas.' },
    },
  },
]

/** Fresh copies of the seed extras. */
export function seedExtras(): Extra[] {
  return JSON.parse(JSON.stringify(SEED_EXTRAS)) as Extra[]
}

/** The catalogue's extras: its own, or the seed's for a catalogue stored before extras existed (kept on it). */
export function extrasOf(catalogue: Catalogue): Extra[] {
  if (!Array.isArray(catalogue.extras)) catalogue.extras = seedExtras()
  return catalogue.extras
}

/** The extra of this id in `extras`, or undefined. */
export function findExtra(extras: ReadonlyArray<Extra>, itemId: unknown): Extra | undefined {
  if (typeof itemId !== 'string') return undefined
  for (const extra of extras) if (extra.id === itemId) return extra
  return undefined
}

/** An extra's name in `locale`: its translation when it has one, else English. */
export function extraName(item: Pick<ExtraLine, 'name' | 'translations'>, locale: string | undefined): string {
  const words = locale && item.translations ? item.translations[locale] : undefined
  return words && words.name ? words.name : item.name
}

/**
 * An extra's name in each other language it has words in, kept with a change that names it: the
 * customer's history then reads in their language, whatever the catalogue says later. Undefined
 * when it has none.
 */
export function extraNamesOf(item: Pick<ExtraLine, 'translations'>): { [locale: string]: string } | undefined {
  const names: { [locale: string]: string } = {}
  const translations = item.translations || {}
  let any = false
  for (const locale in translations) {
    const words = translations[locale]
    if (words && words.name) {
      names[locale] = words.name
      any = true
    }
  }
  return any ? names : undefined
}

/** The extra a change or timeline entry names, in `locale` when it kept words for it; otherwise its English name. */
export function recordedExtraName(record: { extra?: string; extraNames?: { [locale: string]: string } }, locale: string | undefined): string {
  const named = locale && record.extraNames ? record.extraNames[locale] : undefined
  return named || record.extra || ''
}

/** The line an extra makes on a delivery, `quantity` of it at today's price and words. */
export function extraLineOf(extra: Extra, quantity: number): ExtraLine {
  return { itemId: extra.id, quantity: quantity, unitCents: extra.amountCents, vat: extra.vat, name: extra.name, translations: JSON.parse(JSON.stringify(extra.translations || {})) }
}

/** What the lines cost together, in cents. */
export function extrasCents(lines: ReadonlyArray<ExtraLine> | undefined): number {
  return (lines || []).reduce(function (sum, line) { return sum + line.unitCents * line.quantity }, 0)
}

/** The extras of the delivery on `date` (an ISO day or instant). */
export function extrasOn(extras: DeliveryExtras | undefined, date: string): ExtraLine[] {
  return (extras && extras[date.slice(0, 10)]) || []
}

/** `lines` with the line of `extra` set to `quantity` (replacing one already there, else added last). */
export function withExtraLine(lines: ReadonlyArray<ExtraLine>, extra: Extra, quantity: number): ExtraLine[] {
  const line = extraLineOf(extra, quantity)
  const at = lines.map(function (l) { return l.itemId }).indexOf(extra.id)
  if (at < 0) return lines.concat([line])
  const out = lines.slice()
  out[at] = line
  return out
}

/** The problem with a quantity, or undefined for a whole number from 1 to MAX_EXTRA_QUANTITY. */
export function quantityProblem(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_EXTRA_QUANTITY) return undefined
  return 'Give the quantity as a whole number from 1 to ' + MAX_EXTRA_QUANTITY + '.'
}

/**
 * An extra as an owner gives it (`saveExtra`), checked field by field; the first problem is refused
 * naming its field (`extra.amountCents`, `extra.translations.de.name`).
 * @param locales the languages besides English an extra may carry words in
 */
export function checkExtra(input: unknown, locales: ReadonlyArray<string>): Checked<Extra> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return refusal('extra', 'INVALID_EXTRA', 'Give the extra as an object.')
  const given = input as { [field: string]: unknown }
  if (typeof given.id !== 'string' || !ID_PATTERN.test(given.id)) {
    return refusal('extra.id', 'INVALID_EXTRA_ID', 'An extra’s id is 1 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.')
  }
  const name = text(given.name, 'extra.name', 60, true)
  if (!name.ok) return name
  const description = text(given.description, 'extra.description', 200, true)
  if (!description.ok) return description
  const amount = given.amountCents
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_EXTRA_CENTS) {
    return refusal('extra.amountCents', 'INVALID_EXTRA_PRICE', 'The price is a whole number of cents from 1 to ' + MAX_EXTRA_CENTS + ' (' + (MAX_EXTRA_CENTS / 100) + ' EUR).')
  }
  if (given.vat !== 'coffee' && given.vat !== 'standard') {
    return refusal('extra.vat', 'INVALID_VAT_KIND', 'Say which VAT the extra carries: coffee (roasted coffee’s rate) or standard.')
  }
  if (typeof given.available !== 'boolean') return refusal('extra.available', 'INVALID_FLAG', 'Say true or false for extra.available.')
  const translations: { [locale: string]: ExtraTexts } = {}
  const givenTranslations = given.translations === undefined ? {} : given.translations
  if (!givenTranslations || typeof givenTranslations !== 'object' || Array.isArray(givenTranslations)) {
    return refusal('extra.translations', 'INVALID_TRANSLATIONS', 'Give the translations as an object by language.')
  }
  for (const locale of Object.keys(givenTranslations)) {
    const field = 'extra.translations.' + locale
    if (locales.indexOf(locale) < 0) return refusal(field, 'UNKNOWN_LANGUAGE', 'The shop speaks ' + locales.join(', ') + ' besides English.')
    const w = (givenTranslations as { [locale: string]: unknown })[locale]
    if (!w || typeof w !== 'object' || Array.isArray(w)) return refusal(field, 'INVALID_TRANSLATIONS', 'Give the ' + field + ' as {name, description}.')
    const out: ExtraTexts = {}
    const given = w as { [field: string]: unknown }
    if (given.name !== undefined && given.name !== '') {
      const n = text(given.name, field + '.name', 60, true)
      if (!n.ok) return n
      out.name = n.value
    }
    if (given.description !== undefined && given.description !== '') {
      const d = text(given.description, field + '.description', 200, true)
      if (!d.ok) return d
      out.description = d.value
    }
    translations[locale] = out
  }
  return { ok: true, value: { id: given.id, name: name.value, description: description.value, amountCents: amount, vat: given.vat, available: given.available, translations: translations } }
}
