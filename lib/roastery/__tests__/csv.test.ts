/**
 * The packing list's CSV: every cell survives a round trip through an RFC 4180 reader, and no cell a
 * spreadsheet would run as a formula does so (fast-check over any text, plus readable examples).
 */
import fc from 'fast-check'
import { csvCell, csvLabels, packingListCsv, PACKING_LIST_COLUMNS, type CsvLabels } from '@/lib/roastery/csv'
import { paymentText } from '@/lib/roastery/payment'
import { translator } from '@/test/i18n'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { emptyBoard, setDeliveryPayment, upsertDelivery, shipDelivery } from '@/lib/roastery/board'

/** A strict RFC 4180 reader: the rows of `text` (CRLF line ends; quoted fields may hold anything). */
function readCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  while (i <= text.length) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field')
        if (text[i] === '"') {
          if (text[i + 1] === '"') { cell += '"'; i += 2; continue }
          i++
          break
        }
        cell += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`unquoted ${JSON.stringify(text[i])} at ${i}`)
        cell += text[i++]
      }
    }
    row.push(cell)
    if (text[i] === ',') { i++; continue }
    if (text.startsWith('\r\n', i)) { rows.push(row); row = []; i += 2; if (i === text.length) break; continue }
    if (i >= text.length) { rows.push(row); break }
    throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`)
  }
  return rows
}

const FORMULA = /^[=+\-@\t\r]/

test('any text reads back as itself, with an apostrophe in front exactly when it would start a formula', () => {
  // Text without a character some reader splits on: only the cell's own start can be a formula.
  const text = fc.oneof(fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[,;\t\r\n]/g, ' ')), fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '"', "'", 'a', ' ') }))
  fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (cells) => {
    const [row] = readCsv(cells.map(csvCell).join(',') + '\r\n')
    expect(row).toEqual(cells.map((cell) => (/^"*[=+\-@\t\r]/.test(cell) ? cell.replace(/^"*/, "$&'") : cell)))
    for (const read of row ?? []) expect(FORMULA.test(read)).toBe(false)
  }))
})

/**
 * The cells a spreadsheet makes of `text` when it splits on `separator` and ignores quoting (as
 * Excel does in a locale whose list separator is not the file's), each with its quotes taken off.
 */
function naiveCells(text: string, separator: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).flatMap((line) => line.split(separator)).map((cell) => cell.replace(/^"+/, ''))
}

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ';', "'", 'a', ' ') }),
)

test('whichever separator a spreadsheet splits on (, ; tab), and quoted or not, no cell starts a formula', () => {
  fc.assert(fc.property(fc.array(anyText, { minLength: 1, maxLength: 6 }), (cells) => {
    const line = cells.map(csvCell).join(',') + '\r\n'
    for (const separator of [',', ';', '\t']) {
      for (const read of naiveCells(line, separator)) expect(read).not.toMatch(FORMULA)
    }
    // An RFC 4180 reader still gets every cell back, changed only by the apostrophes put in.
    const [row] = readCsv(line)
    expect(row?.map((read) => read.replace(/'/g, ''))).toEqual(cells.map((cell) => cell.replace(/'/g, '')))
  }), { numRuns: 500 })
})

test('a name that holds a semicolon and a formula reads as text in a ";" locale', () => {
  const cell = csvCell('Semi Colon;=1+1')
  expect(naiveCells(cell, ';')).toEqual(['Semi Colon', "'=1+1"])
  expect(readCsv(`${cell}\r\n`)).toEqual([["Semi Colon;'=1+1"]])
  expect(naiveCells(csvCell('x;"=HYPERLINK(1)"'), ';')[1]).toMatch(/^'=HYPERLINK\(1\)/)
})

test.each([
  ['plain', 'plain'],
  ['a, b', '"a, b"'],
  ['say "hi"', '"say ""hi"""'],
  ['two\nlines', '"two\nlines"'],
  ['=1+2', "'=1+2"],
  ['+49 30 1234', "'+49 30 1234"],
  ['-5', "'-5"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ['', ''],
])('csvCell(%j) is %s', (value, cell) => {
  expect(csvCell(value)).toBe(cell)
})

test('numbers are written as numbers, never defused', () => {
  expect(csvCell(2)).toBe('2')
  expect(csvCell(-1)).toBe('-1')
})

const labels: CsvLabels = { plan: (id) => `Plan ${id}`, grind: (id) => `Grind ${id}`, roast: (id) => `Roast ${id}` }

test('a day’s packing list: a BOM, the header, one row per delivery in packing order with its coffee, extras and payment, CRLF line ends', () => {
  const at = '2026-11-23T09:00:00.000Z'
  let board = emptyBoard('2026-11-25')
  board = upsertDelivery(board, 'acct_b:2026-11-25', { plan: 'taster', grind: 'filter', roast: 'light', bags: 1, name: 'Bo, Berg', address: { line1: '5 Main St', city: 'Cork', postalCode: 'T12 X70A', country: 'IE' } }, at).board
  board = upsertDelivery(board, 'acct_a:2026-11-25', {
    plan: 'barista', grind: 'espresso', roast: 'dark', coffee: 'Huila Decaf', bags: 2, name: 'Ada', address: { line1: '1 Rue', line2: 'Bât. B', city: 'Paris', postalCode: '75001', country: 'FR' },
    extras: [{ itemId: 'gift-box', name: 'Gift box', quantity: 2 }, { itemId: 'dripper', name: 'Dripper', quantity: 1 }],
  }, at).board
  board = upsertDelivery(board, 'acct_c:2026-11-25', { plan: 'taster', grind: 'filter', roast: 'light', bags: 1, name: 'Cy', address: { line1: '9 Quay', city: 'Cork', postalCode: 'T12', country: 'IE' } }, at).board
  board = upsertDelivery(board, 'acct_d:2026-11-25', { plan: 'taster', grind: 'filter', roast: 'light', bags: 1, name: 'Di', address: { line1: '3 Quay', city: 'Cork', postalCode: 'T12', country: 'IE' } }, at).board
  board = setDeliveryPayment(board, 'acct_a:2026-11-25', 'paid', at).board
  board = setDeliveryPayment(board, 'acct_b:2026-11-25', 'processing', at).board
  board = setDeliveryPayment(board, 'acct_c:2026-11-25', 'requires_action', at).board
  board = shipDelivery(board, 'acct_a:2026-11-25', '2026-11-24T16:30:00.000Z').board
  const text = packingListCsv(board, labels)
  expect(text.startsWith('\uFEFF')).toBe(true)
  expect(text.endsWith('\r\n')).toBe(true)
  expect(readCsv(text.slice(1))).toEqual([
    [...PACKING_LIST_COLUMNS],
    ['acct_a:2026-11-25', 'Ada', '1 Rue', 'Bât. B', '75001', 'Paris', 'FR', 'Plan barista', 'Grind espresso', 'Roast dark', 'Huila Decaf', '2', "2 × Gift box; 1 × Dripper", 'Shipped', 'Paid', '2026-11-24T16:30:00.000Z'],
    ['acct_b:2026-11-25', 'Bo, Berg', '5 Main St', '', 'T12 X70A', 'Cork', 'IE', 'Plan taster', 'Grind filter', 'Roast light', '', '1', '', 'To ship', 'Paid by direct debit (settling)', ''],
    ['acct_c:2026-11-25', 'Cy', '9 Quay', '', 'T12', 'Cork', 'IE', 'Plan taster', 'Grind filter', 'Roast light', '', '1', '', 'On hold: awaiting payment', 'Bank confirmation needed', ''],
    ['acct_d:2026-11-25', 'Di', '3 Quay', '', 'T12', 'Cork', 'IE', 'Plan taster', 'Grind filter', 'Roast light', '', '1', '', 'On hold: awaiting payment', 'Not charged yet', ''],
  ])
})

test('a delivery shipped before payments were recorded has an empty payment cell', () => {
  let board = emptyBoard('2026-11-25')
  board = upsertDelivery(board, 'acct_a:2026-11-25', { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ada', address: { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'FR' } }, '2026-11-23T09:00:00.000Z').board
  board = shipDelivery(board, 'acct_a:2026-11-25', '2026-11-24T16:30:00.000Z').board
  const [, row] = readCsv(packingListCsv(board, labels).slice(1))
  expect(row?.slice(-3)).toEqual(['Shipped', '', '2026-11-24T16:30:00.000Z'])
})

test('the file keeps its English labels and payment words whatever the page speaks: the board’s English words', () => {
  const file = csvLabels(PLANS)
  expect([file.plan('barista'), file.grind('frenchPress'), file.roast('roastersChoice'), file.plan('retired')]).toEqual(['Barista', 'Ground for French press', 'Roaster’s choice', 'retired'])
  const english = translator('en')
  const payments = ['charging', 'processing', 'settling', 'paid', 'failed', 'requires_action', 'unpaid', undefined] as const
  for (const payment of payments) {
    let board = emptyBoard('2026-11-25')
    board = upsertDelivery(board, 'acct_a:2026-11-25', { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ada', address: { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'FR' } }, '2026-11-23T09:00:00.000Z').board
    if (payment) board = setDeliveryPayment(board, 'acct_a:2026-11-25', payment, '2026-11-23T09:00:00.000Z').board
    const [, row] = readCsv(packingListCsv(board, file).slice(1))
    expect(row?.[PACKING_LIST_COLUMNS.indexOf('Payment')]).toBe(paymentText(payment, english))
  }
})
