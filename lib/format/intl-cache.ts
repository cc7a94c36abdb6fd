/**
 * Intl formatters, made once per locale and options. Building one is costly (Chromium loads locale
 * data for it; a currency formatter took over a millisecond each), and the plan cards format their
 * prices during hydration, on the page's critical path; a formatter is immutable, so one per kind
 * serves every call.
 */

/** `make`, called once per locale and options; later calls with equal ones get the same formatter. */
function madeOnce<Options extends object, Format>(make: (locale: string | undefined, options: Options) => Format) {
  const made = new Map<string, Format>()
  return (locale: string | undefined, options: Options): Format => {
    const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`
    let format = made.get(key)
    if (!format) {
      format = make(locale, options)
      made.set(key, format)
    }
    return format
  }
}

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export const numberFormat = madeOnce((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options))

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export const dateTimeFormat = madeOnce((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options))
