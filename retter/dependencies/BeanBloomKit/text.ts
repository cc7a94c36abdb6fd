/** Text as storage counts it: one rule for the board's Firestore sizes and the address's label limits. */

/**
 * The length of `text` in UTF-8 bytes, without Buffer (the browser reads boards and addresses with
 * these modules too): a surrogate pair is one code point of four bytes, a lone surrogate three.
 */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair is one code point of four bytes.
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}
