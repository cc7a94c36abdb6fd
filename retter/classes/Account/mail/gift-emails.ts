/**
 * The e-mails of gifts (gifts/): to the giver when it is paid, failed or cancelled; to the
 * recipient when it arrives, is withdrawn, nears its end or ends. The receipt goes as every
 * document does (document-email.ts). Pure; in the reader's language (the catalogue's `gifts`).
 */
import { customerDate, findPlan, paidWithIn, PaymentMethodSummary } from 'BeanBloomSubscription'
import { Locale, moneyIn, wordsIn } from '../language'
import { Mail } from './mailer'
import { BRAND_COLOUR, escapeHtml, htmlMail, paragraphHtml, textMail } from './layout'
import { methodWordsIn, planNameIn } from './subscription-emails'
import { failureWordsIn } from '../payments/failure-words'

export type GiftEvent =
  /** `settling`: a debit still settling; the gift goes once it has. */
  | { kind: 'bought'; recipient: string; planId: string; count: number; amountCents: number; startDate: string; settling: boolean }
  | { kind: 'failed'; recipient: string; amountCents: number; reason: string }
  | { kind: 'cancelled'; recipient: string; amountCents: number; method: string }
  | { kind: 'arrived'; from: string; planId: string; count: number; message?: string }
  | { kind: 'withdrawn'; from: string }
  /** The delivery of `date` is the gift's last; `method`: the customer's own, charged from the next one on. */
  | { kind: 'ending'; from: string; date: string; method?: PaymentMethodSummary; amountCents?: number }
  | { kind: 'ended'; from: string }

/** The plan's name in `locale`, or its id when the catalogue no longer has it. */
function planWords(planId: string, locale: Locale | undefined): string {
  const plan = findPlan(planId)
  return plan ? planNameIn(plan, locale) : planId
}

/** Subject, headline and lines of one gift e-mail. */
function parts(event: GiftEvent, locale: Locale | undefined): { subject: string; headline: string; lines: string[]; action?: string } {
  const w = wordsIn(locale)
  const money = function (cents: number) { return moneyIn(locale, cents) }
  const day = function (iso: string) { return customerDate(iso, locale) }
  switch (event.kind) {
    case 'bought':
      return {
        subject: w('giftMail.bought.subject', { recipient: event.recipient }),
        headline: w('giftMail.bought.headline'),
        lines: [
          w('giftMail.bought.line', { recipient: event.recipient, count: event.count, plan: planWords(event.planId, locale), amount: money(event.amountCents) }),
          event.settling ? w('giftMail.bought.settling', { date: day(event.startDate) }) : w('giftMail.bought.when', { date: day(event.startDate) }),
          w('giftMail.bought.receipt'),
        ],
      }
    case 'failed':
      return {
        subject: w('giftMail.failed.subject', { recipient: event.recipient }),
        headline: w('giftMail.failed.headline'),
        lines: [w('giftMail.failed.line', { amount: money(event.amountCents), reason: failureWordsIn(locale || 'en', event.reason).replace(/\.$/, '') })],
      }
    case 'cancelled':
      return {
        subject: w('giftMail.cancelled.subject', { recipient: event.recipient }),
        headline: w('giftMail.cancelled.headline'),
        lines: [w('giftMail.cancelled.line', { amount: money(event.amountCents), method: paidWithIn(event.method, locale) })],
      }
    case 'arrived':
      return {
        subject: w('giftMail.arrived.subject', { from: event.from }),
        headline: w('giftMail.arrived.headline'),
        lines: [w('giftMail.arrived.line', { from: event.from, count: event.count, plan: planWords(event.planId, locale) })]
          .concat(event.message ? [w('giftMail.arrived.message', { message: event.message })] : [], [w('giftMail.arrived.how')]),
        action: w('giftMail.arrived.action'),
      }
    case 'withdrawn':
      return { subject: w('giftMail.withdrawn.subject', { from: event.from }), headline: w('giftMail.withdrawn.headline'), lines: [w('giftMail.withdrawn.line', { from: event.from })] }
    case 'ending':
      return {
        subject: w('giftMail.ending.subject'),
        headline: w('giftMail.ending.headline'),
        lines: [w('giftMail.ending.line', { date: day(event.date), from: event.from })].concat(
          event.method && event.amountCents !== undefined
            ? [w('giftMail.ending.continues', { method: methodWordsIn(event.method, locale), amount: money(event.amountCents) })]
            : [w('giftMail.ending.addCard')],
        ),
        action: event.method ? undefined : w('giftMail.ending.action'),
      }
    case 'ended':
      return { subject: w('giftMail.ended.subject'), headline: w('giftMail.ended.headline'), lines: [w('giftMail.ended.line', { from: event.from })] }
  }
}

/**
 * The e-mail of one gift event to `to`, in `locale`.
 * @param accountUrl the account page in the reader's language, when the project knows the app's address
 */
export function giftMail(event: GiftEvent, to: string, locale: Locale | undefined, accountUrl: string | undefined): Mail {
  const w = wordsIn(locale)
  const p = parts(event, locale)
  const link = accountUrl ? w('mail.manage.url', { url: accountUrl }) : w('mail.manage.none')
  const text = textMail(p.headline, p.lines.concat(['', p.action && accountUrl ? w('mail.button.text', { label: p.action, url: accountUrl }) : link]), locale)
  const html = htmlMail(p.subject, p.headline, [
    p.lines.map(paragraphHtml).join(''),
    accountUrl
      ? p.action
        ? '<p style="margin:16px 0"><a href="' + escapeHtml(accountUrl) + '" style="display:inline-block;padding:10px 16px;border-radius:6px;background:' + BRAND_COLOUR + ';color:#fff;text-decoration:none">' + escapeHtml(p.action) + '</a></p>'
        : '<p style="margin:24px 0 0"><a href="' + escapeHtml(accountUrl) + '" style="color:' + BRAND_COLOUR + '">' + escapeHtml(w('mail.manage.link')) + '</a></p>'
      : '<p style="margin:24px 0 0">' + escapeHtml(link) + '</p>',
  ].join(''), locale)
  return { to: to, subject: p.subject, text: text, html: html }
}
