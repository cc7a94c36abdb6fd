import type { MessagePart } from '@/lib/i18n/page-messages'

/**
 * What `/` is sent of the catalogue besides the frame's words: the plans' and the delivery form's,
 * and of the customer's and payments' words only those its customer view shows (their plan line and
 * next delivery, the confirmation step's payment form and its failures), not the account page's.
 * Read by the page's getStaticProps only, so no browser bundle carries it. A test checks that every
 * key the page's code names is among them (lib/i18n/__tests__/page-words.test.ts).
 */
export const PLANS_PAGE_MESSAGES: readonly MessagePart[] = [
  'plans', 'delivery',
  'subscription.line', 'subscription.list.and', 'subscription.price.withBag', 'subscription.summary',
  'payments.card.title', 'payments.decline', 'payments.failure', 'payments.form', 'payments.line', 'payments.method', 'payments.sepa',
  'payments.status', 'payments.stripe',
]
