/**
 * The delivery address: which countries we ship to, and the checks an address must pass before it
 * is stored. Postal codes are checked per country by the maintained `postcode-validator` package
 * (no hand-written patterns here); the shapes below only word the message a customer sees.
 * Used by the class (setDeliveryAddress) and by the app's address form, so both say the same.
 *
 * Every field ends up on a parcel label, so it must be printable there:
 * - at most ADDRESS_LIMITS characters (UTF-16 code units, as a browser's `maxLength` counts them;
 *   the form's inputs stop at the same number) after trimming and collapsing spaces;
 * - at most ADDRESS_BYTE_LIMITS bytes in UTF-8, twice the character limit (name 200 bytes, street
 *   200, second line 200, town 120, postal code 24, country 2): any Latin, Greek or Cyrillic text
 *   within the character limit fits, and text of 3-byte scripts (Chinese, Japanese, Korean) fits
 *   two thirds of the characters (66 for a name), which is what the label's fields hold;
 * - no emoji or pictographic symbols (the label printer and many mail apps print empty boxes),
 *   no control, format or invisible characters, no private-use or unassigned code points.
 * The input model (SetDeliveryAddressInput) is a coarser outer bound (200 characters a field), so
 * the messages here, which say why, are what a customer meets.
 */
import { postcodeValidator } from 'postcode-validator'
import { utf8Bytes } from 'BeanBloomKit/text'

export interface DeliveryAddress {
  /** Who the parcel is for. */
  name: string
  line1: string
  line2?: string
  city: string
  postalCode: string
  /** ISO 3166-1 alpha-2, upper case. */
  country: string
}

export type AddressField = 'name' | 'line1' | 'line2' | 'city' | 'postalCode' | 'country'

export type AddressProblem = 'INVALID_ADDRESS' | 'UNSUPPORTED_COUNTRY' | 'INVALID_POSTAL_CODE'

export type AddressCheck =
  | { ok: true; address: DeliveryAddress }
  | { ok: false; code: AddressProblem; field: AddressField; message: string }

/** Longest value of each field (characters, after trimming). */
export const ADDRESS_LIMITS: { [field in AddressField]: number } = {
  name: 100,
  line1: 100,
  line2: 100,
  city: 60,
  postalCode: 12,
  country: 2,
}

/**
 * Longest value of each field in UTF-8 bytes (after trimming): what a label's field holds. Twice
 * the character limit, so only 3-byte scripts meet it before the character limit.
 */
export const ADDRESS_BYTE_LIMITS: { [field in AddressField]: number } = {
  name: 200,
  line1: 200,
  line2: 200,
  city: 120,
  postalCode: 24,
  country: 2,
}

const FIELD_LABELS: { [field in AddressField]: string } = {
  name: 'The name',
  line1: 'The street address',
  line2: 'The second address line',
  city: 'The town or city',
  postalCode: 'The postal code',
  country: 'The country',
}

/**
 * Where we deliver (prices are in euros): the EU's 27 countries and the United Kingdom, each with
 * the shape of its postal codes for messages.
 */
export const DELIVERY_COUNTRIES: { [code: string]: { name: string; postalShape: string } } = {
  AT: { name: 'Austria', postalShape: '4 digits, like 1010' },
  BE: { name: 'Belgium', postalShape: '4 digits, like 1000' },
  BG: { name: 'Bulgaria', postalShape: '4 digits, like 1000' },
  HR: { name: 'Croatia', postalShape: '5 digits, like 10000' },
  CY: { name: 'Cyprus', postalShape: '4 digits, like 1010' },
  CZ: { name: 'Czechia', postalShape: '5 digits, like 110 00' },
  DK: { name: 'Denmark', postalShape: '4 digits, like 1050' },
  EE: { name: 'Estonia', postalShape: '5 digits, like 10111' },
  FI: { name: 'Finland', postalShape: '5 digits, like 00100' },
  FR: { name: 'France', postalShape: '5 digits, like 75001' },
  DE: { name: 'Germany', postalShape: '5 digits, like 10115' },
  GR: { name: 'Greece', postalShape: '5 digits, like 105 57' },
  HU: { name: 'Hungary', postalShape: '4 digits, like 1051' },
  IE: { name: 'Ireland', postalShape: 'an Eircode, like D02 X285' },
  IT: { name: 'Italy', postalShape: '5 digits, like 00184' },
  LV: { name: 'Latvia', postalShape: 'LV- and 4 digits, like LV-1050' },
  LT: { name: 'Lithuania', postalShape: '5 digits, like 01100' },
  LU: { name: 'Luxembourg', postalShape: '4 digits, like 1009' },
  MT: { name: 'Malta', postalShape: '3 letters and 4 digits, like VLT 1117' },
  NL: { name: 'the Netherlands', postalShape: '4 digits and 2 letters, like 1012 AB' },
  PL: { name: 'Poland', postalShape: '2 digits, a dash and 3 digits, like 00-950' },
  PT: { name: 'Portugal', postalShape: '4 digits, a dash and 3 digits, like 1000-001' },
  RO: { name: 'Romania', postalShape: '6 digits, like 010011' },
  SK: { name: 'Slovakia', postalShape: '5 digits, like 811 01' },
  SI: { name: 'Slovenia', postalShape: '4 digits, like 1000' },
  ES: { name: 'Spain', postalShape: '5 digits, like 28013' },
  SE: { name: 'Sweden', postalShape: '5 digits, like 111 22' },
  GB: { name: 'the United Kingdom', postalShape: 'a UK postcode, like SW1A 1AA' },
}

/** Country codes we deliver to, sorted. */
export const DELIVERY_COUNTRY_CODES: ReadonlyArray<string> = Object.keys(DELIVERY_COUNTRIES).sort()

/**
 * Characters no address needs and that hide or disguise text: controls (line breaks included),
 * format characters (zero-width, direction marks and overrides), default-ignorable code points,
 * private-use, unassigned and surrogate code points. Built at run time: class code compiles to ES5,
 * whose regular expressions have no Unicode property escapes (Node has them).
 */
const HIDDEN = new RegExp('[\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\p{Cs}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}]', 'u')

/** Code points that are no character anyone can read: private-use, unassigned, lone surrogates. */
const UNREADABLE = new RegExp('[\\p{Co}\\p{Cn}\\p{Cs}]', 'u')

/**
 * Emoji and pictographs (a label prints them as empty boxes): pictographic symbols, skin-tone
 * modifiers, flag letters and the keycap mark. Letters, digits, punctuation and symbols such as
 * °, № or € are printable and allowed.
 */
const PICTOGRAPH = '[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\p{Regional_Indicator}\\u20E3]'
/** One emoji as shown: the pictograph with its modifiers, joiners and variation selector (a flag's two letters). */
const PICTOGRAPHIC = new RegExp(PICTOGRAPH + '(?:' + PICTOGRAPH + '|[\\uFE0F\\u200D])*', 'u')

/** True when `value` holds a control or invisible character (see HIDDEN). */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN.test(value)
}

/** The first emoji or pictographic symbol in `value` as shown (a flag, a skin tone or a joined emoji whole), or null. */
export function firstPictograph(value: string): string | null {
  const found = PICTOGRAPHIC.exec(value)
  return found ? found[0] : null
}

/** The length of `value` in UTF-8 bytes (a pair of surrogates is one 4-byte character): the kit's one rule. */
export function utf8Length(value: string): number {
  return utf8Bytes(value)
}

/**
 * Why a field was refused, stable across languages: the catalogue words each one
 * (`delivery.problem.<reason>`, with the problem's `values` and its field), the English being `message`.
 * A postal code that is not one of its country's has no reason yet and is worded in English only.
 */
export type AddressReason = 'required' | 'tooLong' | 'tooLongBytes' | 'pictograph' | 'unreadable' | 'hidden' | 'country'

type Unfit = { reason: AddressReason; message: string; values?: { [name: string]: string | number } }

/** Why `value` cannot go on a label, or null when it can (lengths are checked apart). */
function unprintable(field: AddressField, value: string): Unfit | null {
  const pictograph = firstPictograph(value)
  if (pictograph) {
    return { reason: 'pictograph', values: { pictograph: pictograph }, message: FIELD_LABELS[field] + ' contains "' + pictograph + '": emoji and pictographic symbols cannot be printed on a parcel label. Use letters, digits and punctuation only.' }
  }
  if (UNREADABLE.test(value)) {
    return { reason: 'unreadable', message: FIELD_LABELS[field] + ' contains a character no font can show (a private-use or unassigned code point), so it cannot be printed on a parcel label. Type it again.' }
  }
  if (HIDDEN.test(value.replace(/[ \t]/g, ''))) {
    return { reason: 'hidden', message: FIELD_LABELS[field] + ' contains invisible or control characters (often from copy and paste). Type it again.' }
  }
  return null
}

function clean(value: unknown): string {
  return typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : ''
}

/** A postal code as we store it: upper case, single spaces. */
export function normalisePostalCode(raw: string): string {
  return raw.toUpperCase()
}

function fail(code: AddressProblem, field: AddressField, message: string): AddressCheck {
  return { ok: false, code: code, field: field, message: message }
}

/** One problem of an address as typed: which field, why, and the refusal's code. */
export interface AddressFieldProblem {
  code: AddressProblem
  field: AddressField
  message: string
  /** Why, for the words in another language (absent: `message` is the only wording). */
  reason?: AddressReason
  /** The values the reason's words name besides the field (`max`, `pictograph`, `country`, …). */
  values?: { [name: string]: string | number }
}

/** Every problem of an address as typed, in the order of its fields, and the values that passed. */
function examine(input: unknown): { problems: AddressFieldProblem[]; values: { [field: string]: string } } {
  const raw = (input && typeof input === 'object' ? input : {}) as { [field: string]: unknown }
  const fields: AddressField[] = ['name', 'line1', 'line2', 'city', 'postalCode', 'country']
  const values: { [field: string]: string } = {}
  const problems: AddressFieldProblem[] = []
  const problem = (code: AddressProblem, field: AddressField, message: string, why?: Unfit) => {
    const found: AddressFieldProblem = { code: code, field: field, message: message }
    if (why) found.reason = why.reason
    if (why && why.values) found.values = why.values
    problems.push(found)
  }
  for (const field of fields) {
    const original = raw[field]
    const unfit = typeof original === 'string' ? unprintable(field, original) : null
    const value = clean(original)
    const max = ADDRESS_LIMITS[field]
    const maxBytes = ADDRESS_BYTE_LIMITS[field]
    if (unfit) problem('INVALID_ADDRESS', field, unfit.message, unfit)
    else if (value === '' && field !== 'line2') problem('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' is required.', { reason: 'required', message: '' })
    else if (value.length > max) {
      problem('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' is too long: at most ' + max + ' characters.', { reason: 'tooLong', message: '', values: { max: max } })
    } else if (utf8Length(value) > maxBytes) {
      problem('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' is too long for a parcel label: at most ' + maxBytes +
        ' bytes, which is ' + Math.floor(maxBytes / 3) + ' characters in Chinese, Japanese or Korean script. Shorten it.',
      { reason: 'tooLongBytes', message: '', values: { max: maxBytes, cjk: Math.floor(maxBytes / 3) } })
    } else values[field] = value
  }
  if (values.country === undefined) return { problems: problems, values: values }
  const country = values.country.toUpperCase()
  const known = DELIVERY_COUNTRIES[country]
  if (!known) {
    problem('UNSUPPORTED_COUNTRY', 'country', 'We deliver to the EU and the United Kingdom only; "' + country + '" is not one of them.', { reason: 'country', message: '', values: { country: country } })
    return { problems: problems, values: values }
  }
  values.country = country
  if (values.postalCode !== undefined) {
    const postalCode = normalisePostalCode(values.postalCode)
    if (!postcodeValidator(postalCode, country)) {
      problem('INVALID_POSTAL_CODE', 'postalCode', '"' + postalCode + '" is not a postal code in ' + known.name + ': it has ' + known.postalShape + '.')
    } else values.postalCode = postalCode
  }
  return { problems: problems, values: values }
}

/**
 * Every problem of an address as typed, one per field at most, in the order of the fields (a form
 * shows them all at once); empty when checkAddress accepts it.
 */
export function addressProblems(input: unknown): AddressFieldProblem[] {
  return examine(input).problems
}

/**
 * Checks an address as typed and answers it cleaned (NFC, trimmed, single spaces, country and
 * postal code upper case), or the first problem with a message naming the field.
 */
export function checkAddress(input: unknown): AddressCheck {
  const examined = examine(input)
  const first = examined.problems[0]
  if (first) return fail(first.code, first.field, first.message)
  const values = examined.values
  const address: DeliveryAddress = {
    name: values.name as string,
    line1: values.line1 as string,
    city: values.city as string,
    postalCode: values.postalCode as string,
    country: values.country as string,
  }
  if (values.line2) address.line2 = values.line2
  return { ok: true, address: address }
}

/** A country as a list or an address line names it: "Germany", "The Netherlands"; a code we do not deliver to reads as itself. */
export function countryName(code: string): string {
  const known = DELIVERY_COUNTRIES[code]
  return known ? known.name.replace(/^the /, 'The ') : code
}

/** The code of a country we deliver to by its English name ("the Netherlands" or "The Netherlands" → NL). */
export function countryCodeOfName(name: string): string | undefined {
  const codes = Object.keys(DELIVERY_COUNTRIES)
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as string
    if ((DELIVERY_COUNTRIES[code] as { name: string }).name.toLowerCase() === name.toLowerCase()) return code
  }
  return undefined
}

/** The part of Intl.DisplayNames used here: es2019's lib (Retter's compile settings) does not declare it. */
type RegionNames = { of(code: string): string | undefined }
type RegionNamesConstructor = new (locales: string[], options: { type: 'region'; fallback: 'none' }) => RegionNames

const regionNamesMade: { [locale: string]: RegionNames | null } = {}

/** The runtime's (CLDR) country names in `locale`, made once per language; null without DisplayNames. */
function regionNamesIn(locale: string): RegionNames | null {
  if (Object.prototype.hasOwnProperty.call(regionNamesMade, locale)) return regionNamesMade[locale] as RegionNames | null
  const Display = (Intl as unknown as { DisplayNames?: RegionNamesConstructor }).DisplayNames
  let made: RegionNames | null = null
  try {
    made = typeof Display === 'function' ? new Display([locale], { type: 'region', fallback: 'none' }) : null
  } catch {
    // A runtime whose DisplayNames refuses the language: English names.
    made = null
  }
  regionNamesMade[locale] = made
  return made
}

/**
 * A country's name in `locale`: English keeps our own names ("The Netherlands"); every other
 * language takes the runtime's CLDR names ("Niederlande", "Pays-Bas"), which that language's
 * postal forms use. A runtime without DisplayNames, or a code it refuses, reads in English.
 */
export function countryNameIn(code: string, locale?: string): string {
  if (!locale || locale === 'en') return countryName(code)
  const names = regionNamesIn(locale)
  let named: string | undefined
  try {
    named = names ? names.of(code) : undefined
  } catch {
    // A code DisplayNames refuses (never one we deliver to): our own name.
    named = undefined
  }
  return named || countryName(code)
}

/**
 * The address as lines for a label, the account page or an e-mail: name, street, extra line (when
 * given), "postcode city", country (named in `locale`, English when none is given).
 */
export function addressLines(address: DeliveryAddress, locale?: string): string[] {
  const lines = [address.name, address.line1]
  if (address.line2) lines.push(address.line2)
  lines.push(address.postalCode + ' ' + address.city)
  lines.push(countryNameIn(address.country, locale))
  return lines
}
