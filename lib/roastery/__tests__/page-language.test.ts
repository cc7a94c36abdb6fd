/**
 * The roastery's lib words follow the page's language when given its translator (English without):
 * where a day stands, a payment, a refund amount refused, a carrier file refused.
 */
import { dayStateText } from '@/lib/roastery/day-state'
import { parseRefundAmount } from '@/lib/roastery/money'
import { paymentText } from '@/lib/roastery/payment'
import { trackingFromCsv } from '@/lib/roastery/tracking-csv'
import { translator } from '@/test/i18n'

test('where a day stands and a payment, in German', () => {
  const t = translator('de')
  expect(dayStateText({ offset: 0, leadDays: 2, total: 3, shipped: 3 }, t)).toBe('Alles versendet: Jede Lieferung des Tages hat die Rösterei verlassen.')
  expect(paymentText(undefined, t)).toBe('Noch nicht belastet')
  expect(paymentText('requires_action', t)).toBe('Bankbestätigung nötig')
})

test('a refund amount refused in French, its amount written the French way', () => {
  expect(parseRefundAmount('abc', 2000, translator('fr'), 'fr')).toEqual({ message: 'Saisissez un montant en euros, par ex. 5,50.' })
  const tooMuch = parseRefundAmount('20.01', 2000, translator('fr'), 'fr')
  expect('message' in tooMuch && tooMuch.message).toMatch(/^Il reste au plus 20,00\s€ à rembourser\.$/)
})

test('a carrier file refused in Spanish, naming its line', () => {
  const t = translator('es')
  expect(trackingFromCsv('', ['a1:2026-11-25'], 'dhl', t)).toEqual({ message: 'El archivo está vacío.' })
  expect(trackingFromCsv('Reference,Carrier,Tracking\na1:2026-11-25,Pigeon,123456\n', ['a1:2026-11-25'], 'dhl', t))
    .toEqual({ message: 'Línea 2: no enviamos con el transportista «Pigeon».' })
})
