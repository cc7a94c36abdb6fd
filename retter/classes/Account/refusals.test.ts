/**
 * Refusals in the caller's words, as functions: every code a person can meet has words in every
 * language, English is never rewritten, and refusals whose English carries values (days, a pause's
 * weeks, a decline's reason) are worded again with those values in the caller's language.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { GENERAL_WORDS, MACHINE_ONLY, WORDED_AT_SOURCE, wordedIn } from 'BeanBloomKit/i18n/caller-words'
import { LOCALES, Locale } from 'BeanBloomKit/i18n/locales'
import { customerDate } from 'BeanBloomSubscription'
import { refusalIn } from './refusals'

const CLASSES = path.resolve(__dirname, '..', '..')
const OTHER_LOCALES = LOCALES.filter((l) => l !== 'en') as Locale[]

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (name === '__tests__' || name === 'node_modules') return []
    if (statSync(file).isDirectory()) return sources(file)
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'rio.ts' ? [file] : []
  })
}

/** Every refusal code the classes and their dependencies write: `refuse(data, status, 'CODE'` and `code: 'CODE'`. */
function codesInSource(): string[] {
  const found = new Set<string>()
  for (const file of sources(CLASSES)) {
    // Comments show examples ("refuse(data, 409, 'NOT_ACTIVE', …)"), not refusals.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    for (const m of text.matchAll(/refuse\(\s*(?:data,\s*)?(?:\d+,\s*)?'([A-Z_]+)'/g)) found.add(m[1] as string)
    for (const m of text.matchAll(/code: '([A-Z_]+)'/g)) found.add(m[1] as string)
  }
  return [...found].sort()
}

test('every refusal code in the classes has words in every language, or is read by machines only', () => {
  const codes = codesInSource()
  expect(codes.length).toBeGreaterThan(60)
  const unworded = codes.filter((code) => !(code in GENERAL_WORDS) && !WORDED_AT_SOURCE.includes(code) && !MACHINE_ONLY.includes(code))
  expect(unworded).toEqual([])
})

test('a refusal a person can meet is never English in another language, and English is never rewritten', () => {
  const codes = Object.keys(GENERAL_WORDS)
  fc.assert(fc.property(fc.constantFrom(...codes), fc.constantFrom(...OTHER_LOCALES), fc.string({ minLength: 1 }), (code, locale, english) => {
    const message = `${english} (an English sentence the catalogue does not know)`
    expect(wordedIn(locale, { code, message }, (l, r) => refusalIn(l, r.code, r.message, undefined))).not.toBe(message)
    expect(wordedIn('en', { code, message }, (l, r) => refusalIn(l, r.code, r.message, undefined))).toBe(message)
  }))
})

test('a code read by machines only keeps its English in every language', () => {
  for (const locale of OTHER_LOCALES) {
    expect(wordedIn(locale, { code: 'BAD_SIGNATURE', message: 'No valid signature.' })).toBe('No valid signature.')
  }
})

test('a pause, a shipped delivery, a decline and deliveries being packed keep their values in the caller\'s words', () => {
  expect(refusalIn('it', 'INVALID_PAUSE', 'A pause lasts from 1 to 8 whole weeks.', undefined)).toBe('Una pausa dura da 1 a 8 settimane intere.')
  const day = customerDate('2026-12-04')
  expect(refusalIn('de', 'ALREADY_SHIPPED', `Your delivery of ${day} has already left our roastery, so it can no longer be skipped.`, undefined))
    .toBe(`Deine Lieferung vom ${customerDate('2026-12-04', 'de')} hat unsere Rösterei schon verlassen und kann nicht mehr ausgesetzt werden.`)
  expect(refusalIn('nl', 'PAYMENT_DECLINED', 'The payment for your delivery of 2026-12-04 was declined again: your card has expired. Try another card or bank account.', undefined))
    .toBe(`De betaling voor je levering van ${customerDate('2026-12-04', 'nl')} is opnieuw geweigerd: je kaart is verlopen. Probeer een andere kaart of bankrekening.`)
  // A decline in Stripe's own English words reads as a decline in the caller's words.
  expect(refusalIn('fr', 'PAYMENT_DECLINED', 'The payment for your delivery of 2026-12-04 was declined again: Your card does not support this type of purchase. Try another card or bank account.', undefined))
    .toBe(`Le paiement de votre livraison du ${customerDate('2026-12-04', 'fr')} a de nouveau été refusé\u202f: le paiement a été refusé. Essayez une autre carte ou un autre compte bancaire.`)
  const two = `${customerDate('2026-12-02')} and ${customerDate('2026-12-09')}`
  expect(refusalIn('es', 'DELIVERY_IN_PROGRESS', `Your delivery of ${two} is being roasted and packed for your current account. You can change your e-mail address once it has shipped. Your e-mail address has not changed.`, undefined))
    .toBe(`Tu entrega del ${customerDate('2026-12-02', 'es')} y ${customerDate('2026-12-09', 'es')} se está tostando y empaquetando para tu cuenta actual. Podrás cambiar tu correo cuando se haya enviado. Tu correo no ha cambiado.`)
})

test('the payment limits say their own hourly most and the wait in the caller\'s words', () => {
  expect(refusalIn('de', 'RETRY_LIMIT', 'You have retried payments 5 times in the last hour, the most we accept. Nothing was charged; you can retry again in 12 minutes.', 700))
    .toBe('Du hast in der letzten Stunde 5-mal eine Zahlung wiederholt, öfter geht es nicht. Es wurde nichts abgebucht; in 12 Minuten kannst du es wieder versuchen.')
})
