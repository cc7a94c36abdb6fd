/**
 * The e-mails a customer gets when their subscription changes: each says what changed and what
 * happens next, in plain text and in HTML with our brand, in the customer's language (the catalogue's
 * `mail` namespace). Pure (no sending here: mail/outbox.ts sends).
 */
import {
  closingMomentMs, CoffeePreferences, customerDate, DeliveryAddress, deliveryTimeline, ExtraLine, extraName, finalMomentMs, findPlan, GRIND_KEYS, gridDates,
  lastPausedDay, methodText, PaymentMethodSummary, postalAddressLines, ROAST_KEYS, RunningGift, startOfUtcDay, SubscriptionFields, SubscriptionPlan,
  Weekday, weekdayWord, WEEKDAYS,
} from 'BeanBloomSubscription'
import { carrierOf, Tracking, trackingUrl } from 'BeanBloomBoard'
import { CATALOGUE, MessageKey } from 'BeanBloomKit/i18n/messages'
import { Locale, moneyIn, Words, wordsIn } from '../language'
import { Mail } from './mailer'
import { failureWordsIn } from '../payments/failure-words'
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
  /** The customer's language (customer.ts `locale`); English when none. */
  locale?: Locale
  /** The shop's customer service made the change, at the customer's request: the e-mail says so first. */
  byShop?: boolean
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
  /** The coffee chosen for the delivery of `date` (none: back to the usual coffee). */
  | { kind: 'coffee'; date: string; coffee?: string }
  /** The delivery of `from` arrives on `date` instead; `amountCents`: its price, pre-notified (its reminder may not come before it is charged). */
  | { kind: 'moved'; date: string; from: string; amountCents?: number }
  /** `quantity` of the extra of `line` on the delivery of `date` now (0: taken off); `amountCents`: the delivery's total, pre-notified. */
  | { kind: 'extra'; date: string; line: ExtraLine; quantity: number; amountCents?: number }
  /** The deliveries arrive on `weekday` from the delivery of `from` on; `amountCents`: that one's price, pre-notified. */
  | { kind: 'day'; weekday: Weekday; from: string; amountCents?: number }
  /** A free replacement for the lost delivery of `forDate`, leaving the roastery on `date`. */
  | { kind: 'replacement'; date: string; forDate: string }
  | { kind: 'cancelled' }
  | { kind: 'address'; first: boolean }
  | { kind: 'preferences' }
  /** `links`: the one-click links of this delivery (skip it; change its coffee), when the project knows the app's address. */
  | { kind: 'reminder'; date: string; amountCents?: number; links?: { skip: string; change?: string } }
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
  /** A plan's new price reaches the customer from the delivery of `date` (announced with notice). */
  | { kind: 'price-change'; plan: SubscriptionPlan; date: string; oldCents: number; newCents: number }


/** The gift a subscription starts on, while it still holds deliveries. */
function giftOf(ctx: MailContext): RunningGift | undefined {
  const gift = (ctx.sub as SubscriptionFields & { gift?: RunningGift }).gift
  return gift && gift.used < gift.deliveries ? gift : undefined
}

/** What the words of one e-mail need: its language's texts, dates and money. */
interface Speech {
  locale: Locale
  w: Words
  /** Every date in an e-mail: "Wednesday 25 November 2026", "Mittwoch, 25. November 2026" (BeanBloomSubscription's one formatter, UTC days). */
  day: (iso: string) => string
  money: (cents: number, currency?: string) => string
}

function speechOf(locale: Locale | undefined): Speech {
  const chosen: Locale = locale || 'en'
  return {
    locale: chosen,
    w: wordsIn(chosen),
    day: function (iso: string) { return customerDate(iso, chosen) },
    money: function (cents: number, currency?: string) { return moneyIn(chosen, cents, currency) },
  }
}

/** A weekday in the e-mail's language ("Friday", "Freitag"). */
function weekdayName(weekday: Weekday, s: Speech): string {
  return weekdayWord(WEEKDAYS.indexOf(weekday), s.locale)
}

/** "A", "A and B", "A, B and C". */
function listed(items: string[], s: Speech): string {
  return items.length <= 1 ? items.join('') : s.w('mail.list.and', { head: items.slice(0, -1).join(', '), last: items[items.length - 1] as string })
}

/** The plan of the delivery on `date` (the grid's, which a plan change may not have reached yet). */
function planOfDelivery(sub: SubscriptionFields, date: string): SubscriptionPlan | undefined {
  const found = sub.segments ? gridDates(sub.segments, startOfUtcDay(Date.parse(date)), 1)[0] : undefined
  return found && found.date === date ? findPlan(found.plan) : undefined
}

/**
 * The plan's name in the e-mail's language: the catalogue plan's own words in that language (its
 * English name when it has none there); for a plan without words, the message catalogue's.
 */
function planName(plan: SubscriptionPlan, s: Speech): string {
  if (plan.translations) {
    const own = s.locale === 'en' ? undefined : plan.translations[s.locale]
    return (own && own.name) || plan.name
  }
  return Object.prototype.hasOwnProperty.call(CATALOGUE.en, 'plans.name.' + plan.id) ? s.w(('plans.name.' + plan.id) as MessageKey) : plan.name
}

function planLine(plan: SubscriptionPlan, s: Speech): string {
  const cadence = plan.delivery === 'weekly' ? s.w('plans.cadence.weekly') : plan.delivery === 'fortnightly' ? s.w('plans.cadence.fortnightly') : s.w('plans.cadence.fourWeekly')
  return s.w('mail.planLine', { plan: planName(plan, s), bags: plan.bags, grams: plan.bagGrams, cadence: cadence, price: s.money(plan.amount, plan.currency) })
}

/** The payment method in words: "Visa •••• 4242", "SEPA-Lastschrift •••• 3000". */
function methodWords(method: Pick<PaymentMethodSummary, 'type' | 'brand' | 'last4'>, s: Speech): string {
  if (method.type === 'sepa_debit') return s.w('documents.method.sepa', { last4: method.last4 })
  return method.brand ? methodText(method) : s.w('documents.method.card', { last4: method.last4 })
}

/** The customer's grind and roast in words. */
function coffeeWords(preferences: CoffeePreferences, s: Speech): string {
  return s.w('mail.coffee', { grind: s.w(GRIND_KEYS[preferences.grind]), roast: s.w(ROAST_KEYS[preferences.roast]) })
}

/** The pre-notification of a charge (SEPA Direct Debit requires one): amount, date and method. */
function preNotification(date: string, amountCents: number | undefined, method: PaymentMethodSummary | undefined, s: Speech): string[] {
  if (amountCents === undefined || !method) return []
  const on = s.day(new Date(finalMomentMs(date)).toISOString())
  const line = s.w('mail.preNotice', { amount: s.money(amountCents), method: methodWords(method, s), date: on })
  return [method.type === 'sepa_debit' && method.mandateReference ? s.w('mail.preNotice.mandate', { line: line, mandate: method.mandateReference }) : line]
}

/** One e-mail's own part: its subject, headline and lines, and the buttons it offers (a label and its address each). */
interface Body {
  subject: string
  headline: string
  lines: string[]
  actions?: Array<{ label: string; url: string }>
}

/** The reminder's one-click links as buttons. */
function reminderActions(links: { skip: string; change?: string }, s: Speech): Array<{ label: string; url: string }> {
  const actions = [{ label: s.w('mail.reminder.skipLink'), url: links.skip }]
  if (links.change) actions.push({ label: s.w('mail.reminder.changeLink'), url: links.change })
  return actions
}

/** The headline and the lines of "what changed"; the rest (what happens next) is shared. */
function body(event: SubscriptionEvent, ctx: MailContext, s: Speech): Body {
  const w = s.w
  const day = s.day
  const planText = ctx.plan ? planName(ctx.plan, s) : w('mail.yourPlan')
  switch (event.kind) {
    case 'started':
    case 'restarted':
      return {
        subject: event.kind === 'started' ? w('mail.started.subject', { brand: BRAND, plan: planText }) : w('mail.restarted.subject', { plan: planText }),
        headline: event.kind === 'started' ? w('mail.started.headline') : w('mail.restarted.headline'),
        lines: (ctx.plan ? [planLine(ctx.plan, s)] : []).concat(giftOf(ctx)
          // A gift pays its deliveries: the charging line would be about later ones.
          ? [w('giftMail.startedGift', { from: (giftOf(ctx) as RunningGift).from, count: (giftOf(ctx) as RunningGift).deliveries })]
          : ctx.paymentMethod
            ? [w('mail.started.charging', { method: methodWords(ctx.paymentMethod, s) })]
            : []),
      }
    case 'changed': {
      const line = ctx.plan ? planLine(ctx.plan, s) : planText
      return {
        subject: w('mail.changed.subject', { plan: planText }),
        headline: w('mail.changed.headline'),
        lines: [
          event.fromPlan ? w('mail.changed.fromTo', { from: planName(event.fromPlan, s), line: line }) : w('mail.changed.nowOn', { line: line }),
          event.from ? w('mail.changed.applies', { date: day(event.from) }) : w('mail.changed.allSkipped'),
        ].concat(event.from ? preNotification(event.from, event.amountCents, ctx.paymentMethod, s) : []),
      }
    }
    case 'paused':
      return {
        subject: w('mail.paused.subject'),
        headline: w('mail.paused.headline', { weeks: event.weeks }),
        lines: ctx.sub.pausedUntil ? [w('mail.paused.until', { date: day(lastPausedDay(ctx.sub.pausedUntil)) })] : [],
      }
    case 'resumed':
      return {
        subject: w('mail.backOn'),
        headline: w('mail.resumed.headline'),
        lines: [event.restored && event.restored.length > 0
          ? w('mail.resumed.restored', { count: event.restored.length, dates: listed(event.restored.map(function (d) { return day(d) }), s) })
          : w('mail.resumed.stillSkipped')],
      }
    case 'skipped':
      return {
        subject: w('mail.skipped.subject', { date: day(event.date) }),
        headline: w('mail.skipped.headline'),
        lines: [w('mail.skipped.line', { date: day(event.date), lastDay: day(deliveryTimeline(event.date).lastChangeDay) })],
      }
    case 'unskipped':
      return { subject: w('mail.unskipped.subject', { date: day(event.date) }), headline: w('mail.unskipped.headline'), lines: [w('mail.unskipped.line', { date: day(event.date) })] }
    case 'coffee':
      return event.coffee
        ? { subject: w('mail.coffee.subject', { date: day(event.date), coffee: event.coffee }), headline: w('mail.coffee.headline'), lines: [w('mail.coffee.line', { date: day(event.date), coffee: event.coffee })] }
        : { subject: w('mail.coffee.usualSubject', { date: day(event.date) }), headline: w('mail.coffee.headline'), lines: [w('mail.coffee.usualLine', { date: day(event.date) })] }
    case 'moved':
      return {
        subject: w('mail.moved.subject', { date: day(event.date) }),
        headline: w('mail.moved.headline'),
        lines: [w('mail.moved.line', { date: day(event.date), from: day(event.from) })].concat(preNotification(event.date, event.amountCents, ctx.paymentMethod, s)),
      }
    case 'extra': {
      const name = extraName(event.line, s.locale)
      const item = event.quantity + ' × ' + name
      return event.quantity > 0
        ? { subject: w('mail.extra.addedSubject', { date: day(event.date), item: item }), headline: w('mail.extra.headline'), lines: [w('mail.extra.addedLine', { date: day(event.date), item: item })].concat(preNotification(event.date, event.amountCents, ctx.paymentMethod, s)) }
        : { subject: w('mail.extra.removedSubject', { date: day(event.date), item: name }), headline: w('mail.extra.headline'), lines: [w('mail.extra.removedLine', { date: day(event.date), item: name })].concat(preNotification(event.date, event.amountCents, ctx.paymentMethod, s)) }
    }
    case 'day':
      return {
        subject: w('mail.day.subject', { weekday: weekdayName(event.weekday, s) }),
        headline: w('mail.day.headline'),
        lines: [w('mail.day.line', { weekday: weekdayName(event.weekday, s), date: day(event.from) })].concat(preNotification(event.from, event.amountCents, ctx.paymentMethod, s)),
      }
    case 'replacement':
      return {
        subject: w('mail.replacement.subject', { date: day(event.forDate) }),
        headline: w('mail.replacement.headline'),
        lines: [w('mail.replacement.line', { date: day(event.date), lost: day(event.forDate) })],
      }
    case 'cancelled':
      return { subject: w('mail.cancelled'), headline: w('mail.cancelled'), lines: [w('mail.cancelled.line')] }
    case 'address':
      return {
        subject: event.first ? w('mail.address.savedSubject') : w('mail.address.changed'),
        headline: event.first ? w('mail.address.savedHeadline') : w('mail.address.changed'),
        lines: [w('mail.address.line')],
      }
    case 'preferences':
      return { subject: w('mail.preferences.changed'), headline: w('mail.preferences.changed'), lines: [w('mail.preferences.line')] }
    case 'reminder': {
      const t = deliveryTimeline(event.date)
      return {
        subject: w('mail.reminder.subject', { date: day(event.date) }),
        headline: w('mail.reminder.headline'),
        lines: [w('mail.reminder.line', { date: day(event.date), lastChange: day(t.lastChangeDay), roast: day(t.roastDay), arrival: day(t.arrivalDay) })]
          .concat(preNotification(event.date, event.amountCents, ctx.paymentMethod, s)),
        actions: event.links ? reminderActions(event.links, s) : undefined,
      }
    }
    case 'price-change':
      return {
        subject: w('mail.price.subject', { plan: planName(event.plan, s), date: day(event.date) }),
        headline: w('mail.price.headline'),
        lines: [
          w('mail.price.line', { plan: planName(event.plan, s), date: day(event.date), newPrice: s.money(event.newCents), oldPrice: s.money(event.oldCents) }),
          w('mail.price.choice', { date: day(event.date) }),
        ],
      }
    case 'payment-method':
      return {
        subject: w('mail.method.saved'),
        headline: w('mail.method.saved'),
        // The saved method in the e-mail's words when the context has it (the event carries its English text).
        lines: [w('mail.method.savedLine', { method: ctx.paymentMethod ? methodWords(ctx.paymentMethod, s) : event.method })],
      }
    case 'payment-failed':
      return {
        subject: w('mail.failed.subject', { date: day(event.date) }),
        headline: w('mail.failed.headline'),
        lines: [
          w('mail.failed.line', { amount: s.money(event.amountCents), date: day(event.date), reason: failureWordsIn(s.locale, event.reason) }),
          w('mail.failed.retry', { retrying: event.retrying ? 'yes' : 'no', lastDay: day(new Date(closingMomentMs(event.date) - 1).toISOString()) }),
        ],
      }
    case 'payment-action':
      return {
        subject: w('mail.action.subject', { date: day(event.date) }),
        headline: w('mail.action.headline'),
        lines: [w('mail.action.line', { amount: s.money(event.amountCents), date: day(event.date) })],
      }
    case 'payment-owed':
      return owedBody(event, s)
    case 'not-shipped':
      return {
        subject: w('mail.notShipped.subject', { date: day(event.date) }),
        headline: w('mail.notShipped.headline'),
        lines: [w('mail.notShipped.line', { amount: s.money(event.amountCents), date: day(event.date) })],
      }
    case 'payment-hold':
      return { subject: w('mail.hold.subject'), headline: w('mail.hold.headline'), lines: [w('mail.hold.line')] }
    case 'payment-hold-ended':
      return { subject: w('mail.backOn'), headline: w('mail.backOn'), lines: [w('mail.holdEnded.line')] }
    case 'shipped':
      return { subject: w('mail.shipped'), headline: w('mail.shipped'), lines: [w('mail.shipped.line', { date: day(event.date) })].concat(trackingLines(event.tracking, s)) }
  }
}

/** "Follow it with DHL (tracking number …): <link>", when the parcel has tracking. */
function trackingLines(tracking: Tracking | undefined, s: Speech): string[] {
  const carrier = tracking ? carrierOf(tracking.carrier) : undefined
  const url = tracking ? trackingUrl(tracking) : undefined
  if (!tracking || !carrier || !url) return []
  return [s.w('mail.shipped.tracking', { carrier: carrier.name, number: tracking.number, url: url })]
}

function nextLines(ctx: MailContext, event: SubscriptionEvent, s: Speech): string[] {
  const lines: string[] = []
  if (event.kind === 'cancelled') return lines
  const sub = ctx.sub
  if ((sub.status === 'active' || sub.status === 'paused') && sub.nextDeliveryAt && event.kind !== 'reminder' && event.kind !== 'shipped') {
    // The plan of that delivery: a change may not reach a delivery already being roasted.
    const plan = planOfDelivery(sub, sub.nextDeliveryAt) || ctx.plan
    const date = s.day(sub.nextDeliveryAt)
    lines.push(plan ? s.w('mail.next.deliveryOfPlan', { date: date, plan: planName(plan, s) }) : s.w('mail.next.delivery', { date: date }))
  }
  if (ctx.preferences) lines.push(s.w('mail.next.coffee', { coffee: coffeeWords(ctx.preferences, s) }))
  return lines
}

/** The e-mail around its own part: what happens next, the delivery address, where to manage it. */
function composed(parts: Body, next: string[], showAddress: boolean, ctx: MailContext, s: Speech): Mail {
  const address = ctx.address && showAddress ? postalAddressLines(ctx.address, s.locale) : []
  const manage = ctx.manageUrl ? s.w('mail.manage.url', { url: ctx.manageUrl }) : s.w('mail.manage.none')
  const lines = ctx.byShop ? [s.w('mail.byShop')].concat(parts.lines) : parts.lines
  const actions = parts.actions || []
  const actionText = actions.map(function (a) { return s.w('mail.button.text', { label: a.label, url: a.url }) })
  const text = textMail(parts.headline, lines.concat(actionText.length ? [''].concat(actionText) : [], next.length ? [''].concat(next) : [], address.length ? ['', s.w('mail.deliveringTo.text')].concat(address) : [], ['', manage]), s.locale)
  const html = htmlMail(parts.subject, parts.headline, [
    lines.map(paragraphHtml).join(''),
    actions.length
      ? '<p style="margin:16px 0">' + actions.map(function (a) {
        return '<a href="' + escapeHtml(a.url) + '" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border-radius:6px;background:' + BRAND_COLOUR + ';color:#fff;text-decoration:none">' + escapeHtml(a.label) + '</a>'
      }).join('') + '</p>'
      : '',
    next.map(paragraphHtml).join(''),
    address.length ? '<p style="margin:16px 0 4px;font-weight:bold">' + escapeHtml(s.w('mail.deliveringTo.html')) + '</p><p style="margin:0 0 12px">' + address.map(escapeHtml).join('<br>') + '</p>' : '',
    ctx.manageUrl
      ? '<p style="margin:24px 0 0"><a href="' + escapeHtml(ctx.manageUrl) + '" style="color:' + BRAND_COLOUR + '">' + escapeHtml(s.w('mail.manage.link')) + '</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(manage) + '</p>',
  ].join(''), s.locale)
  return { to: ctx.to, subject: parts.subject, text: text, html: html }
}

/** A delivery that left without its money: what happened, the hold, and how to pay. */
function owedBody(event: { date: string; amountCents: number; reason: string }, s: Speech): { subject: string; headline: string; lines: string[] } {
  return {
    subject: s.w('mail.owed.subject', { date: s.day(event.date) }),
    headline: s.w('mail.owed.headline'),
    lines: [
      s.w('mail.owed.line', { amount: s.money(event.amountCents), date: s.day(event.date), reason: failureWordsIn(s.locale, event.reason) }),
      s.w('mail.owed.hold'),
    ],
  }
}

/**
 * The e-mail for one change of the subscription, in `ctx.locale` (English when none).
 * @param event what happened
 * @param ctx the subscription after it, and who it goes to
 */
export function subscriptionMail(event: SubscriptionEvent, ctx: MailContext): Mail {
  const s = speechOf(ctx.locale)
  // A cancelled subscription delivers nowhere: its e-mail names no delivery address.
  return composed(body(event, ctx, s), nextLines(ctx, event, s), event.kind !== 'cancelled', ctx, s)
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
  const s = speechOf(ctx.locale)
  const lines: string[] = []
  kept.forEach((event, i) => {
    const part = body(event, ctx, s)
    if (i > 0) lines.push('')
    lines.push(s.w('mail.digest.item', { n: i + 1, headline: part.headline }))
    for (const line of part.lines) lines.push(line)
  })
  // A start leads: the welcome is what the customer looks for.
  let subject = s.w('mail.digest.subject', { count: kept.length })
  for (const event of kept) if (event.kind === 'started' || event.kind === 'restarted') subject = body(event, ctx, s).subject
  const parts = { subject: subject, headline: s.w('mail.digest.headline', { count: kept.length }), lines: lines }
  return composed(parts, nextLines(ctx, last, s), ctx.sub.status !== 'cancelled' && last.kind !== 'cancelled', ctx, s)
}

/** A plan's name in `locale`, as every e-mail names it (the gifts' e-mails too). */
export function planNameIn(plan: SubscriptionPlan, locale: Locale | undefined): string {
  return planName(plan, speechOf(locale))
}

/** A payment method in `locale`'s words, as every e-mail names it. */
export function methodWordsIn(method: Pick<PaymentMethodSummary, 'type' | 'brand' | 'last4'>, locale: Locale | undefined): string {
  return methodWords(method, speechOf(locale))
}
