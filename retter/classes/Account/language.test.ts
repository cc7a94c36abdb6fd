/**
 * The customer's language, with the Account class run by the local runtime in-process (fake
 * `Date`, tasks as their time comes, localstripe): the language of the first sign-in's page is
 * stored, the code, change and receipt e-mails are written in it, `setLocale` changes it whatever
 * language the call comes in, an unknown language is refused, and refusals keep their code with
 * the caller's words.
 */
import { moneyText } from '@retter-shared/BeanBloomKit/money'
import { readPdf } from '../../../test/pdf-text'
import { call, sessions } from '../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../rio-local/test/payments'
import type { Customer } from '../../../rio-local/test/account-client'
import { accountTestBackend } from './__tests__/backend'
import type { AccountUserState } from './customer'

const P = 'language-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first deliveries on Wednesday 25 November
const PAID_BY = '2026-11-24T09:00:00.000Z'
/** 20 euros as German writes them: "20,00 €" (with a no-break space). */
const TWENTY = moneyText(2000, 'EUR', 'de')
const HOME = { name: 'Lena Vogel', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

const t = accountTestBackend<AccountUserState>(START, () => ({ projectId: P, storage: 'memory', dev: true }))
let seq = 0
const newEmail = (name: string) => `${name}.${process.pid}.${++seq}@example.com`

/** A call on the customer's Account from a page in `culture` (the SDK's `culture` parameter). */
function callIn<T = Record<string, unknown>>(culture: string, who: { accountId: string; token: string }, name: string, body?: unknown) {
  return call<T & { code?: string; message?: string }>(t.backend, 'POST', `/${P}/CALL/Account/${name}/${who.accountId}?_token=${who.token}&__culture=${culture}`, body)
}

/** Signs `email` in as the shop's pages do, every call carrying `culture`. */
async function signInFrom(culture: string, email: string): Promise<Customer> {
  const anon = await sessions(t.backend).anonymous()
  const made = await call<{ instanceId: string }>(t.backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}&__culture=${culture}`, { email })
  const guest = { accountId: made.body.instanceId, token: anon }
  expect((await callIn(culture, guest, 'sendOtp')).status).toBe(200)
  const code = (await t.account.outbox(email)).find((m) => m.code !== undefined)?.code
  const verified = await callIn<{ data: { customToken: string } }>(culture, guest, 'verifyOtp', { code })
  const customToken = verified.body.data.customToken
  const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
  const signedIn = await call<{ accessToken: string }>(t.backend, 'GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)
  return { token: signedIn.body.accessToken, accountId: guest.accountId, email }
}

async function newestMail(email: string) {
  const mail = (await t.account.outbox(email))[0]
  if (!mail) throw new Error(`no e-mail to ${email}`)
  return mail
}

describe('a German customer', () => {
  test('gets the sign-in code, a change and a receipt in German, whatever language later calls come in', async () => {
    expect(TWENTY).toMatch(/^20,00\s€$/)
    const email = newEmail('lena')
    const lena = await signInFrom('de-de', email)
    const code = (await t.account.outbox(email)).find((m) => m.code !== undefined)!
    expect(code.subject).toBe('Dein Anmeldecode für Bean & Bloom')
    expect(code.text).toMatch(/^Dein Anmeldecode ist \d{6}\. Er gilt \d+ Minuten lang\. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht\.$/)
    expect(code.html).toContain('<html lang="de">')
    expect((await t.account.userState(lena))?.locale).toBe('de')

    // The next calls come from an English page: the stored language still decides.
    expect((await callIn('en-us', lena, 'setDeliveryAddress', HOME)).status).toBe(200)
    expect((await newestMail(email)).subject).toBe('Deine Lieferadresse ist gespeichert')
    await savePaymentMethod((name, body) => callIn('en-us', lena, name, body))
    expect((await callIn('en-us', lena, 'selectPlan', { planId: 'barista' })).status).toBe(200)
    const welcome = await newestMail(email)
    expect(welcome.subject).toBe('Willkommen bei Bean & Bloom: dein Barista-Abo hat begonnen')
    expect(welcome.text).toContain(`Barista: 2 Beutel (250 g) jede Woche, ${TWENTY} pro Lieferung`)
    expect(welcome.text).toContain('Nächste Lieferung: Mittwoch, 25. November 2026 (Barista).')
    expect(welcome.text).toContain('Lieferadresse:')
    expect(welcome.text).toContain('/de/account')
    expect(welcome.text).not.toMatch(/Next delivery|a delivery|€20\.00/)

    await t.walkTo(PAID_BY)
    const receipt = (await t.account.outbox(email)).find((m) => /Rechnung/.test(m.subject))!
    expect(receipt.subject).toMatch(/^Deine Rechnung R-\d{6} für deine Lieferung vom Mittwoch, 25\. November 2026$/)
    for (const line of [`Wir haben ${TWENTY} für deine Lieferung vom Mittwoch, 25. November 2026 erhalten.`, 'Lieferung vom: Mittwoch, 25. November 2026',
      `Preis (inkl. MwSt.): ${TWENTY}`, 'MwSt. 7% (DE): ', 'Bezahlt mit: Visa •••• 4242, ', 'Kaffee: Barista: 2 Beutel à 250 g, ']) {
      expect(receipt.text).toContain(line)
    }
    expect(receipt.text).not.toMatch(/Receipt|VAT included|€20\.00/)
    const pdf = readPdf(Buffer.from(receipt.attachments![0]!.contentBase64, 'base64'))
    expect(pdf.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Rechnung R-\d{6}$/), 'Preis (inkl. MwSt.)', expect.stringMatching(/^20,00\s€$/), 'Rechnungsnummer', 'MwSt. 7% (DE)']))
    expect(pdf.lines.join('\n')).not.toMatch(/Receipt|VAT included/)
  })
})

test('a later sign-in from a page in another language keeps the stored language', async () => {
  const email = newEmail('noah')
  await signInFrom('it-it', email)
  // A new code may be asked for 30 s after the last.
  t.time.advance(31_000)
  const again = await signInFrom('es-es', email)
  expect((await t.account.userState(again))?.locale).toBe('it')
  // A refusal speaks the caller's language, whatever the stored one.
  const refused = await callIn('es-es', again, 'cancelSubscription', {})
  expect({ status: refused.status, code: refused.body.code, message: refused.body.message })
    .toEqual({ status: 409, code: 'NO_SUBSCRIPTION', message: 'No tienes ninguna suscripción que cancelar.' })
  const noAddress = await callIn('de-de', again, 'selectPlan', { planId: 'barista' })
  expect(noAddress.body).toMatchObject({ code: 'NO_DELIVERY_ADDRESS', message: 'Gib eine Lieferadresse an, bevor du ein Abo startest, damit wir wissen, wohin dein Kaffee soll.' })
  const english = await callIn('en-us', again, 'cancelSubscription', {})
  expect(english.body).toMatchObject({ code: 'NO_SUBSCRIPTION', message: 'There is no subscription to cancel.' })
})

describe('setLocale', () => {
  test('changes the language of the next e-mail, whatever language the call comes in', async () => {
    const email = newEmail('sam')
    const sam = await signInFrom('en-us', email)
    // English is the default, stored as no language at all.
    expect((await t.account.userState(sam))?.locale).toBeUndefined()
    const set = await callIn('de-de', sam, 'setLocale', { locale: 'fr' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ locale: 'fr' })
    expect((await t.account.userState(sam))?.locale).toBe('fr')
    expect((await callIn('de-de', sam, 'setDeliveryAddress', HOME)).status).toBe(200)
    const mail = await newestMail(email)
    expect(mail.subject).toBe('Votre adresse de livraison est enregistrée')
    expect(mail.text).toContain('Livraison à\u202f:')
  })

  test('refuses an unknown language with UNKNOWN_LOCALE in the caller\'s words, and nothing changes', async () => {
    const email = newEmail('ada')
    const ada = await signInFrom('nl-nl', email)
    for (const locale of ['pt', 'EN', 'de-de', 'constructor']) {
      const refused = await callIn('de-de', ada, 'setLocale', { locale })
      expect({ locale, status: refused.status, code: refused.body.code }).toEqual({ locale, status: 400, code: 'UNKNOWN_LOCALE' })
    }
    // Not a language at all: the input model refuses it before the method runs.
    expect((await callIn('de-de', ada, 'setLocale', { locale: '' })).status).toBe(400)
    const refused = await callIn('de-de', ada, 'setLocale', { locale: 'pt' })
    expect(refused.body).toMatchObject({ code: 'UNKNOWN_LOCALE', message: '„pt“ ist keine Sprache, in der wir schreiben. Wähle eine von: en, de, fr, nl, it, es.' })
    expect((await t.account.userState(ada))?.locale).toBe('nl')
  })
})

describe('a refusal', () => {
  test('keeps its code and is worded in the caller\'s language; English keeps the specification\'s words', async () => {
    const email = newEmail('zoe')
    const anon = await sessions(t.backend).anonymous()
    const made = await call<{ instanceId: string }>(t.backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })
    const guest = { accountId: made.body.instanceId, token: anon }
    expect((await callIn('fr-fr', guest, 'sendOtp')).status).toBe(200)
    const again = await callIn<{ retryAfterSeconds: number }>('fr-fr', guest, 'sendOtp')
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('RATE_LIMITED')
    expect(again.body.message).toBe(`Un code vient d’être envoyé. Vous pourrez en demander un nouveau dans ${again.body.retryAfterSeconds} secondes.`)

    const code = (await t.account.outbox(email)).find((m) => m.code !== undefined)!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    const french = await callIn<{ success: boolean; error: { code: string; message: string } }>('fr-fr', guest, 'verifyOtp', { code: wrong })
    expect(french.body).toMatchObject({ success: false, error: { code: 'INVALID_CODE', message: 'Code incorrect.' } })
    const english = await callIn<{ success: boolean; error: { code: string; message: string } }>('en-us', guest, 'verifyOtp', { code: wrong })
    expect(english.body).toMatchObject({ success: false, error: { code: 'INVALID_CODE', message: 'Invalid OTP' } })
  })
  test('about a day or an address field is in the caller\'s words, with the same code', async () => {
    const email = newEmail('mia')
    const mia = await signInFrom('en-us', email)
    const noName = await callIn('fr-fr', mia, 'setDeliveryAddress', { ...HOME, name: ' ' })
    expect(noName.body).toMatchObject({ code: 'INVALID_ADDRESS', field: 'name', message: 'Il manque le nom.' })
    const abroad = await callIn('de-de', mia, 'setDeliveryAddress', { ...HOME, country: 'US' })
    expect(abroad.body).toMatchObject({ code: 'UNSUPPORTED_COUNTRY', field: 'country', message: 'Wir liefern nur in die EU und ins Vereinigte Königreich; „US“ gehört nicht dazu.' })
    const english = await callIn('en-us', mia, 'setDeliveryAddress', { ...HOME, country: 'US' })
    expect(english.body).toMatchObject({ code: 'UNSUPPORTED_COUNTRY', message: 'We deliver to the EU and the United Kingdom only; "US" is not one of them.' })
    expect((await callIn('en-us', mia, 'setDeliveryAddress', HOME)).status).toBe(200)
    await savePaymentMethod((name, body) => callIn('en-us', mia, name, body))
    expect((await callIn('en-us', mia, 'selectPlan', { planId: 'barista' })).status).toBe(200)
    expect((await callIn('en-us', mia, 'skipDelivery', { date: '2026-12-02' })).status).toBe(200)

    const skippedIn = async (culture: string) => {
      const refused = await callIn(culture, mia, 'skipDelivery', { date: '2026-12-02' })
      return { status: refused.status, code: refused.body.code, message: refused.body.message }
    }
    expect(await skippedIn('de-de')).toEqual({ status: 409, code: 'ALREADY_SKIPPED', message: 'Die Lieferung vom Mi., 2. Dez. 2026 ist bereits ausgesetzt.' })
    expect(await skippedIn('fr-fr')).toEqual({ status: 409, code: 'ALREADY_SKIPPED', message: 'La livraison du mer. 2 déc. 2026 est déjà sautée.' })
    expect(await skippedIn('en-us')).toEqual({ status: 409, code: 'ALREADY_SKIPPED', message: 'The delivery on Wed 2 Dec 2026 is already skipped.' })

    const offDay = await callIn('fr-fr', mia, 'skipDelivery', { date: '2026-12-03' })
    expect(offDay.body).toMatchObject({ code: 'NOT_ON_SCHEDULE', message: 'Il n’y a pas de livraison le jeu. 3 déc. 2026 parmi vos 6 prochaines livraisons.' })
    const inEnglish = await callIn('en-us', mia, 'skipDelivery', { date: '2026-12-03' })
    expect(inEnglish.body).toMatchObject({ code: 'NOT_ON_SCHEDULE', message: 'There is no delivery on Thu 3 Dec 2026 among your next 6 deliveries.' })
    const unskip = await callIn('de-de', mia, 'unskipDelivery', { date: '2026-12-09' })
    expect(unskip.body).toMatchObject({ code: 'NOT_SKIPPED', message: 'Die Lieferung vom Mi., 9. Dez. 2026 ist nicht ausgesetzt.' })
  })

  test('of a code check says what did not happen and the tries left in the caller\'s words', async () => {
    const email = newEmail('noa')
    const noa = await signInFrom('en-us', email)
    expect((await callIn('en-us', noa, 'requestAccountDeletion', {})).status).toBe(200)
    const deletionCode = (await t.account.outbox(email)).find((m) => m.code !== undefined)!.code!
    const wrong = deletionCode === '000000' ? '111111' : '000000'
    const german = await callIn<{ attemptsLeft: number }>('de-de', noa, 'deleteMyAccount', { code: wrong })
    expect(german.body).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 4, message: 'Der Code stimmt nicht (noch 4 Versuche). Es wurde nichts gelöscht.' })
    const english = await callIn('en-us', noa, 'deleteMyAccount', { code: wrong })
    expect(english.body).toMatchObject({ code: 'INVALID_CODE', message: 'That code is not right (3 tries left). Nothing has been deleted.' })

    const badAddress = await callIn('de-de', noa, 'requestEmailChange', { newEmail: 'Not-An-Address' })
    expect(badAddress.body).toMatchObject({ code: 'INVALID_EMAIL', message: '„not-an-address“ ist keine gültige E-Mail-Adresse. Deine E-Mail-Adresse ist unverändert.' })
    const badInEnglish = await callIn('en-us', noa, 'requestEmailChange', { newEmail: 'Not-An-Address' })
    expect(badInEnglish.body).toMatchObject({ code: 'INVALID_EMAIL', message: '"not-an-address" is not a valid e-mail address. Your e-mail address has not changed.' })
    const newAddress = newEmail('noa-new')
    expect((await callIn('en-us', noa, 'requestEmailChange', { newEmail: newAddress })).status).toBe(200)
    const again = await callIn<{ retryAfterSeconds: number }>('de-de', noa, 'requestEmailChange', { newEmail: newAddress })
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('RATE_LIMITED')
    expect(again.body.message).toBe(`Gerade wurde ein Code angefordert. Einen neuen kannst du in ${again.body.retryAfterSeconds} Sekunden anfordern. Deine E-Mail-Adresse ist unverändert.`)
    const french = await callIn('fr-fr', noa, 'confirmEmailChange', { code: wrong, currentCode: wrong })
    expect(french.body).toMatchObject({ code: 'INVALID_CODE', message: `À propos du code envoyé à votre nouvelle adresse, ${newAddress}\u202f: Ce code n’est pas le bon (4 essais restants). Votre adresse e-mail n’a pas changé.` })
    const stillEnglish = await callIn('en-us', noa, 'confirmEmailChange', { code: wrong, currentCode: wrong })
    expect(stillEnglish.body).toMatchObject({ code: 'INVALID_CODE', message: `About the code sent to your new address, ${newAddress}: That code is not right (3 tries left). Your e-mail address has not changed.` })
  })

  test('with values (a postal code, a payment day) is worded again with them in the caller\'s language', async () => {
    const email = newEmail('ines')
    const ines = await signInFrom('en-us', email)
    const noPlan = await callIn('es-es', ines, 'pauseSubscription', { weeks: 2 })
    expect(noPlan.body).toMatchObject({ code: 'NO_SUBSCRIPTION', message: 'No hay ninguna suscripción que pausar. Elige primero un plan.' })
    const postal = await callIn('de-de', ines, 'setDeliveryAddress', { ...HOME, country: 'NL', postalCode: '123' })
    expect(postal.body).toMatchObject({ code: 'INVALID_POSTAL_CODE', field: 'postalCode', message: '„123“ ist keine gültige Postleitzahl (Niederlande). Dort sieht eine Postleitzahl so aus: 1012 AB.' })
    const postalInEnglish = await callIn('en-us', ines, 'setDeliveryAddress', { ...HOME, country: 'NL', postalCode: '123' })
    expect(postalInEnglish.body.message).toBe('"123" is not a postal code in the Netherlands: it has 4 digits and 2 letters, like 1012 AB.')
    expect((await callIn('en-us', ines, 'setDeliveryAddress', HOME)).status).toBe(200)
    await savePaymentMethod((name, body) => callIn('en-us', ines, name, body))
    expect((await callIn('en-us', ines, 'selectPlan', { planId: 'barista' })).status).toBe(200)
    const nothingDue = await callIn('de-de', ines, 'retryPayment', { date: '2026-12-02' })
    expect(nothingDue.body).toMatchObject({ code: 'NOTHING_TO_PAY', message: 'Für eine Lieferung am Mittwoch, 2. Dezember 2026 ist keine Zahlung offen.' })
    expect((await callIn('en-us', ines, 'retryPayment', { date: '2026-12-02' })).body.message).toBe('There is no payment due for a delivery on 2026-12-02.')
    const same = await callIn('nl-nl', ines, 'requestEmailChange', { newEmail: email })
    expect(same.body).toMatchObject({ code: 'SAME_EMAIL', message: 'Dat is al je adres. Je e-mailadres is niet veranderd.' })
  })

  test('with words the catalogue cannot rebuild reads its code\'s general words, never English', async () => {
    const email = newEmail('ugo')
    const ugo = await signInFrom('en-us', email)
    expect((await callIn('en-us', ugo, 'setDeliveryAddress', HOME)).status).toBe(200)
    await savePaymentMethod((name, body) => callIn('en-us', ugo, name, body))
    expect((await callIn('en-us', ugo, 'selectPlan', { planId: 'barista' })).status).toBe(200)
    const again = await callIn('fr-fr', ugo, 'selectPlan', { planId: 'barista' })
    expect(again.body).toMatchObject({
      code: 'ALREADY_ON_PLAN',
      message: 'Votre abonnement ne peut pas être modifié ainsi pour l’instant\u202f; rien n’a changé. Rechargez la page pour le voir tel qu’il est.',
    })
    expect((await callIn('en-us', ugo, 'selectPlan', { planId: 'barista' })).body.message).toMatch(/^You are already on the .+ plan\.$/)
  })
})
