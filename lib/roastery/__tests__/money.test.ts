/**
 * The roastery's money view (lib/roastery/money.ts): a day's and a month's sums from boards built
 * with the class's own rules, VAT per country (receipts less credit notes), the month's CSV for the
 * accountant (RFC 4180, formula cells defused, ordered by number), and the refund form's amounts.
 */
import fc from 'fast-check'
import { addRefund, emptyBoard, setDeliveryMoney, setDeliveryPayment, upsertDelivery, type Board, type BoardDocument, type BoardPayment } from '@/lib/roastery/board'
import { addSummaries, monthDays, moneyCsv, MONEY_CSV_COLUMNS, moneyOfDeliveries, parseRefundAmount, refundableCents } from '@/lib/roastery/money'
import { translator } from '@/test/i18n'

// The English words, as an English page writes them.
const t = translator('en')

const NOW = '2026-11-24T00:00:00.000Z'
const address = (country: string) => ({ line1: '1 Street', city: 'Town', postalCode: '1000', country })

function receipt(n: number, gross: number, vat: number, country: string, rateBp: number): BoardDocument {
  return { kind: 'receipt', number: `R-${String(n).padStart(6, '0')}`, issuedAt: NOW, grossCents: gross, netCents: gross - vat, vatCents: vat, vatRateBp: rateBp, vatCountry: country, method: 'Visa •••• 4242' }
}
function note(n: number, of: BoardDocument, gross: number, vat: number, reason: string): BoardDocument {
  return { kind: 'credit-note', number: `CN-${String(n).padStart(6, '0')}`, issuedAt: '2026-11-30T10:00:00.000Z', grossCents: gross, netCents: gross - vat, vatCents: vat, vatRateBp: of.vatRateBp, vatCountry: of.vatCountry, receiptNumber: of.number, reason }
}
function delivery(board: Board, id: string, name: string, country: string, payment: BoardPayment, amountCents: number, doc?: BoardDocument): Board {
  let next = upsertDelivery(board, id, { plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, name, address: address(country) }, NOW).board
  next = setDeliveryPayment(next, id, payment, NOW).board
  return setDeliveryMoney(next, id, { amountCents, receipt: doc }, NOW).board
}

test('a day: charged, failed, awaiting the bank, refunded, net collected, and VAT per country less credit notes', () => {
  const r1 = receipt(1, 2000, 131, 'DE', 700)
  const r2 = receipt(2, 2000, 0, 'IE', 0)
  let board = emptyBoard('2026-11-25')
  board = delivery(board, 'a:2026-11-25', 'Ann', 'DE', 'paid', 2000, r1)
  board = delivery(board, 'b:2026-11-25', 'Ben', 'IE', 'paid', 2000, r2)
  board = delivery(board, 'c:2026-11-25', 'Cas', 'DE', 'failed', 2000)
  board = delivery(board, 'd:2026-11-25', 'Dee', 'DE', 'unpaid', 1500)
  board = delivery(board, 'e:2026-11-25', 'Eve', 'FR', 'requires_action', 2000)
  board = delivery(board, 'f:2026-11-25', 'Fay', 'FR', 'processing', 2000)
  board = addRefund(board, 'a:2026-11-25', 500, note(1, r1, 500, 33, 'torn'), NOW)
  const day = moneyOfDeliveries(board.deliveries)
  expect(day).toEqual({
    paid: { count: 2, cents: 4000 }, settling: { count: 1, cents: 2000 }, failed: { count: 2, cents: 3500 }, awaitingAuthentication: { count: 1, cents: 2000 },
    refundedCents: 500, netCents: 3500,
    vat: [{ country: 'DE', rateBp: 700, netCents: 1869 - 467, vatCents: 131 - 33 }, { country: 'IE', rateBp: 0, netCents: 2000, vatCents: 0 }],
  })
  // A month is the sum of its days, whatever way they are grouped.
  expect(addSummaries([day, day])).toMatchObject({ paid: { count: 4, cents: 8000 }, refundedCents: 1000, netCents: 7000, vat: [{ country: 'DE', vatCents: 196 }, { country: 'IE' }] })
})

test('the month CSV lists receipts then credit notes by number, one row each, with customer and staff text defused', () => {
  const r1 = receipt(7, 2000, 131, 'DE', 700)
  const r2 = receipt(3, 1000, 52, 'FR', 550)
  let day1 = delivery(emptyBoard('2026-11-02'), 'x:2026-11-02', '=HYPERLINK("http://evil","click")', 'DE', 'paid', 2000, r1)
  day1 = addRefund(day1, 'x:2026-11-02', 2000, note(2, r1, 2000, 131, '+1 "torn", lost\nin post'), NOW)
  const day2 = delivery(emptyBoard('2026-11-05'), 'y:2026-11-05', '@Sam, "Sammy"', 'FR', 'paid', 1000, r2)
  const csv = moneyCsv([day1, day2])
  expect(csv.startsWith('\uFEFF')).toBe(true)
  expect(csv.endsWith('\r\n')).toBe(true)
  const lines = csv.slice(1).split('\r\n')
  expect(lines[0]).toBe(MONEY_CSV_COLUMNS.join(','))
  expect(lines[1]).toBe(`Receipt,R-000003,2026-11-24,,y:2026-11-05,2026-11-05,"'@Sam, ""Sammy""",FR,5.50,9.48,0.52,10.00,Visa •••• 4242,`)
  expect(lines[2]).toBe(`Receipt,R-000007,2026-11-24,,x:2026-11-02,2026-11-02,"'=HYPERLINK(""http://evil"",""click"")",DE,7.00,18.69,1.31,20.00,Visa •••• 4242,`)
  expect(lines[3]).toBe(`Credit note,CN-000002,2026-11-30,R-000007,x:2026-11-02,2026-11-02,"'=HYPERLINK(""http://evil"",""click"")",DE,7.00,-18.69,-1.31,-20.00,,"'+1 ""torn"", lost\nin post"`)
  expect(lines).toHaveLength(5)
})

test('no cell of the CSV starts a formula, whatever names and reasons hold (a credit note\'s own amounts are plain negative numbers)', () => {
  fc.assert(fc.property(fc.string(), fc.string(), (name, reason) => {
    const r = receipt(1, 100, 7, 'DE', 700)
    let board = delivery(emptyBoard('2026-11-02'), 'x:2026-11-02', name, 'DE', 'paid', 100, r)
    board = addRefund(board, 'x:2026-11-02', 100, note(1, r, 100, 7, reason), NOW)
    const cells = moneyCsv([board]).slice(1).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    // A spreadsheet reads "-1.00" as the number it is; anything else starting a formula is refused.
    return cells.every((cell) => /^-\d+\.\d\d$/.test(cell) || !/^"?[=+\-@\t\r]/.test(cell.replace(/^\r\n/, '')))
  }))
})

test('what may still be refunded, and amounts typed in euros', () => {
  expect(refundableCents({ payment: 'paid', amountCents: 2000, refundedCents: 500 })).toBe(1500)
  expect(refundableCents({ payment: 'processing', amountCents: 2000 })).toBe(0)
  expect(refundableCents({ payment: 'paid', amountCents: 2000, refundedCents: 2000 })).toBe(0)
  expect(parseRefundAmount('5,5', 2000, t)).toEqual({ cents: 550 })
  expect(parseRefundAmount('€ 20.00', 2000, t)).toEqual({ cents: 2000 })
  expect(parseRefundAmount('20.01', 2000, t)).toEqual({ message: 'At most €20.00 can still be refunded.' })
  expect(parseRefundAmount('0', 2000, t)).toEqual({ message: 'Enter an amount above €0.00.' })
  for (const bad of ['', 'abc', '1.234', '-5', '=1+1']) expect(parseRefundAmount(bad, 2000, t)).toEqual({ message: 'Enter an amount in euros, e.g. 5.50.' })
  expect(monthDays('2026-02')).toHaveLength(28)
  expect(monthDays('2028-02').at(-1)).toBe('2028-02-29')
  expect(() => monthDays('2026-13')).toThrow('is not a month')
})

/** The CSV's rows as cells (no cell of these boards holds a comma, quote or line break). */
function csvRows(csv: string): string[][] {
  return csv.slice(1).split('\r\n').filter(Boolean).slice(1).map((line) => line.split(','))
}
const centsOf = (cell: string) => Math.round(Number(cell) * 100)

test('a credit note is negative in the CSV, as on its page: the columns sum to the money view\'s figures', () => {
  const r1 = receipt(1, 2000, 131, 'DE', 700)
  let board = delivery(emptyBoard('2026-11-02'), 'x:2026-11-02', 'Ann', 'DE', 'paid', 2000, r1)
  board = addRefund(board, 'x:2026-11-02', 450, note(1, r1, 450, 29, 'torn'), NOW)
  const rows = csvRows(moneyCsv([board]))
  expect(rows[1]?.slice(9, 12)).toEqual(['-4.21', '-0.29', '-4.50'])
  expect(rows.reduce((sum, r) => sum + centsOf(r[11] ?? ''), 0)).toBe(moneyOfDeliveries(board.deliveries).netCents)
})

test('over any receipts and refunds, the CSV\'s net, VAT and gross columns sum to the money view\'s totals', () => {
  const person = fc.record({
    payment: fc.constantFrom<BoardPayment>('paid', 'paid', 'failed', 'unpaid', 'requires_action', 'processing'),
    gross: fc.integer({ min: 1, max: 50_000 }),
    country: fc.constantFrom(['DE', 700], ['FR', 550], ['IE', 0], ['IT', 2200]),
    refunds: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 3 }),
  })
  fc.assert(fc.property(fc.array(fc.array(person, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), (days) => {
    let receipts = 0
    let notes = 0
    const boards = days.map((people, dayIndex) => {
      const date = `2026-11-${String(dayIndex + 1).padStart(2, '0')}`
      let board = emptyBoard(date)
      people.forEach((p, i) => {
        const id = `p${i}:${date}`
        const [country, rateBp] = p.country as [string, number]
        const vatOf = (gross: number) => Math.round((gross * rateBp) / (10_000 + rateBp))
        const r = p.payment === 'paid' ? receipt(++receipts, p.gross, vatOf(p.gross), country, rateBp) : undefined
        board = delivery(board, id, `P${i}`, country, p.payment, p.gross, r)
        if (!r) return
        let left = p.gross
        for (const share of p.refunds) {
          const amount = Math.min(left, Math.max(1, Math.round((p.gross * share) / 100)))
          if (amount <= 0) break
          left -= amount
          board = addRefund(board, id, amount, note(++notes, r, amount, vatOf(amount), 'damaged'), NOW)
        }
      })
      return board
    })
    const total = addSummaries(boards.map((b) => moneyOfDeliveries(b.deliveries)))
    const rows = csvRows(moneyCsv(boards))
    const column = (index: number) => rows.reduce((sum, r) => sum + centsOf(r[index] ?? ''), 0)
    expect(column(9)).toBe(total.vat.reduce((sum, l) => sum + l.netCents, 0))
    expect(column(10)).toBe(total.vat.reduce((sum, l) => sum + l.vatCents, 0))
    // Every paid delivery has its receipt and every refund its credit note: gross is what was collected.
    expect(column(11)).toBe(total.netCents)
  }))
})

test('a receipt of several VAT rates (a delivery with extras) counts each rate apart, in the view and in the CSV (a row per rate)', () => {
  const mixed: BoardDocument = {
    ...receipt(9, 2900, 275, 'DE', 700),
    vatLines: [{ rateBp: 700, grossCents: 2000, netCents: 1869, vatCents: 131 }, { rateBp: 1900, grossCents: 900, netCents: 756, vatCents: 144 }],
  }
  const board = delivery(emptyBoard('2026-11-25'), 'a:2026-11-25', 'Ann', 'DE', 'paid', 2900, mixed)
  expect(moneyOfDeliveries(board.deliveries).vat).toEqual([
    { country: 'DE', rateBp: 700, netCents: 1869, vatCents: 131 }, { country: 'DE', rateBp: 1900, netCents: 756, vatCents: 144 },
  ])
  const rows = moneyCsv([board]).slice(1).split('\r\n').filter(Boolean).slice(1).map((line) => line.split(','))
  expect(rows.map((r) => [r[1], r[8], r[9], r[10], r[11]])).toEqual([['R-000009', '7.00', '18.69', '1.31', '20.00'], ['R-000009', '19.00', '7.56', '1.44', '9.00']])
})
