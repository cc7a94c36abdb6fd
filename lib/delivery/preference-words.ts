/**
 * The coffee choices in the page's language: each grind and roast as a form lists it ("Ground for
 * espresso", "Dark roast") and the customer's coffee in words ("Whole bean, dark roast"), as the
 * class's labels (BeanBloomSubscription/preferences) say them in English.
 */
import type { CoffeePreferences, Grind, Roast } from '@retter-shared/BeanBloomSubscription/preferences'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { translateOr } from '@/lib/i18n/types'

const GRIND: Record<Grind, MessageKey> = {
  wholeBean: 'delivery.grind.wholeBean',
  espresso: 'delivery.grind.espresso',
  moka: 'delivery.grind.moka',
  filter: 'delivery.grind.filter',
  frenchPress: 'delivery.grind.frenchPress',
}
const GRIND_IN_TEXT: Record<Grind, MessageKey> = {
  wholeBean: 'delivery.grindInText.wholeBean',
  espresso: 'delivery.grindInText.espresso',
  moka: 'delivery.grindInText.moka',
  filter: 'delivery.grindInText.filter',
  frenchPress: 'delivery.grindInText.frenchPress',
}
const ROAST: Record<Roast, MessageKey> = {
  light: 'delivery.roast.light',
  medium: 'delivery.roast.medium',
  dark: 'delivery.roast.dark',
  roastersChoice: 'delivery.roast.roastersChoice',
}
const ROAST_IN_TEXT: Record<Roast, MessageKey> = {
  light: 'delivery.roastInText.light',
  medium: 'delivery.roastInText.medium',
  dark: 'delivery.roastInText.dark',
  roastersChoice: 'delivery.roastInText.roastersChoice',
}

/** A grind as a list names it; an id a newer backend added reads as itself. */
export function grindLabel(t: Translate, grind: string): string {
  const key = GRIND[grind as Grind] as MessageKey | undefined
  return key ? t(key) : grind
}

/** A roast as a list names it; an id a newer backend added reads as itself. */
export function roastLabel(t: Translate, roast: string): string {
  const key = ROAST[roast as Roast] as MessageKey | undefined
  return key ? t(key) : roast
}

/** A grind inside a sentence ("ground for espresso"); an id a newer backend added reads as itself. */
export function grindInText(t: Translate, grind: string): string {
  return translateOr(t, GRIND_IN_TEXT[grind as Grind] ?? '', grind)
}

/** A roast inside a sentence ("dark roast"); an id a newer backend added reads as itself. */
export function roastInText(t: Translate, roast: string): string {
  return translateOr(t, ROAST_IN_TEXT[roast as Roast] ?? '', roast)
}

/** The customer's coffee as a line starts with it: "Whole bean, dark roast". */
export function preferencesWords(t: Translate, preferences: CoffeePreferences): string {
  return t('delivery.coffee.text', { grind: grindLabel(t, preferences.grind), roast: roastInText(t, preferences.roast) })
}

/** The customer's coffee inside a sentence: "whole bean, dark roast". */
export function preferencesInText(t: Translate, preferences: CoffeePreferences): string {
  return t('delivery.coffee.text', { grind: grindInText(t, preferences.grind), roast: roastInText(t, preferences.roast) })
}
