/**
 * The delivery address: which countries we ship to, and the checks an address must pass before it
 * is stored. Postal codes are checked per country by the maintained `postcode-validator` package
 * (no hand-written patterns here); the shapes below only word the message a customer sees.
 * Used by the class (setDeliveryAddress) and by the app's address form, so both say the same.
 */
import { postcodeValidator } from 'postcode-validator'

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

/** True when `value` holds a control or invisible character (see HIDDEN). */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN.test(value)
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

/**
 * Checks an address as typed and answers it cleaned (NFC, trimmed, single spaces, country and
 * postal code upper case), or the first problem with a message naming the field.
 */
export function checkAddress(input: unknown): AddressCheck {
  const raw = (input && typeof input === 'object' ? input : {}) as { [field: string]: unknown }
  const fields: AddressField[] = ['name', 'line1', 'line2', 'city', 'postalCode', 'country']
  const values: { [field: string]: string } = {}
  for (const field of fields) {
    const original = raw[field]
    if (typeof original === 'string' && hasHiddenCharacters(original.replace(/[ \t]/g, ''))) {
      return fail('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' contains invisible or control characters (often from copy and paste). Type it again.')
    }
    const value = clean(original)
    if (value === '' && field !== 'line2') return fail('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' is required.')
    if (value.length > ADDRESS_LIMITS[field]) {
      return fail('INVALID_ADDRESS', field, FIELD_LABELS[field] + ' is too long: at most ' + ADDRESS_LIMITS[field] + ' characters.')
    }
    values[field] = value
  }
  const country = (values.country as string).toUpperCase()
  const known = DELIVERY_COUNTRIES[country]
  if (!known) {
    return fail('UNSUPPORTED_COUNTRY', 'country', 'We deliver to the EU and the United Kingdom only; "' + country + '" is not one of them.')
  }
  const postalCode = normalisePostalCode(values.postalCode as string)
  if (!postcodeValidator(postalCode, country)) {
    return fail('INVALID_POSTAL_CODE', 'postalCode', '"' + postalCode + '" is not a postal code in ' + known.name + ': it has ' + known.postalShape + '.')
  }
  const address: DeliveryAddress = {
    name: values.name as string,
    line1: values.line1 as string,
    city: values.city as string,
    postalCode: postalCode,
    country: country,
  }
  if (values.line2) address.line2 = values.line2
  return { ok: true, address: address }
}

/** A country as a list or an address line names it: "Germany", "The Netherlands"; a code we do not deliver to reads as itself. */
export function countryName(code: string): string {
  const known = DELIVERY_COUNTRIES[code]
  return known ? known.name.replace(/^the /, 'The ') : code
}

/** The address as lines for a label, the account page or an e-mail: name, street, extra line (when given), "postcode city", country. */
export function addressLines(address: DeliveryAddress): string[] {
  const lines = [address.name, address.line1]
  if (address.line2) lines.push(address.line2)
  lines.push(address.postalCode + ' ' + address.city)
  lines.push(countryName(address.country))
  return lines
}
