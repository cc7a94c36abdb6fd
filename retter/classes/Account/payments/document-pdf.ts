/**
 * A receipt or a credit note as a one-page PDF (A4), attached to its e-mail as Stripe's and most
 * EU shops' receipts are. Written here in a few dozen lines rather than with a PDF library: a
 * document is one page of labelled lines in a standard font, and this keeps the class's bundle and
 * its dependencies as they are (docs/decisions/0011). The PDF uses the viewer's built-in Helvetica
 * (PDF's standard 14 fonts need no embedding) in WinAnsi encoding: Western European text, € and •
 * print as they are; a character outside it (a name in another script) prints as "?", and the
 * document's page on the website shows it in full.
 */
import { CreditNote, documentLines, documentTitle, Receipt } from 'BeanBloomSubscription'
import { Locale, wordsIn } from '../language'

/** The Unicode characters of WinAnsi's 0x80–0x9F range, by code (PDF 1.7, Annex D). */
const WIN_ANSI_HIGH: { [char: string]: number } = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
}

/** Text as a PDF string literal's bytes (one char per byte, latin1), escaped; other characters become "?". */
function pdfString(text: string): string {
  let out = ''
  const normalized = text.normalize('NFC')
  for (let i = 0; i < normalized.length; i++) {
    const ch = normalized.charAt(i)
    const code = ch.charCodeAt(0)
    let byte: number
    if (WIN_ANSI_HIGH[ch] !== undefined) byte = WIN_ANSI_HIGH[ch] as number
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) byte = code
    else if (code >= 0xd800 && code <= 0xdbff) { byte = 0x3f; i++ } else byte = code === 0x09 || code === 0x0a || code === 0x0d ? 0x20 : 0x3f
    const c = String.fromCharCode(byte)
    out += c === '(' || c === ')' || c === '\\' ? '\\' + c : c
  }
  return '(' + out + ')'
}

/** Lines of at most `max` characters, broken at spaces (a word longer than that is cut). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  const words = text.split(/\s+/)
  for (let i = 0; i < words.length; i++) {
    let word = words[i] as string
    while (word.length > max) {
      if (line) { lines.push(line); line = '' }
      lines.push(word.slice(0, max))
      word = word.slice(max)
    }
    if (!line) line = word
    else if (line.length + 1 + word.length <= max) line += ' ' + word
    else { lines.push(line); line = word }
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const LEFT = 56
const VALUE_X = 210
/** Characters of the value column per line at 10.5 pt Helvetica (about 330 pt wide). */
const VALUE_CHARS = 62

/** The page's drawing operators: the seller, the title, then every line of the document. */
function pageContent(doc: Receipt | CreditNote, locale: Locale | undefined): string {
  const w = wordsIn(locale)
  const title = documentTitle(doc, locale)
  const ops: string[] = []
  let y = PAGE_HEIGHT - 64
  function text(font: 'F1' | 'F2', size: number, x: number, at: number, value: string, grey?: boolean): void {
    ops.push('BT /' + font + ' ' + size + ' Tf ' + (grey ? '0.42 0.35 0.31 rg ' : '0 0 0 rg ') + x + ' ' + at.toFixed(2) + ' Td ' + pdfString(value) + ' Tj ET')
  }
  text('F2', 12, LEFT, y, doc.seller.name)
  y -= 15
  text('F1', 9.5, LEFT, y, w('documents.pdf.sellerLine', { address: doc.seller.address.join(', '), vatNumber: doc.seller.vatNumber }), true)
  y -= 40
  text('F2', 20, LEFT, y, title)
  y -= 30
  const lines = documentLines(doc, locale)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as { label: string; value: string; total?: boolean }
    const parts = wrap(line.value, VALUE_CHARS)
    text('F1', 10.5, LEFT, y, line.label, true)
    for (let j = 0; j < parts.length; j++) {
      text(line.total ? 'F2' : 'F1', 10.5, VALUE_X, y, parts[j] as string)
      y -= 14
    }
    y -= 6
  }
  ops.push('0.8 0.75 0.7 RG 0.5 w ' + LEFT + ' 60 m ' + (PAGE_WIDTH - LEFT) + ' 60 l S')
  text('F1', 8.5, LEFT, 46, w('documents.pdf.footer', { title: title, seller: doc.seller.name }), true)
  return ops.join('\n')
}

/**
 * The document as a PDF file's bytes (PDF 1.4, one A4 page, uncompressed so it stays readable and
 * testable as text), in `locale` (English when none).
 */
export function documentPdf(doc: Receipt | CreditNote, locale?: Locale): Buffer {
  const content = pageContent(doc, locale)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ' + PAGE_WIDTH + ' ' + PAGE_HEIGHT + '] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Length ' + content.length + ' >>\nstream\n' + content + '\nendstream',
    '<< /Title ' + pdfString(documentTitle(doc, locale)) + ' /Author ' + pdfString(doc.seller.name) + ' /Producer (Bean & Bloom) >>',
  ]
  // Every character is one byte (latin1), so string offsets are byte offsets.
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  for (let i = 0; i < objects.length; i++) {
    offsets.push(body.length)
    body += (i + 1) + ' 0 obj\n' + objects[i] + '\nendobj\n'
  }
  const xrefAt = body.length
  body += 'xref\n0 ' + (objects.length + 1) + '\n0000000000 65535 f \n'
  for (let i = 0; i < offsets.length; i++) body += ('0000000000' + offsets[i]).slice(-10) + ' 00000 n \n'
  body += 'trailer\n<< /Size ' + (objects.length + 1) + ' /Root 1 0 R /Info 7 0 R >>\nstartxref\n' + xrefAt + '\n%%EOF\n'
  return Buffer.from(body, 'latin1')
}

/** The attachment's file name: "receipt-R-000042.pdf", "credit-note-CN-000007.pdf". */
export function documentPdfName(doc: Receipt | CreditNote): string {
  return (doc.kind === 'receipt' ? 'receipt-' : 'credit-note-') + doc.number.replace(/[^A-Za-z0-9-]/g, '') + '.pdf'
}
