/**
 * The language setting on /account: which language the shop writes the customer's e-mails,
 * receipts and credit notes in. The languages themselves are named in their own words (not here:
 * lib/account/language.ts), so every customer finds theirs.
 */
import { Locale } from '../locales'

const en = {
  'accountLanguage.title': 'Language for e-mails and receipts',
  'accountLanguage.lead': 'We write your e-mails, receipts and credit notes in this language, whichever device you use.',
  'accountLanguage.label': 'Language',
  'accountLanguage.save': 'Save',
  'accountLanguage.saving': 'Saving…',
  'accountLanguage.saved': 'Saved. Your next e-mails are in {language}.',
  'accountLanguage.failed': 'Your language could not be saved. Try again.',
}

export type AccountLanguageKey = keyof typeof en

export const accountLanguage: { [locale in Locale]: { [key in AccountLanguageKey]: string } } = {
  en: en,
  de: {
    'accountLanguage.title': 'Sprache für E-Mails und Rechnungen',
    'accountLanguage.lead': 'In dieser Sprache schreiben wir deine E-Mails, Rechnungen und Gutschriften, egal welches Gerät du nutzt.',
    'accountLanguage.label': 'Sprache',
    'accountLanguage.save': 'Speichern',
    'accountLanguage.saving': 'Wird gespeichert…',
    'accountLanguage.saved': 'Gespeichert. Deine nächsten E-Mails sind auf {language}.',
    'accountLanguage.failed': 'Deine Sprache konnte nicht gespeichert werden. Versuch es noch einmal.',
  },
  fr: {
    'accountLanguage.title': 'Langue des e-mails et des factures',
    'accountLanguage.lead': 'Nous rédigeons vos e-mails, factures et avoirs dans cette langue, quel que soit l’appareil utilisé.',
    'accountLanguage.label': 'Langue',
    'accountLanguage.save': 'Enregistrer',
    'accountLanguage.saving': 'Enregistrement…',
    'accountLanguage.saved': 'Enregistré. Vos prochains e-mails seront en {language}.',
    'accountLanguage.failed': 'Votre langue n’a pas pu être enregistrée. Réessayez.',
  },
  nl: {
    'accountLanguage.title': 'Taal voor e-mails en facturen',
    'accountLanguage.lead': 'We schrijven je e-mails, facturen en creditnota’s in deze taal, op welk apparaat je ook bent.',
    'accountLanguage.label': 'Taal',
    'accountLanguage.save': 'Opslaan',
    'accountLanguage.saving': 'Opslaan…',
    'accountLanguage.saved': 'Opgeslagen. Je volgende e-mails zijn in het {language}.',
    'accountLanguage.failed': 'Je taal kon niet worden opgeslagen. Probeer het opnieuw.',
  },
  it: {
    'accountLanguage.title': 'Lingua di e-mail e fatture',
    'accountLanguage.lead': 'Scriviamo le tue e-mail, fatture e note di credito in questa lingua, qualunque dispositivo tu usi.',
    'accountLanguage.label': 'Lingua',
    'accountLanguage.save': 'Salva',
    'accountLanguage.saving': 'Salvataggio…',
    'accountLanguage.saved': 'Salvato. Le tue prossime e-mail saranno in {language}.',
    'accountLanguage.failed': 'Non è stato possibile salvare la lingua. Riprova.',
  },
  es: {
    'accountLanguage.title': 'Idioma de los correos y las facturas',
    'accountLanguage.lead': 'Te escribimos los correos, las facturas y las facturas rectificativas en este idioma, uses el dispositivo que uses.',
    'accountLanguage.label': 'Idioma',
    'accountLanguage.save': 'Guardar',
    'accountLanguage.saving': 'Guardando…',
    'accountLanguage.saved': 'Guardado. Tus próximos correos estarán en {language}.',
    'accountLanguage.failed': 'No se ha podido guardar tu idioma. Inténtalo de nuevo.',
  },
}
