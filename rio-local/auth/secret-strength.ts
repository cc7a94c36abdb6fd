/**
 * How strong an HS256 secret is. Anyone holding a token can test candidate secrets offline, so a
 * secret must be long AND unpredictable: 32 × "a" or a short pattern repeated is as guessable as no
 * secret. The estimate is the empirical (Shannon) entropy of the characters times the length, which
 * a random secret of 32 hex characters (about 117 bits) or `openssl rand -base64 48` (about 380
 * bits) passes easily; a repetition or a run of consecutive characters is refused whatever it scores.
 */

/** Fewer characters make HS256 tokens guessable offline. */
export const MIN_SECRET_LENGTH = 32
/** The least estimated entropy, in bits, a secret must carry. */
export const MIN_SECRET_BITS = 96

/** The empirical entropy of `secret` in bits: length × Shannon entropy of its character frequencies. */
export function estimatedSecretBits(secret: string): number {
  const chars = Array.from(secret)
  const counts = new Map<string, number>()
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1)
  let perChar = 0
  for (const n of counts.values()) {
    const p = n / chars.length
    perChar -= p * Math.log2(p)
  }
  return perChar * chars.length
}

/** The shortest unit the whole secret repeats (4 for "abcdabcdabcdab"), or null. */
function repeatedUnit(chars: string[]): number | null {
  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((c, i) => i < period || c === chars[i - period])) return period
  }
  return null
}

/** Whether most neighbouring characters are equal or consecutive ("abcdef…", "987654…", "aaab…"). */
function mostlyConsecutive(chars: string[]): boolean {
  let steps = 0
  for (let i = 1; i < chars.length; i++) {
    const d = (chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0)
    if (d >= -1 && d <= 1) steps++
  }
  return steps * 2 > chars.length - 1
}

/**
 * What makes `secret` too weak to sign tokens with, as a phrase that completes "The JWT secret …",
 * or null when it is strong enough.
 */
export function secretWeakness(secret: string): string | null {
  const chars = Array.from(secret)
  if (chars.length < MIN_SECRET_LENGTH) return `has ${chars.length} characters; at least ${MIN_SECRET_LENGTH} are required`
  const unit = repeatedUnit(chars)
  if (unit !== null) return `repeats the same ${unit === 1 ? 'character' : `${unit} characters`} over and over, so it is easy to guess`
  if (mostlyConsecutive(chars)) return 'is mostly a run of consecutive or equal characters, so it is easy to guess'
  const bits = estimatedSecretBits(secret)
  if (bits < MIN_SECRET_BITS) {
    return `draws on too few different characters (about ${Math.floor(bits)} bits of entropy; at least ${MIN_SECRET_BITS} are required)`
  }
  return null
}

/** What to do about a weak secret: the one piece of advice every refusal ends with. */
export const STRONG_SECRET_ADVICE = 'Use a random secret of 32 or more characters, e.g. `openssl rand -base64 48`.'
