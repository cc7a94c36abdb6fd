/**
 * The ICU MessageFormat the catalogues are written in, the part the shop uses: `{name}`,
 * `{n, plural, =0 {…} one {# bag} other {# bags}}` and `{kind, select, card {…} other {…}}`, with
 * ICU's apostrophe quoting ('' is an apostrophe; '{' … ' quotes syntax). Written here rather than
 * taken from a library: the classes compile for ES5/commonjs, and the pages' first-load budget has
 * no room for a general formatter (docs/decisions). Pure (no Node, no RDK).
 */

import { CompiledBranches, CompiledMessage, CompiledPart, MessageValues, renderMessage } from './render'

export type { CompiledMessage, MessageValues }

type Branches = { [key: string]: Part[] }
type Part =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; branches: Branches }
  | { kind: 'select'; name: string; branches: Branches }

/** A message the catalogue cannot hold, with where and why. */
export class MessageSyntaxError extends Error {
  constructor(message: string, at: number, why: string) {
    super('Message "' + message + '" at ' + at + ': ' + why)
    this.name = 'MessageSyntaxError'
  }
}

/** A map without Object.prototype behind it: a key such as "valueOf" or "constructor" is only ever its own. */
function bare<T>(): { [key: string]: T } {
  return Object.create(null) as { [key: string]: T }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const KEY = /^(=\d+|[A-Za-z_][A-Za-z0-9_]*)$/
const PLURAL_KEYS = ['zero', 'one', 'two', 'few', 'many', 'other']

function parse(message: string): Part[] {
  let at = 0
  const fail = function (why: string): never {
    throw new MessageSyntaxError(message, at, why)
  }
  const skipSpace = function (): void {
    while (at < message.length && /\s/.test(message.charAt(at))) at++
  }
  const word = function (): string {
    skipSpace()
    const start = at
    while (at < message.length && !/[\s,{}]/.test(message.charAt(at))) at++
    const found = message.slice(start, at)
    skipSpace()
    return found
  }
  const expect = function (c: string): void {
    if (message.charAt(at) !== c) fail('expected "' + c + '"')
    at++
  }

  function parts(inPlural: boolean, nested: boolean): Part[] {
    const out: Part[] = []
    let text = ''
    const flush = function (): void {
      if (text) out.push(text)
      text = ''
    }
    while (at < message.length) {
      const c = message.charAt(at)
      if (c === "'") {
        const next = message.charAt(at + 1)
        if (next === "'") {
          text += "'"
          at += 2
        } else if (next === '{' || next === '}' || (next === '#' && inPlural)) {
          const end = message.indexOf("'", at + 1)
          if (end < 0) fail('a quote that is never closed')
          text += message.slice(at + 1, end)
          at = end + 1
        } else {
          text += c
          at++
        }
      } else if (c === '{') {
        flush()
        at++
        out.push(argument(inPlural))
      } else if (c === '}') {
        if (!nested) fail('a "}" that closes nothing')
        break
      } else if (c === '#' && inPlural) {
        flush()
        out.push({ kind: 'pound' })
        at++
      } else {
        text += c
        at++
      }
    }
    flush()
    return out
  }

  /** An argument after its "{"; `inPlural`: inside a plural's branch, where `#` is its number (a select's branches too). */
  function argument(inPlural: boolean): Part {
    const name = word()
    if (!NAME.test(name)) fail('"' + name + '" is not an argument name')
    if (message.charAt(at) === '}') {
      at++
      return { kind: 'arg', name: name }
    }
    expect(',')
    const kind = word()
    if (kind !== 'plural' && kind !== 'select') fail('"' + kind + '" is not plural or select')
    expect(',')
    const branches: Branches = bare<Part[]>()
    skipSpace()
    while (message.charAt(at) !== '}') {
      if (at >= message.length) fail('an argument that is never closed')
      const key = word()
      if (!KEY.test(key)) fail('"' + key + '" is not a branch key')
      if (kind === 'plural' && key.charAt(0) !== '=' && PLURAL_KEYS.indexOf(key) < 0) fail('"' + key + '" is not a plural category')
      if (branches[key]) fail('branch "' + key + '" twice')
      expect('{')
      branches[key] = parts(inPlural || kind === 'plural', true)
      expect('}')
      skipSpace()
    }
    if (!branches.other) fail('no "other" branch')
    at++
    return kind === 'plural' ? { kind: 'plural', name: name, branches: branches } : { kind: 'select', name: name, branches: branches }
  }

  const out = parts(false, false)
  if (at < message.length) fail('text after the message')
  return out
}

const parsed = bare<Part[]>()

function compileParts(parts: Part[]): CompiledPart[] {
  const out: CompiledPart[] = []
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part
    if (typeof part === 'string') out.push(part)
    else if (part.kind === 'pound') out.push(0)
    else if (part.kind === 'arg') out.push([part.name])
    else {
      const branches: CompiledBranches = {}
      for (const key in part.branches) branches[key] = compileParts(part.branches[key] as Part[])
      out.push([part.name, part.kind === 'plural' ? 'p' : 's', branches])
    }
  }
  return out
}

/** Checks `message` is one the formatter reads, throwing a MessageSyntaxError that says where and why. */
export function checkMessage(message: string): void {
  parsed[message] = parsed[message] || parse(message)
}

/**
 * `message` as render.ts writes it: the text itself when it has no argument, else its parts as
 * plain JSON, so a page can be sent its messages ready to write without the parser.
 * @throws MessageSyntaxError for a message outside the subset
 */
export function compileMessage(message: string): CompiledMessage {
  checkMessage(message)
  const parts = compileParts(parsed[message] as Part[])
  if (parts.length === 0) return ''
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts
}

/** The names of the values `message` needs (each once, in order of appearance). */
export function messageArguments(message: string): string[] {
  checkMessage(message)
  const names: string[] = []
  const visit = function (parts: Part[]): void {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as Part
      if (typeof part === 'string' || part.kind === 'pound') continue
      if (names.indexOf(part.name) < 0) names.push(part.name)
      if (part.kind !== 'arg') for (const key in part.branches) visit(part.branches[key] as Part[])
    }
  }
  visit(parsed[message] as Part[])
  return names
}

/**
 * `message` written in `locale` with `values`: `{name}` is the value as given (format money and
 * dates before), `#` the plural's number in the locale's digits, plural branches by the locale's
 * rules (an exact `=n` first, `other` when the locale's category has no branch).
 * @throws MessageSyntaxError for a message outside the subset; Error for a missing value
 */
export function formatMessage(message: string, locale: string, values?: MessageValues): string {
  return renderMessage(compileMessage(message), locale, values)
}
