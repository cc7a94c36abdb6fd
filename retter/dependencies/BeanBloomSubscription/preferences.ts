/**
 * Coffee preferences: how the beans are ground and how they are roasted. Pure (no imports), so the
 * app shows the same labels and applies the same plan rules.
 */

export type Grind = 'wholeBean' | 'espresso' | 'moka' | 'filter' | 'frenchPress'
export type Roast = 'light' | 'medium' | 'dark' | 'roastersChoice'

export interface CoffeePreferences {
  grind: Grind
  roast: Roast
}

export const ALL_GRINDS: ReadonlyArray<Grind> = ['wholeBean', 'espresso', 'moka', 'filter', 'frenchPress']
export const ALL_ROASTS: ReadonlyArray<Roast> = ['light', 'medium', 'dark', 'roastersChoice']

export const GRIND_LABELS: { [grind in Grind]: string } = {
  wholeBean: 'Whole bean',
  espresso: 'Ground for espresso',
  moka: 'Ground for moka pot',
  filter: 'Ground for filter',
  frenchPress: 'Ground for French press',
}

export const ROAST_LABELS: { [roast in Roast]: string } = {
  light: 'Light roast',
  medium: 'Medium roast',
  dark: 'Dark roast',
  roastersChoice: 'Roaster’s choice',
}

/**
 * The customer's coffee in words, as the account page, the plan confirmation and the e-mails say
 * it: the grind's label, then the roast's in lower case ("Whole bean, dark roast").
 */
export function preferencesText(preferences: CoffeePreferences): string {
  return GRIND_LABELS[preferences.grind] + ', ' + ROAST_LABELS[preferences.roast].toLowerCase()
}

/** What a plan lets a customer choose. */
export interface PreferenceOptions {
  grinds: ReadonlyArray<Grind>
  roasts: ReadonlyArray<Roast>
}

export function isGrind(value: unknown): value is Grind {
  return typeof value === 'string' && ALL_GRINDS.indexOf(value as Grind) >= 0
}

export function isRoast(value: unknown): value is Roast {
  return typeof value === 'string' && ALL_ROASTS.indexOf(value as Roast) >= 0
}

/**
 * The preferences a plan ships: the customer's own where the plan offers them, else the plan's
 * first grind (whole bean when offered) and roaster's choice (or the plan's first roast).
 */
export function preferencesFor(plan: PreferenceOptions, wanted?: Partial<CoffeePreferences>): CoffeePreferences {
  const grind: Grind = wanted && wanted.grind && plan.grinds.indexOf(wanted.grind) >= 0
    ? wanted.grind
    : plan.grinds.indexOf('wholeBean') >= 0 ? 'wholeBean' : (plan.grinds[0] || 'wholeBean')
  const roast: Roast = wanted && wanted.roast && plan.roasts.indexOf(wanted.roast) >= 0
    ? wanted.roast
    : plan.roasts.indexOf('roastersChoice') >= 0 ? 'roastersChoice' : (plan.roasts[0] || 'roastersChoice')
  return { grind: grind, roast: roast }
}

/** "Whole bean or ground for espresso" style list of labels, joined with commas and a final "or". */
export function listChoices(labels: ReadonlyArray<string>): string {
  if (labels.length <= 1) return labels.join('')
  return labels.slice(0, -1).join(', ') + ' or ' + labels[labels.length - 1]
}
