import type { MessageKey, Translate } from '@/lib/i18n/types'

/** The form label of each field the Shop may name in a refusal (its last segment: `plan.translations.de.name` → name). */
const LABELS: Record<string, MessageKey> = {
  id: 'staff.catalogue.field.id',
  name: 'staff.catalogue.field.name',
  description: 'staff.catalogue.field.description',
  features: 'staff.catalogue.field.features',
  amount: 'staff.catalogue.field.price',
  amountCents: 'staff.catalogue.field.newPrice',
  delivery: 'staff.catalogue.field.delivery',
  bags: 'staff.catalogue.field.bags',
  bagGrams: 'staff.catalogue.field.bagGrams',
  grinds: 'staff.catalogue.field.grinds',
  roasts: 'staff.catalogue.field.roasts',
  coffeeId: 'staff.catalogue.field.coffee',
  sortOrder: 'staff.catalogue.field.sortOrder',
  recommended: 'staff.catalogue.field.recommended',
  origin: 'staff.catalogue.field.origin',
  process: 'staff.catalogue.field.process',
  notes: 'staff.catalogue.field.notes',
  roast: 'staff.catalogue.field.roast',
  available: 'staff.catalogue.field.available',
  extraPrice: 'staff.catalogue.field.extraPrice',
  vat: 'staff.catalogue.field.vat',
}

const LANGUAGES: Record<string, MessageKey> = {
  de: 'staff.catalogue.language.de', fr: 'staff.catalogue.language.fr', nl: 'staff.catalogue.language.nl',
  it: 'staff.catalogue.language.it', es: 'staff.catalogue.language.es',
}

/** A language of the catalogue by its name in the page's language ("fr" → "French"); an unknown code as itself. */
export function languageName(t: Translate, locale: string): string {
  const key = LANGUAGES[locale]
  return key ? t(key) : locale
}

/**
 * A refusal of the catalogue in the staff member's words, led by the label of the field it names
 * ("Price per delivery (EUR): …", "Name (German): …"); a field the form does not show reads as named.
 */
export function fieldProblem(t: Translate, field: string | undefined, problem: string): string {
  if (!field) return problem
  const parts = field.split('.')
  const label = LABELS[parts[parts.length - 1] as string]
  const language = parts[1] === 'translations' && parts[2] ? LANGUAGES[parts[2]] : undefined
  const named = label ? (language ? t('staff.catalogue.fieldIn', { field: t(label), language: t(language) }) : t(label)) : field
  return t('staff.catalogue.fieldProblem', { field: named, problem })
}
