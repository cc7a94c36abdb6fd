/**
 * The project environment the classes read, in one schema: every variable with what it is for,
 * read through here only. A value is read trimmed (blank is unset); a variable a method cannot do
 * without throws naming itself and what to set; a malformed number is logged, naming the variable
 * and the value, and its default used. docs/configuration.md lists them for whoever sets them.
 *
 * Each read takes the variable's current value, nothing is kept: a warm container keeps its module
 * state across a change of the project's settings, and the tests set variables between cases.
 */

/** Every variable the classes read (the schema). */
export const CLASS_ENV = {
  APP_URL: "the app's address (https://...), for the links in e-mails",
  CHANGE_MAIL_DIGEST_SECONDS: 'seconds a change confirmation waits for the next changes to join it',
  CUSTOMER_ID_SECRET: 'the secret of the customer ids, at least 32 characters',
  STAFF_EMAILS: "the staff's e-mail addresses, comma-separated",
  OTP_IP_SENDS_PER_HOUR: 'sign-in codes one network may request an hour',
  OTP_IP_CHECKS_PER_HOUR: 'failed code checks one network may make an hour',
  ACCOUNT_CREATIONS_PER_HOUR: 'Accounts one network may start an hour',
  SUBSCRIPTION_CHANGES_PER_HOUR: 'subscription changes one customer may make an hour',
  CUSTOMER_EMAILS_PER_HOUR: 'change confirmations one customer may be sent an hour',
  EMAIL_CHANGES_PER_SOURCE_PER_HOUR: 'e-mail address changes one network may start an hour',
  SELLER_NAME: "the seller's legal name, on receipts",
  SELLER_ADDRESS: 'the registered address, lines separated by "|", on receipts',
  SELLER_VAT_NUMBER: 'the VAT identification number, on receipts',
  STRIPE_SECRET_KEY: 'the secret key of the Stripe account',
  STRIPE_API_URL: "another Stripe API address (the local fake's); unset: Stripe",
  STRIPE_MAX_REQUESTS_PER_SECOND: 'requests a second one container makes to Stripe',
  STRIPE_WEBHOOK_SECRET: "the Stripe webhook endpoint's signing secret (whsec_...)",
  SMTP_URL: 'the SMTP server to send e-mail through (smtp://user:password@host:port)',
  MAIL_FROM: 'the sender of every e-mail, e.g. "Bean & Bloom <hello@example.com>"',
  DELIVERY_WEEKDAYS: 'the weekdays customers may have their deliveries arrive on, comma-separated (monday … sunday); unset: every day',
  PRICE_NOTICE_DAYS: "days of notice before a new price reaches a plan's existing subscribers (30; at least 14)",
}

export type ClassEnvName = keyof typeof CLASS_ENV

/** The variable's value, trimmed; undefined when unset or blank. */
export function setting(name: ClassEnvName): string | undefined {
  const value = (process.env[name] || '').trim()
  return value === '' ? undefined : value
}

/**
 * The variable's value.
 * @throws Error naming the variable and what it is, when it is unset
 */
export function requiredSetting(name: ClassEnvName): string {
  const value = setting(name)
  if (value === undefined) throw new Error(name + ' is not set: set it in the project environment (' + CLASS_ENV[name] + ')')
  return value
}

// Each malformed value is logged once, not on every call that reads it.
const reported: { [key: string]: true } = {}

function malformed(name: ClassEnvName, value: string, wanted: string, fallback: number): number {
  const key = name + '\u0000' + value
  if (!reported[key]) {
    reported[key] = true
    console.error('[env] ' + name + ' is "' + value + '", not ' + wanted + ': ' + fallback + ' used (' + CLASS_ENV[name] + ')')
  }
  return fallback
}

/** A whole number above 0; `fallback` when unset or malformed. */
export function positiveIntSetting(name: ClassEnvName, fallback: number): number {
  const value = setting(name)
  if (value === undefined) return fallback
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : malformed(name, value, 'a whole number above 0', fallback)
}

/** A number of seconds, 0 or more; `fallback` when unset or malformed. */
export function secondsSetting(name: ClassEnvName, fallback: number): number {
  const value = setting(name)
  if (value === undefined) return fallback
  const n = Number(value)
  return isFinite(n) && n >= 0 ? n : malformed(name, value, 'a number of seconds', fallback)
}

/** The comma-separated entries of the variable, trimmed, blanks dropped. */
export function listSetting(name: ClassEnvName, separator?: string): string[] {
  return (setting(name) || '').split(separator || ',').map(function (entry) { return entry.trim() }).filter(function (entry) { return entry.length > 0 })
}

/** The app's address without a trailing slash (APP_URL), or undefined when the project does not know it. */
export function appUrl(): string | undefined {
  const app = setting('APP_URL')
  return app ? app.replace(/\/+$/, '') : undefined
}

/** An absolute address on the app (`path` starts with "/"), or undefined without APP_URL. */
export function appLink(path: string): string | undefined {
  const app = appUrl()
  return app ? app + path : undefined
}
