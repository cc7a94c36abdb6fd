/**
 * The pseudo-locale: every text of the catalogue accented and 40 % longer, as the longest of real
 * languages run, to see before any translator does whether a page clips or overflows them. A build
 * made with `I18N_PSEUDO=1` sends its pages these instead of their language's (page-messages.ts);
 * the values in a message (a name, a price, a date) stay as they are.
 */
import type { CompiledMessage, CompiledPart } from '@retter-shared/BeanBloomKit/i18n/render'

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á', e: 'é', i: 'î', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'š', y: 'ý', z: 'ž',
  A: 'Å', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', S: 'Š', Y: 'Ý', Z: 'Ž',
}
/** How much longer a text becomes: German and French run up to this much longer than English. */
export const PSEUDO_GROWTH = 0.4
/** The filler: wide letters, in words of five, so a line can still break between them. */
const FILLER = 'ŵ'

/** A text accented and 40 % longer ("Sign in" → "Šîgñ îñ ŵŵŵ"). */
export function pseudoText(text: string): string {
  if (!/\p{L}/u.test(text)) return text
  const accented = text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)
  const extra = Math.ceil(text.length * PSEUDO_GROWTH)
  const words: string[] = []
  for (let left = extra; left > 0; left -= 6) words.push(FILLER.repeat(Math.min(5, left)))
  return `${accented} ${words.join(' ')}`.trimEnd()
}

function pseudoParts(parts: CompiledPart[]): CompiledPart[] {
  return parts.map((part): CompiledPart => {
    if (typeof part === 'string') return part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)
    if (part === 0 || part.length === 1) return part
    const branches: Record<string, CompiledPart[]> = {}
    for (const [key, branch] of Object.entries(part[2])) branches[key] = pseudoParts(branch)
    return [part[0], part[1], branches]
  })
}

/** A compiled message in the pseudo-locale: its texts accented, and 40 % more of them at its end. */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string') return pseudoText(message)
  const length = message.reduce<number>((sum, part) => sum + (typeof part === 'string' ? part.length : 8), 0)
  const filler = pseudoText('x'.repeat(length)).slice(length + 1)
  return filler ? [...pseudoParts(message), ` ${filler}`] : pseudoParts(message)
}
