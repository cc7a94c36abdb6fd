/**
 * Intl formatters, made once per locale and options. Building one is costly (Chromium loads locale
 * data for it; a currency formatter took over a millisecond each), and the plan cards format their
 * prices during hydration, on the page's critical path; a formatter is immutable, so one per kind
 * serves every call.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function keyOf(locale: string | undefined, options: object): string {
  return `${locale ?? ''}\u0000${JSON.stringify(options)}`
}

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(locale, options)
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options)
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}
