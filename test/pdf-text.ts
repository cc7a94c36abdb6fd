/**
 * Reads a PDF the way a viewer starts to: checks its structure (header, cross-reference table whose
 * every offset points at its object, trailer, end marker), counts its pages, and extracts the text
 * drawn with `Tj` in uncompressed content streams, decoded from WinAnsi. Enough to check our own
 * one-page documents without a PDF library; it refuses (throws) anything it cannot read.
 */

/** WinAnsi's 0x80–0x9F codes that differ from Latin-1 (PDF 1.7, Annex D). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
}

export interface PdfSummary {
  pages: number
  /** Each `Tj` string, in drawing order. */
  lines: string[]
}

function decode(literal: string): string {
  const raw = literal.replace(/\\([()\\])/g, '$1')
  return Array.from(raw, (c) => WIN_ANSI[c.charCodeAt(0)] ?? c).join('')
}

export function readPdf(bytes: Buffer): PdfSummary {
  const body = bytes.toString('latin1')
  if (!body.startsWith('%PDF-1.')) throw new Error('not a PDF: no %PDF header')
  if (!/%%EOF\s*$/.test(body)) throw new Error('no %%EOF at the end')
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(body)
  if (!start) throw new Error('no startxref')
  const xrefAt = Number(start[1])
  if (body.slice(xrefAt, xrefAt + 4) !== 'xref') throw new Error(`startxref ${xrefAt} does not point at the xref table`)
  const header = /^xref\n0 (\d+)\n/.exec(body.slice(xrefAt))
  if (!header) throw new Error('malformed xref table')
  const count = Number(header[1])
  const entries = body.slice(xrefAt + header[0].length).split('\n').slice(0, count)
  entries.forEach((entry, n) => {
    if (n === 0) return
    const m = /^(\d{10}) 00000 n $/.exec(entry)
    if (!m) throw new Error(`xref entry ${n} malformed: ${JSON.stringify(entry)}`)
    if (!body.startsWith(`${n} 0 obj`, Number(m[1]))) throw new Error(`xref entry ${n} does not point at object ${n}`)
  })
  const trailer = /trailer\s*<<([^]*?)>>\s*startxref/.exec(body)
  if (!trailer || !new RegExp(`/Size ${count}\\b`).test(trailer[1] as string) || !/\/Root \d+ 0 R/.test(trailer[1] as string)) throw new Error('malformed trailer')
  for (const stream of body.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const from = (stream.index ?? 0) + stream[0].length
    if (body.slice(from + Number(stream[1]), from + Number(stream[1]) + 10) !== '\nendstream') throw new Error('a stream\'s /Length is wrong')
  }
  const pages = (body.match(/\/Type \/Page\b(?!s)/g) ?? []).length
  const lines = Array.from(body.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g), (m) => decode(m[1] as string))
  return { pages, lines }
}
