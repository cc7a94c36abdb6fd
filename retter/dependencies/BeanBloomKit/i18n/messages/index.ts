/**
 * The shop's catalogue: every namespace of messages, in every language. Pages are sent the
 * namespaces they show (lib/i18n/page-messages.ts); the classes' e-mails and documents read theirs
 * here. A namespace is one file holding all six languages side by side, so a key added in English
 * and missing in another language is a type error.
 */
import { Catalogue, Messages } from '../catalogue'
import { Locale, LOCALES } from '../locales'
import { shell, ShellKey } from './shell'
import { plans, PlansKey } from './plans'
import { roastery, RoasteryKey } from './roastery'
import { account, AccountKey } from './account'
import { payments, PaymentsKey } from './payments'
import { privacy, PrivacyKey } from './privacy'
import { legal, LegalKey } from './legal'
import { errors, ErrorsKey } from './errors'
import { signIn, SignInKey } from './sign-in'
import { delivery, DeliveryKey } from './delivery'
import { subscription, SubscriptionKey } from './subscription'
import { mail, MailKey } from './mail'
import { documents, DocumentsKey } from './documents'
import { refusals, RefusalsKey } from './refusals'
import { accountLanguage, AccountLanguageKey } from './account-language'
import { staff, StaffKey } from './staff'
import { gifts, GiftsKey } from './gifts'
import { giftMail, GiftMailKey } from './gift-mail'

export const NAMESPACES = {
  shell: shell, plans: plans, signIn: signIn, delivery: delivery, subscription: subscription,
  account: account, accountLanguage: accountLanguage, payments: payments, privacy: privacy, legal: legal, errors: errors,
  roastery: roastery, mail: mail, documents: documents, refusals: refusals, staff: staff, gifts: gifts, giftMail: giftMail,
}
export type Namespace = keyof typeof NAMESPACES
/** Every key of the catalogue. */
export type MessageKey = ShellKey | PlansKey | SignInKey | DeliveryKey | SubscriptionKey
  | AccountKey | AccountLanguageKey | PaymentsKey | PrivacyKey | LegalKey | ErrorsKey | RoasteryKey
  | MailKey | DocumentsKey | RefusalsKey | StaffKey | GiftsKey | GiftMailKey

/** Keys whose text is rightly the same in another language as in English (a brand, "Contact"). */
export const SAME_AS_ENGLISH: ReadonlyArray<string> = [
  'shell.title', 'shell.pageTitle', 'shell.home', 'shell.nav.account', 'shell.legal.contact', 'shell.legal.privacy', 'shell.nav.legal',
  'shell.notFound.code', 'plans.method.espresso', 'plans.method.filter', 'plans.method.frenchPress', 'plans.roast.medium',
  'delivery.coffee.text', 'subscription.upcoming.coffeeOption', 'subscription.extras.itemLine', 'subscription.extras.option', 'plans.confirm.row.plan', 'subscription.plan.plan', 'subscription.price.withBag',
  'plans.name.barista', 'plans.name.taster', 'plans.name.daily-grind', 'plans.name.roasters-club',
  'shell.live', 'roastery.column.plan', 'roastery.column.action',
  // "Team", "Staff", "E-mail", "Roles", "Support": the same word in some languages.
  'staff.title', 'staff.members.email', 'staff.members.roles', 'staff.role.support',
  // Values only ("{method}, {date}", "{status} · {amount}"), a brand, and true cognates ("Date", "E-mail", "Register").
  'account.document.paidWithValue', 'payments.line', 'legal.privacy.receipts.where', 'legal.privacy.analytics.where',
  'account.document.date', 'legal.address.email', 'legal.imprint.register',
  // Values only, or a number and a value: the same in every language.
  'mail.coffee', 'mail.digest.item', 'documents.paidWithValue', 'mail.button.text',
  // The catalogue section: a value pair, and words that are the same in some languages ("Status", "Catalogue", "Name", "Description", "Plan").
  'staff.catalogue.fieldProblem', 'staff.catalogue.fieldIn', 'staff.catalogue.state', 'staff.catalogue.title', 'staff.catalogue.field.name',
  'staff.catalogue.field.description', 'staff.catalogue.plan',
  // The customers section: "Name", "E-mail", "Active" are the same word in some languages.
  'staff.customers.name', 'staff.customers.email', 'staff.customers.status.active',
  // "minute" is French too.
  'refusals.wait.minutes', 'errors.countdown.minutes',
  // "Plan" and "Total" are the same in some languages.
  'gifts.give.plan', 'gifts.give.total',
]

function merged(): Catalogue {
  const out = {} as { [locale in Locale]: { [key: string]: string } }
  for (let i = 0; i < LOCALES.length; i++) {
    const locale = LOCALES[i] as Locale
    const messages: { [key: string]: string } = {}
    for (const name in NAMESPACES) {
      const namespace = NAMESPACES[name as Namespace][locale] as Messages
      for (const key in namespace) messages[key] = namespace[key] as string
    }
    out[locale] = messages
  }
  return out
}

/** Every message of every namespace, by language. */
export const CATALOGUE: Catalogue = merged()
