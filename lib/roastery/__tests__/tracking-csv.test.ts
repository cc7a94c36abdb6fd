/**
 * Reading a carrier's export of tracking numbers (lib/roastery/tracking-csv.ts): any
 * separator and quoting, columns found by their headers, references that are not the day's
 * deliveries counted apart, and files that cannot be used refused with the reason.
 */
import { delimitedRows, trackingFromCsv } from '@/lib/roastery/tracking-csv'
import { translator } from '@/test/i18n'

// The English words, as an English page writes them.
const t = translator('en')

const DAY = ['a1:2026-11-25', 'b2:2026-11-25']

test('a DHL export with semicolons and German headers, with the carrier chosen for the file', () => {
  const file = '\uFEFFSendungsnummer;Kundenreferenz;Empfänger\r\n00340434161234567890;a1:2026-11-25;"Ann; Ltd"\r\n00340434169999999999;x9:2026-11-24;Old\r\n'
  expect(trackingFromCsv(file, DAY, 'dhl', t)).toEqual({ entries: [{ deliveryId: 'a1:2026-11-25', carrier: 'dhl', trackingNumber: '00340434161234567890' }], skipped: 1 })
})

test('a file naming each parcel\'s carrier, comma-separated and quoted', () => {
  const file = 'Reference,Carrier,Tracking number\n"a1:2026-11-25",UPS,"1Z 999 AA1 0123456784"\nb2:2026-11-25,Colissimo,6A12345678901\n'
  expect(trackingFromCsv(file, DAY, 'dhl', t)).toEqual({
    entries: [
      { deliveryId: 'a1:2026-11-25', carrier: 'ups', trackingNumber: '1Z 999 AA1 0123456784' },
      { deliveryId: 'b2:2026-11-25', carrier: 'colissimo', trackingNumber: '6A12345678901' },
    ],
    skipped: 0,
  })
  expect(trackingFromCsv('Reference,Carrier,Tracking\nb2:2026-11-25,Pigeon,123456\n', DAY, 'dhl', t)).toEqual({ message: 'Line 2: the carrier "Pigeon" is not one we ship with.' })
})

test('files that cannot be used say why', () => {
  expect(trackingFromCsv('', DAY, 'dhl', t)).toEqual({ message: 'The file is empty.' })
  expect(trackingFromCsv('Name,Tracking\nAnn,123456\n', DAY, 'dhl', t)).toMatchObject({ message: expect.stringContaining('names the delivery') })
  expect(trackingFromCsv('Reference,Weight\na1:2026-11-25,2\n', DAY, 'dhl', t)).toMatchObject({ message: expect.stringContaining('tracking numbers') })
  expect(trackingFromCsv('Reference,Tracking\nz:2026-11-25,123456\n', DAY, 'dhl', t)).toEqual({ message: "None of the file's 1 lines names a delivery of this day." })
  expect(delimitedRows('a\t"b\n""c"""\tc\n')).toEqual([['a', 'b\n"c"', 'c']])
})
