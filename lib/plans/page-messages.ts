import type { MessagePart } from '@/lib/i18n/page-messages'

/**
 * What the HTML of `/` carries of the catalogue besides the frame's words: what its first paint and
 * its plan cards show (the plans' words, a plan's coffee), and of the customer's words only their
 * plan line and next delivery. The confirmation step's words (CONFIRM_PLAN_MESSAGES) are not among
 * them: they load with the step's code, so the page's HTML stays within the first round trip of a
 * new connection. Read by getStaticProps only, so no browser bundle carries it. A test checks that
 * every key the page's code names is among them (lib/i18n/__tests__/page-words.test.ts).
 */
export const PLANS_PAGE_MESSAGES: readonly MessagePart[] = [
  'plans.title', 'plans.hero', 'plans.loading', 'plans.error', 'plans.retry', 'plans.empty', 'plans.refresh',
  'plans.card', 'plans.bags', 'plans.cadence', 'plans.description', 'plans.feature', 'plans.grind', 'plans.line',
  'plans.list', 'plans.method', 'plans.name', 'plans.roast', 'plans.toast', 'plans.confirm.unavailable',
  'delivery.coffee.text', 'delivery.grind', 'delivery.grindInText', 'delivery.roast', 'delivery.roastInText',
  'subscription.line', 'subscription.list.and', 'subscription.price.withBag', 'subscription.summary',
  'payments.card.title', 'payments.failure', 'payments.line',
]

/**
 * The words of the confirmation step of `/` (the dialog, a start's address, coffee and payment
 * forms, their problems), loaded with its code once a customer is signed in
 * (`<WithMessageBundle bundle="confirmPlan">` in CustomerPlans, contexts/MessageBundle.tsx).
 */
export const CONFIRM_PLAN_MESSAGES: readonly MessagePart[] = [
  'plans.confirm', 'plans.start',
  'delivery.address', 'delivery.coffee.grind', 'delivery.coffee.legend', 'delivery.coffee.roast', 'delivery.problem',
  'payments.decline', 'payments.form', 'payments.method', 'payments.sepa', 'payments.status', 'payments.stripe',
]
