/**
 * Writes a compiled message (message.ts compiles the catalogue's ICU text) in a locale with its
 * values. Kept apart from the parser so a page carries only this: the pages get their messages
 * compiled in their props, and a visitor's first load has no room for a parser. Pure (no Node, no RDK).
 */

export type MessageValues = { [name: string]: string | number }

/** A plural's or select's branches by key (`one`, `=0`, `card`, `other`). */
export type CompiledBranches = { [key: string]: CompiledPart[] }
/**
 * Text; `0` for a plural's number (`#`); `[name]` for a value; `[name, 'p' | 's', branches]` for a
 * plural or a select. Plain JSON, so it travels in a page's props.
 */
export type CompiledPart = string | 0 | [string] | [string, 'p' | 's', CompiledBranches]
/** A message without arguments is its text. */
export type CompiledMessage = string | CompiledPart[]

const pluralRules: { [locale: string]: Intl.PluralRules } = {}
const numberFormats: { [locale: string]: Intl.NumberFormat } = {}

function own<T>(map: { [key: string]: T }, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined
}

function valueOf(values: MessageValues, name: string): string | number {
  const value = own(values, name)
  if (value === undefined) throw new Error('The message needs a value for "' + name + '"')
  return value
}

function numberOf(value: string | number, name: string): number {
  const n = typeof value === 'number' ? value : Number(value)
  if ((typeof value === 'string' && value.trim() === '') || !isFinite(n)) throw new Error('"' + name + '" must be a number to choose a plural')
  return n
}

function write(parts: CompiledPart[], locale: string, values: MessageValues, count: number | undefined): string {
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as CompiledPart
    if (typeof part === 'string') out += part
    else if (part === 0) {
      const format = numberFormats[locale] || (numberFormats[locale] = new Intl.NumberFormat(locale))
      out += format.format(count as number)
    } else if (part.length === 1) out += String(valueOf(values, part[0]))
    else {
      const branches = part[2]
      if (part[1] === 'p') {
        const n = numberOf(valueOf(values, part[0]), part[0])
        const rules = pluralRules[locale] || (pluralRules[locale] = new Intl.PluralRules(locale))
        out += write(own(branches, '=' + n) || own(branches, rules.select(n)) || (branches.other as CompiledPart[]), locale, values, n)
      } else {
        out += write(own(branches, String(valueOf(values, part[0]))) || (branches.other as CompiledPart[]), locale, values, count)
      }
    }
  }
  return out
}

/**
 * The message in `locale` with `values`: `{name}` is the value as given (money and dates are
 * formatted before), `#` the plural's number in the locale's digits, a plural's branch by the
 * locale's rules (an exact `=n` first, `other` when the locale's category has none).
 * @throws Error naming a missing value, or a plural's value that is not a number
 */
export function renderMessage(message: CompiledMessage, locale: string, values?: MessageValues): string {
  return typeof message === 'string' ? message : write(message, locale, values || {}, undefined)
}
