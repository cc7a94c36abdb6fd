import { formatDate, formatDateTime, isIsoDateString } from '@/lib/format/date'
import { validateEmail } from '@/lib/format/email'
import { humanizeKey } from '@/lib/format/humanize'
import { dateTimeFormat, numberFormat } from '@/lib/format/intl-cache'
import { safeNextPath } from '@/lib/format/next-path'
import { normalizeOtp } from '@/lib/format/otp'
import { bagsLine, grindChoices, roastChoices } from '@/lib/format/plan'
import { translator } from '@/test/i18n'
import { formatInterval, formatPrice, perBagAmount, planPrices, planPriceTexts, priceTextsOf } from '@/lib/format/price'

const t = translator()

describe('formatPrice', () => {
  it('turns minor units into a localised currency amount', () => {
    expect(formatPrice(1250, 'USD', 'en-US')).toBe('$12.50')
    expect(formatPrice(1250, 'EUR', 'de-DE')).toBe('12,50\u00a0€')
    expect(formatPrice(990, 'GBP', 'en-GB')).toBe('£9.90')
  })

  it('keeps the zero cents of whole amounts, as the e-mails and receipts write them', () => {
    expect(formatPrice(1200, 'USD', 'en-US')).toBe('$12.00')
  })

  it('respects currencies without minor units', () => {
    expect(formatPrice(500, 'JPY', 'ja-JP')).toBe('￥500')
  })

  it('labels intervals, including ones this app does not know yet', () => {
    expect(formatInterval(t, 'delivery')).toBe('per delivery')
    expect(formatInterval(translator('fr'), 'delivery')).toBe('par livraison')
    expect(formatInterval(t, 'fortnight')).toBe('fortnight')
  })
})

describe('prices as the server wrote them', () => {
  const plan = { id: 'barista', amount: 2000, currency: 'EUR', bags: 2 }

  test('are what formatPrice writes, per delivery and per bag', () => {
    expect(priceTextsOf([plan], 'en-US')).toEqual({ 'barista:2000:EUR:2': { price: formatPrice(2000, 'EUR', 'en-US'), perBag: formatPrice(1000, 'EUR', 'en-US') } })
  })

  test('of one plan, formatted here: per delivery and per bag (rounded to the cent)', () => {
    expect(planPrices(plan, 'en-US')).toEqual({ price: '€20.00', perBag: '€10.00' })
    expect(planPrices({ amount: 1000, currency: 'EUR', bags: 3 }, 'de-DE')).toEqual({ price: '10,00\u00a0€', perBag: '3,33\u00a0€' })
  })

  test('are repeated as written while the plan’s price is the same, whatever the browser’s locale', () => {
    const written = { 'barista:2000:EUR:2': { price: 'EUR 20 (server)', perBag: 'EUR 10 (server)' } }
    expect(planPriceTexts(plan, written, 'de-DE')).toEqual({ price: 'EUR 20 (server)', perBag: 'EUR 10 (server)' })
  })

  test('are formatted anew once the price, currency or bags changed, or when there are none', () => {
    const written = priceTextsOf([plan], 'en-US')
    expect(planPriceTexts({ ...plan, amount: 2200 }, written, 'en-US')).toEqual({ price: formatPrice(2200, 'EUR', 'en-US'), perBag: formatPrice(1100, 'EUR', 'en-US') })
    expect(planPriceTexts({ ...plan, currency: 'GBP' }, written, 'en-US').price).toBe(formatPrice(2000, 'GBP', 'en-US'))
    expect(planPriceTexts({ ...plan, bags: 1 }, written, 'en-US').perBag).toBe(formatPrice(2000, 'EUR', 'en-US'))
    expect(planPriceTexts(plan, null, 'en-US')).toEqual(written['barista:2000:EUR:2'])
  })
})

test('perBagAmount: the price of one bag, rounded to the cent', () => {
  expect(perBagAmount({ amount: 2000, bags: 2 })).toBe(1000)
  expect(perBagAmount({ amount: 1000, bags: 3 })).toBe(333)
  expect(perBagAmount({ amount: 1200, bags: 1 })).toBe(1200)
})

test('a plan\'s offer in words comes from its lists: bags, grinds, roasts', () => {
  expect(bagsLine(t, { bags: 2, bagGrams: 250, delivery: 'weekly' })).toBe('2 bags (250 g) every week')
  expect(bagsLine(t, { bags: 1, bagGrams: 250, delivery: 'fourWeekly' })).toBe('1 bag (250 g) every four weeks')
  expect(grindChoices(t, { grinds: ['wholeBean', 'espresso'] })).toBe('Whole bean or ground for espresso')
  expect(grindChoices(t, { grinds: ['wholeBean', 'espresso', 'moka', 'filter', 'frenchPress'] }))
    .toBe('Whole bean, or ground for espresso, moka pot, filter or French press')
  expect(grindChoices(t, { grinds: ['filter', 'frenchPress'] })).toBe('Ground for filter or French press')
  expect(grindChoices(t, { grinds: ['wholeBean'] })).toBe('Whole bean')
  expect(roastChoices(t, { roasts: ['roastersChoice'] })).toBe('Our roaster’s choice')
  expect(roastChoices(t, { roasts: ['light', 'medium', 'dark', 'roastersChoice'] })).toBe('Light, medium or dark roast, or our roaster’s choice')
  expect(roastChoices(t, { roasts: ['dark'] })).toBe('Dark roast')
})

test('the same offer in the page\'s language: plurals, lists and agreement from the catalogue', () => {
  const de = translator('de')
  const fr = translator('fr')
  expect(bagsLine(de, { bags: 2, bagGrams: 250, delivery: 'weekly' })).toBe('2 Beutel (250 g) jede Woche')
  expect(bagsLine(fr, { bags: 1, bagGrams: 250, delivery: 'fourWeekly' })).toBe('1 sachet (250 g) toutes les quatre semaines')
  expect(bagsLine(translator('nl'), { bags: 2, bagGrams: 250, delivery: 'fortnightly' })).toBe('2 zakken (250 g) om de twee weken')
  expect(grindChoices(de, { grinds: ['wholeBean', 'espresso', 'moka'] })).toBe('Ganze Bohne oder gemahlen für Espresso oder Espressokocher')
  expect(grindChoices(fr, { grinds: ['filter', 'frenchPress'] })).toBe('Moulu pour filtre ou cafetière à piston')
  expect(roastChoices(de, { roasts: ['light', 'medium', 'dark', 'roastersChoice'] })).toBe('Helle, mittlere oder dunkle Röstung oder die Wahl unseres Rösters')
  expect(roastChoices(translator('es'), { roasts: ['roastersChoice'] })).toBe('La elección de nuestro tostador')
  expect(roastChoices(translator('it'), { roasts: ['dark'] })).toBe('Tostatura scura')
})

test('an Intl formatter is made once per locale and options, and a different one for other ones', () => {
  const euros = numberFormat('de-DE', { style: 'currency', currency: 'EUR' })
  expect(numberFormat('de-DE', { style: 'currency', currency: 'EUR' })).toBe(euros)
  expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(euros)
  expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(2)).toBe('2,00\u00a0$')
  const day = dateTimeFormat(undefined, { dateStyle: 'long' })
  expect(dateTimeFormat(undefined, { dateStyle: 'long' })).toBe(day)
  expect(dateTimeFormat(undefined, { dateStyle: 'short' })).not.toBe(day)
})

describe('normalizeOtp', () => {
  it.each([
    ['12 34 56', '123456'],
    ['123-456', '123456'],
    [' 123 456 ', '123456'],
    ['１２３４５６', '123456'],
    ['code: 12a3', '123'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeOtp(raw)).toBe(expected)
  })

  it('keeps extra digits instead of silently cutting them', () => {
    expect(normalizeOtp('1234567')).toBe('1234567')
  })
})

describe('humanizeKey', () => {
  it.each([
    ['createdAt', 'Created at'],
    ['last_sign_in_at', 'Last sign in at'],
    ['awsAccountId', 'AWS account ID'],
    ['status', 'Status'],
    ['IAMRoleArn', 'IAM role ARN'],
    ['kebab-case-name', 'Kebab case name'],
    ['instanceIds', 'Instance IDs'],
    ['STATUS', 'STATUS'],
    ['', '(unnamed)'],
  ])('%j -> %j', (key, label) => {
    expect(humanizeKey(key)).toBe(label)
  })
})

describe('dates', () => {
  it('recognises ISO dates and nothing else', () => {
    expect(isIsoDateString('2026-11-21T17:30:00.000Z')).toBe(true)
    expect(isIsoDateString('2026-11-21')).toBe(true)
    expect(isIsoDateString('2026-13-45')).toBe(false)
    expect(isIsoDateString('12345')).toBe(false)
    expect(isIsoDateString('active')).toBe(false)
    expect(isIsoDateString(20261121)).toBe(false)
  })

  it('writes dates one European way whatever the locale, times in the reader\'s zone, and leaves other text alone', () => {
    expect(formatDate('2026-03-05T10:00:00.000Z', 'Europe/Berlin')).toBe('Thu 5 Mar 2026')
    expect(formatDate('2026-03-05T23:30:00.000Z', 'Europe/Berlin')).toBe('Fri 6 Mar 2026')
    expect(formatDateTime('2026-03-05')).toBe('Thu 5 Mar 2026')
    expect(formatDateTime('2026-07-05T16:05:00.000Z', 'Europe/Paris')).toBe('Sun 5 Jul 2026, 18:05')
    expect(formatDateTime('2026-07-05T16:05:00.000Z', 'Europe/London')).toBe('Sun 5 Jul 2026, 17:05')
    expect(formatDateTime('not a date')).toBe('not a date')
  })
})

describe('validateEmail', () => {
  it('accepts ordinary addresses, including + and dots', () => {
    expect(validateEmail('jane.doe+coffee@example.co.uk')).toBeNull()
    expect(validateEmail('  jane@example.com  ')).toBeNull()
  })

  it('explains what is wrong', () => {
    expect(validateEmail('')).toMatch(/enter your e-mail/i)
    expect(validateEmail('jane@example')).toMatch(/valid e-mail/i)
    expect(validateEmail('jane example.com')).toMatch(/valid e-mail/i)
  })
})

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/')).toBe('/')
    expect(safeNextPath('/account?tab=aws')).toBe('/account?tab=aws')
    expect(safeNextPath(['/account', '/'])).toBe('/account')
  })

  it('refuses anything that could leave the site, and defaults to /account', () => {
    for (const bad of [undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'account', '/sign-in']) {
      expect(safeNextPath(bad)).toBe('/account')
    }
  })
})
