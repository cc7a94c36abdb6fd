/**
 * Writes a compiled message (message.ts compiles the catalogue's ICU text) in a locale with its
 * values. Kept apart from the parser, and short, so a page carries only this: the pages get their
 * messages compiled in their props, and a visitor's first load has no room for a parser.
 * Pure (no Node, no RDK).
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

// One of each per language: making them is the costly part.
const numbers: { [locale: string]: Intl.NumberFormat } = {}
const plurals: { [locale: string]: Intl.PluralRules } = {}

const has = function (map: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(map, key)
}

function write(parts: CompiledPart[], locale: string, values: MessageValues, count: number): string {
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as CompiledPart
    if (typeof part === 'string') {
      out += part
      continue
    }
    if (part === 0) {
      out += (numbers[locale] || (numbers[locale] = new Intl.NumberFormat(locale))).format(count)
      continue
    }
    const name = part[0]
    if (!has(values, name)) throw new Error('No value "' + name + '"')
    const value = values[name] as string | number
    if (part.length === 1) {
      out += value
      continue
    }
    const branches = part[2]
    let key = String(value)
    let n = count
    if (part[1] === 'p') {
      n = Number(value)
      // A number given as '' or as words cannot choose a plural.
      if (value === '' || !isFinite(n)) throw new Error('Not a number "' + name + '"')
      key = has(branches, '=' + n) ? '=' + n : (plurals[locale] || (plurals[locale] = new Intl.PluralRules(locale))).select(n)
    }
    out += write(has(branches, key) ? branches[key] as CompiledPart[] : branches.other as CompiledPart[], locale, values, n)
  }
  return out
}

/**
 * The message in `locale` with `values`: `{name}` is the value as given (money and dates are
 * formatted before), `#` the plural's number in the locale's digits, a plural's branch by the
 * locale's rules (an exact `=n` first, `other` when the locale's category has none).
 * @throws Error naming a missing value ("No value"), or a plural's value that is not a number ("Not a number")
 */
export function renderMessage(message: CompiledMessage, locale: string, values?: MessageValues): string {
  return typeof message === 'string' ? message : write(message, locale, values || {}, 0)
}
