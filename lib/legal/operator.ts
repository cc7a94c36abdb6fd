/**
 * Who runs the shop, as the imprint, the privacy notice and the terms name them. Read from the
 * server's environment when a legal page is built (getStaticProps), never shipped as code. The
 * seller's name, address and VAT number are the same variables receipts use (SELLER_*); the rest
 * are the imprint's and the notice's own. Unset, each reads as a placeholder that says which
 * variable to fill in while developing (`next dev`), so a page built locally can never pass for a
 * real one; a production build (`next build`, also `npm run start:local`) leaves an unset detail
 * out instead, so a visitor never reads "PLACEHOLDER", and `npm run start:local` names the
 * variables still missing. Pages also say whether analytics is configured (NEXT_PUBLIC_GA_ID), so
 * the privacy notice describes analytics and its "Cookie settings" only when they are there.
 */

/** Each detail, the variable it comes from, and what it is. */
export const OPERATOR_SETTINGS = {
  name: { variable: 'SELLER_NAME', what: 'the legal name of the business' },
  address: { variable: 'SELLER_ADDRESS', what: 'the postal address, lines separated by "|"' },
  vatNumber: { variable: 'SELLER_VAT_NUMBER', what: 'the VAT identification number' },
  email: { variable: 'OPERATOR_EMAIL', what: 'the contact e-mail address' },
  phone: { variable: 'OPERATOR_PHONE', what: 'the contact telephone number' },
  representative: { variable: 'OPERATOR_REPRESENTATIVE', what: 'who represents the business (managing director)' },
  register: { variable: 'OPERATOR_REGISTER', what: 'the commercial register and number' },
  privacyContact: { variable: 'OPERATOR_PRIVACY_CONTACT', what: 'the data-protection contact (e-mail or officer)' },
  authority: { variable: 'OPERATOR_SUPERVISORY_AUTHORITY', what: 'the data-protection supervisory authority' },
  mailProvider: { variable: 'OPERATOR_MAIL_PROVIDER', what: 'who sends our e-mail (the SMTP provider) and where' },
} as const

export type OperatorField = keyof typeof OPERATOR_SETTINGS

/** The operator's details: each a value, or a placeholder naming the variable to set. */
export type Operator = { [field in Exclude<OperatorField, 'address'>]: string } & {
  address: string[]
  /** Fields not configured (a page shows a notice while any is). */
  missing: OperatorField[]
  /** True: an unset field reads as its placeholder; false (a production build): it is '' (address: none) and left out. */
  placeholders: boolean
  /** Whether the site loads analytics after consent (NEXT_PUBLIC_GA_ID set when it was built). */
  analytics: boolean
}

/**
 * The placeholder text of one unset detail.
 * @param field the detail
 */
export function placeholderOf(field: OperatorField): string {
  const { variable, what } = OPERATOR_SETTINGS[field]
  return `PLACEHOLDER: set ${variable} (${what})`
}

/**
 * The operator as an environment configures it.
 * @param env the server's environment (process.env at build time)
 * @param options.placeholders whether unset details read as placeholders (default: unless NODE_ENV is production)
 */
export function operatorFrom(env: Record<string, string | undefined>, options: { placeholders?: boolean } = {}): Operator {
  const placeholders = options.placeholders ?? env.NODE_ENV !== 'production'
  const missing: OperatorField[] = []
  const read = (field: OperatorField): string => {
    const value = (env[OPERATOR_SETTINGS[field].variable] ?? '').trim()
    if (value) return value
    missing.push(field)
    return placeholders ? placeholderOf(field) : ''
  }
  // Read in the settings' order, so `missing` lists the variables as the pages name them.
  const name = read('name')
  const addressLines = read('address').split('|').map((line) => line.trim()).filter((line) => line.length > 0)
  return {
    name,
    address: addressLines,
    vatNumber: read('vatNumber'),
    email: read('email'),
    phone: read('phone'),
    representative: read('representative'),
    register: read('register'),
    privacyContact: read('privacyContact'),
    authority: read('authority'),
    mailProvider: read('mailProvider'),
    missing,
    placeholders,
    analytics: (env.NEXT_PUBLIC_GA_ID ?? '').trim() !== '',
  }
}

/**
 * The operator's variables an environment leaves unset, each with what it is, for a start-up
 * warning (`npm run start:local`).
 * @param env the environment the site is built with
 */
export function missingOperatorSettings(env: Record<string, string | undefined>): string[] {
  return operatorFrom(env, { placeholders: false }).missing.map((field) => `${OPERATOR_SETTINGS[field].variable} (${OPERATOR_SETTINGS[field].what})`)
}

/** How long receipts and credit notes are kept after an account is deleted: tax law's retention. */
export const RECEIPT_RETENTION_YEARS = 10
