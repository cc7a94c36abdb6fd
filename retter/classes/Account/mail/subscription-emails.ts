/**
 * The e-mails a customer gets when their subscription changes: each says what changed and what
 * happens next, in plain text and in HTML with our brand. Pure (no sending here: mail/outbox.ts sends).
 */
import {
  chargeMomentText, closingMomentMs, CoffeePreferences, customerDate, DeliveryAddress, deliveryTimeline, finalMomentMs, findPlan, gridDates,
  lastPausedDay, methodText, PaymentMethodSummary, postalAddressLines, preferencesText, startOfUtcDay, SubscriptionFields, SubscriptionPlan,
  timelineText,
} from 'BeanBloomSubscription'
import { carrierOf, Tracking, trackingUrl } from 'BeanBloomBoard'
import { euros, moneyText, MONEY_LOCALE } from 'BeanBloomKit'
import { Mail } from './mailer'
import { BRAND, BRAND_COLOUR, escapeHtml, htmlMail, paragraphHtml, textMail } from './layout'

/** What every e-mail about the subscription knows. */
export interface MailContext {
  to: string
  sub: SubscriptionFields
  plan?: SubscriptionPlan
  address?: DeliveryAddress
  preferences?: CoffeePreferences
  /** Where the customer manages the subscription (the app's /account), when the project knows the app's address. */
  manageUrl?: string
  /** The saved payment method, for the pre-notification of each charge. */
  paymentMethod?: PaymentMethodSummary
}

export type SubscriptionEvent =
  | { kind: 'started' | 'restarted' }
  /**
   * `from`: the first delivery of the new plan that will be sent (not skipped), none when all are
   * skipped; `amountCents`: its price, pre-notified (it may already have had a reminder at the old price).
   */
  | { kind: 'changed'; fromPlan?: SubscriptionPlan; from?: string; amountCents?: number }
  | { kind: 'paused'; weeks: number }
  /** `restored`: the paused deliveries (ISO days) brought back with the resume. */
  | { kind: 'resumed'; restored?: string[] }
  | { kind: 'skipped' | 'unskipped'; date: string }
  | { kind: 'cancelled' }
  | { kind: 'address'; first: boolean }
  | { kind: 'preferences' }
  | { kind: 'reminder'; date: string; amountCents?: number }
  /** `tracking`: the parcel's carrier and number, when staff entered them before it left. */
  | { kind: 'shipped'; date: string; shippedAt: string; tracking?: Tracking }
  | { kind: 'payment-method'; method: string }
  | { kind: 'payment-failed'; date: string; amountCents: number; reason: string; retrying: boolean }
  | { kind: 'payment-action'; date: string; amountCents: number }
  | { kind: 'not-shipped'; date: string; amountCents: number }
  /** A delivery that left without its money (a debit failing late, a dispute, a reversal). */
  | { kind: 'payment-owed'; date: string; amountCents: number; reason: string }
  | { kind: 'payment-hold' }
  | { kind: 'payment-hold-ended' }


/** Every date in an e-mail: "Wednesday 25 November 2026" (BeanBloomSubscription's one formatter, UTC days). */
const deliveryDay = customerDate

/** "A", "A and B", "A, B and C". */
function listed(items: string[]): string {
  return items.length <= 1 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1]
}

/** The plan of the delivery on `date` (the grid's, which a plan change may not have reached yet). */
function planOfDelivery(sub: SubscriptionFields, date: string): SubscriptionPlan | undefined {
  const found = sub.segments ? gridDates(sub.segments, startOfUtcDay(Date.parse(date)), 1)[0] : undefined
  return found && found.date === date ? findPlan(found.plan) : undefined
}

function price(plan: SubscriptionPlan): string {
  return moneyText(plan.amount, plan.currency, MONEY_LOCALE)
}

function planLine(plan: SubscriptionPlan): string {
  const every = plan.delivery === 'weekly' ? 'every week' : plan.delivery === 'fortnightly' ? 'every two weeks' : 'every four weeks'
  return plan.name + ': ' + plan.bags + (plan.bags === 1 ? ' bag' : ' bags') + ' (' + plan.bagGrams + ' g) ' + every + ', ' + price(plan) + ' a delivery'
}

/** The pre-notification of a charge (SEPA Direct Debit requires one): amount, date and method. */
function preNotification(date: string, amountCents: number | undefined, method: PaymentMethodSummary | undefined): string[] {
  if (amountCents === undefined || !method) return []
  const on = deliveryDay(new Date(finalMomentMs(date)).toISOString())
  const line = 'We will charge ' + euros(amountCents) + ' to your ' + methodText(method) + ' on ' + on + ' for this delivery.'
  return [method.type === 'sepa_debit' && method.mandateReference ? line + ' Direct debit under mandate ' + method.mandateReference + '.' : line]
}

/** The headline and the lines of "what changed"; the rest (what happens next) is shared. */
function body(event: SubscriptionEvent, ctx: MailContext): { subject: string; headline: string; lines: string[] } {
  const planName = ctx.plan ? ctx.plan.name : 'your plan'
  switch (event.kind) {
    case 'started':
    case 'restarted':
      return {
        subject: event.kind === 'started' ? 'Welcome to ' + BRAND + ': your ' + planName + ' subscription has started' : 'Your ' + planName + ' subscription is back on',
        headline: event.kind === 'started' ? 'Your subscription has started' : 'Welcome back: your subscription has restarted',
        lines: (ctx.plan ? [planLine(ctx.plan)] : []).concat(ctx.paymentMethod
          ? ['Each delivery is charged to your ' + methodText(ctx.paymentMethod) + ' ' + chargeMomentText() + '; we tell you the amount and the day before each charge.']
          : []),
      }
    case 'changed':
      return {
        subject: 'Your plan is now ' + planName,
        headline: 'You changed your plan',
        lines: [
          (event.fromPlan ? 'From ' + event.fromPlan.name + ' to ' : 'Now on ') + (ctx.plan ? planLine(ctx.plan) : planName) + '.',
          event.from
            ? 'The change applies from your delivery of ' + deliveryDay(event.from) + '; deliveries before it are already being roasted and stay as they were.'
            : 'Every delivery of your new plan we can still reach is skipped: it applies from the first one you unskip.',
        ].concat(event.from ? preNotification(event.from, event.amountCents, ctx.paymentMethod) : []),
      }
    case 'paused':
      return {
        subject: 'Your deliveries are paused',
        headline: 'Your subscription is paused for ' + event.weeks + (event.weeks === 1 ? ' week' : ' weeks'),
        lines: ctx.sub.pausedUntil ? ['No deliveries until ' + deliveryDay(lastPausedDay(ctx.sub.pausedUntil)) + ' (inclusive). The deliveries inside the pause are skipped; you can unskip them after resuming.'] : [],
      }
    case 'resumed':
      return {
        subject: 'Your deliveries are back on',
        headline: 'Your subscription is active again',
        lines: [event.restored && event.restored.length > 0
          ? (event.restored.length === 1 ? 'The delivery of ' : 'The deliveries of ') + listed(event.restored.map(function (day) { return deliveryDay(day) })) +
            ', skipped by the pause, ' + (event.restored.length === 1 ? 'is' : 'are') + ' back on.'
          : 'Deliveries skipped during the pause stay skipped unless you unskip them.'],
      }
    case 'skipped':
      return { subject: 'Skipped: your delivery on ' + deliveryDay(event.date), headline: 'You skipped a delivery', lines: ['We won\'t send your delivery of ' + deliveryDay(event.date) + '. You can unskip it until the end of ' + deliveryDay(deliveryTimeline(event.date).lastChangeDay) + '.'] }
    case 'unskipped':
      return { subject: 'Back on: your delivery on ' + deliveryDay(event.date), headline: 'Your delivery is back on', lines: ['We\'ll send your delivery of ' + deliveryDay(event.date) + ' after all.'] }
    case 'cancelled':
      return {
        subject: 'Your subscription is cancelled',
        headline: 'Your subscription is cancelled',
        lines: ['No further deliveries will be sent and nothing more is charged. Your address and coffee preferences stay saved, so you can start again any time from your account.'],
      }
    case 'address':
      return { subject: event.first ? 'Your delivery address is saved' : 'Your delivery address has changed', headline: event.first ? 'We have your delivery address' : 'Your delivery address has changed', lines: ['Deliveries not already being packed go to the address below.'] }
    case 'preferences':
      return { subject: 'Your coffee preferences have changed', headline: 'Your coffee preferences have changed', lines: ['Deliveries not already being roasted follow your new preferences.'] }
    case 'reminder':
      return {
        subject: 'Your coffee arrives ' + deliveryDay(event.date),
        headline: 'Your next delivery is coming up',
        lines: ['Your delivery of ' + deliveryDay(event.date) + ' is coming up. ' + timelineText(event.date, deliveryDay) + ' Want to skip it or change your grind or address? Today is the last day.']
          .concat(preNotification(event.date, event.amountCents, ctx.paymentMethod)),
      }
    case 'payment-method':
      return { subject: 'Your payment method is saved', headline: 'Your payment method is saved', lines: ['From now on we charge ' + event.method + ' for each delivery, when it can no longer change (the day before it).'] }
    case 'payment-failed':
      return {
        subject: 'Payment failed for your delivery of ' + deliveryDay(event.date),
        headline: 'We could not take the payment for your next delivery',
        lines: [
          'The payment of ' + euros(event.amountCents) + ' for your delivery of ' + deliveryDay(event.date) + ' did not go through: ' + event.reason,
          'Retry it or save another payment method from your account' + (event.retrying ? '; we also try again once a day' : '') + '. We ship it once it is paid, until the end of ' + deliveryDay(new Date(closingMomentMs(event.date) - 1).toISOString()) + '.',
        ],
      }
    case 'payment-action':
      return {
        subject: 'Your bank needs you to confirm the payment for ' + deliveryDay(event.date),
        headline: 'Please confirm your payment',
        lines: ['Your bank asked you to confirm the payment of ' + euros(event.amountCents) + ' for your delivery of ' + deliveryDay(event.date) + '. Open your account to confirm it; we ship it once it is paid.'],
      }
    case 'payment-owed':
      return owedBody(event)
    case 'not-shipped':
      return {
        subject: 'Not shipped: your delivery of ' + deliveryDay(event.date),
        headline: 'Your delivery was not shipped',
        lines: ['The payment of ' + euros(event.amountCents) + ' for your delivery of ' + deliveryDay(event.date) + ' was not made by the end of its day, so we did not ship it and will not charge it.'],
      }
    case 'payment-hold':
      return {
        subject: 'Your deliveries are on hold: payment needed',
        headline: 'Your deliveries are on hold',
        lines: ['Your last two deliveries could not be paid, so we have put your subscription on hold: nothing is roasted or charged. Save a working payment method in your account and your deliveries start again.'],
      }
    case 'payment-hold-ended':
      return { subject: 'Your deliveries are back on', headline: 'Your deliveries are back on', lines: ['Thank you: your payment method works, so your subscription is no longer on hold.'] }
    case 'shipped':
      return { subject: 'Your coffee is on its way', headline: 'Your coffee is on its way', lines: ['Your delivery of ' + deliveryDay(event.date) + ' left our roastery today.'].concat(trackingLines(event.tracking)) }
  }
}

/** "Follow it with DHL (tracking number …): <link>", when the parcel has tracking. */
function trackingLines(tracking: Tracking | undefined): string[] {
  const carrier = tracking ? carrierOf(tracking.carrier) : undefined
  const url = tracking ? trackingUrl(tracking) : undefined
  if (!tracking || !carrier || !url) return []
  return ['Follow it with ' + carrier.name + ' (tracking number ' + tracking.number + '): ' + url]
}

function nextLines(ctx: MailContext, event: SubscriptionEvent): string[] {
  const lines: string[] = []
  if (event.kind === 'cancelled') return lines
  const sub = ctx.sub
  if ((sub.status === 'active' || sub.status === 'paused') && sub.nextDeliveryAt && event.kind !== 'reminder' && event.kind !== 'shipped') {
    // The plan of that delivery: a change may not reach a delivery already being roasted.
    const plan = planOfDelivery(sub, sub.nextDeliveryAt) || ctx.plan
    lines.push('Next delivery: ' + deliveryDay(sub.nextDeliveryAt) + (plan ? ' (' + plan.name + ')' : '') + '.')
  }
  if (ctx.preferences) lines.push('Your coffee: ' + preferencesText(ctx.preferences) + '.')
  return lines
}

/** The e-mail around its own part: what happens next, the delivery address, where to manage it. */
function composed(parts: { subject: string; headline: string; lines: string[] }, next: string[], showAddress: boolean, ctx: MailContext): Mail {
  const address = ctx.address && showAddress ? postalAddressLines(ctx.address) : []
  const manage = ctx.manageUrl ? 'Manage your subscription: ' + ctx.manageUrl : 'Manage your subscription from your account on our website.'
  const text = textMail(parts.headline, parts.lines.concat(next.length ? [''].concat(next) : [], address.length ? ['', 'Delivering to:'].concat(address) : [], ['', manage]))
  const html = htmlMail(parts.subject, parts.headline, [
    parts.lines.map(paragraphHtml).join(''),
    next.map(paragraphHtml).join(''),
    address.length ? '<p style="margin:16px 0 4px;font-weight:bold">Delivering to</p><p style="margin:0 0 12px">' + address.map(escapeHtml).join('<br>') + '</p>' : '',
    ctx.manageUrl
      ? '<p style="margin:24px 0 0"><a href="' + escapeHtml(ctx.manageUrl) + '" style="color:' + BRAND_COLOUR + '">Manage your subscription</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(manage) + '</p>',
  ].join(''))
  return { to: ctx.to, subject: parts.subject, text: text, html: html }
}

/** A delivery that left without its money: what happened, the hold, and how to pay. */
function owedBody(event: { date: string; amountCents: number; reason: string }): { subject: string; headline: string; lines: string[] } {
  return {
    subject: 'Payment needed: your delivery of ' + deliveryDay(event.date) + ' is not paid',
    headline: 'Your delivery was shipped, but its payment did not reach us',
    lines: [
      'The payment of ' + euros(event.amountCents) + ' for your delivery of ' + deliveryDay(event.date) + ', which we shipped, did not reach us: ' + event.reason,
      'Your next deliveries are on hold until it is paid. Pay it from your account (Retry payment), or save another payment method there, which pays it at once.',
    ],
  }
}

/**
 * The e-mail for one change of the subscription.
 * @param event what happened
 * @param ctx the subscription after it, and who it goes to
 */
export function subscriptionMail(event: SubscriptionEvent, ctx: MailContext): Mail {
  // A cancelled subscription delivers nowhere: its e-mail names no delivery address.
  return composed(body(event, ctx), nextLines(ctx, event), event.kind !== 'cancelled', ctx)
}

/**
 * The changes a digest e-mail confirms, in order: a start or restart states the address saved just
 * before it, so that address's own confirmation goes.
 */
export function digestEvents(events: ReadonlyArray<SubscriptionEvent>): SubscriptionEvent[] {
  const kept: SubscriptionEvent[] = []
  for (const event of events) {
    if (event.kind === 'started' || event.kind === 'restarted') {
      for (let i = kept.length - 1; i >= 0; i--) if ((kept[i] as SubscriptionEvent).kind === 'address') kept.splice(i, 1)
    }
    kept.push(event)
  }
  return kept
}

/**
 * One e-mail for the changes a customer made close together (the digest window): one change reads
 * as its own e-mail; several are listed in the order they were made, each with what it means, then
 * what happens next as the subscription stands after the last.
 * @param events the changes, oldest first (at least one)
 * @param ctx the subscription after the last of them
 */
export function changesMail(events: ReadonlyArray<SubscriptionEvent>, ctx: MailContext): Mail {
  const kept = digestEvents(events)
  const last = kept[kept.length - 1]
  if (!last) throw new RangeError('changesMail: no change to confirm')
  if (kept.length === 1) return subscriptionMail(last, ctx)
  const lines: string[] = []
  kept.forEach((event, i) => {
    const part = body(event, ctx)
    if (i > 0) lines.push('')
    lines.push((i + 1) + '. ' + part.headline + '.')
    for (const line of part.lines) lines.push(line)
  })
  // A start leads: the welcome is what the customer looks for.
  let subject = 'Your subscription: ' + kept.length + ' changes confirmed'
  for (const event of kept) if (event.kind === 'started' || event.kind === 'restarted') subject = body(event, ctx).subject
  const parts = { subject: subject, headline: 'You made ' + kept.length + ' changes', lines: lines }
  return composed(parts, nextLines(ctx, last), ctx.sub.status !== 'cancelled' && last.kind !== 'cancelled', ctx)
}
