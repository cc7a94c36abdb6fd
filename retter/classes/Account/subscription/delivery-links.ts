/**
 * The reminder e-mail's one-click links: "Skip this delivery" and "Change its day or coffee". A link works
 * without signing in and does one thing for one delivery of one customer: its token names the
 * Account, the action, the delivery and a random nonce, signed under the project's secret. It lasts
 * until the delivery's final moment and serves once. Opening it reads (a READ method, which cannot
 * write: mail scanners follow links); only the customer's confirmation on the page it opens acts.
 */
import { appLink, refuse, respond } from 'BeanBloomKit'
import { signatureOf } from 'BeanBloomIdentity'
import { Data } from '@retter/rdk'
import { catalogueInUse, deliveryToChange, finalMomentMs, isoDay, moveDays, SubscriptionFields } from 'BeanBloomSubscription'
import { randomBytes, timingSafeEqual } from 'crypto'
import { privateOf } from '../customer'
import { Locale, pathIn } from '../language'
import { viewAt } from './customer-view'
import { coffeeOptions } from './delivery-coffee'
import * as changeLimited from './change-limit'
import { actFor } from '../service/actor'
import { offeredWeekdays } from './delivery-weekdays'

/** What a link may do: skip its delivery, or change it (another day in its window, or another coffee). */
export const LINK_ACTIONS = ['skip', 'change'] as const
export type LinkAction = (typeof LINK_ACTIONS)[number]

/** The page a link opens (its token rides in the fragment, which browsers never send to a server). */
export const LINK_PAGE = '/delivery-link'

const PURPOSE = 'deliveryLink'
const TOKEN = /^(acct_[0-9a-f]{24})\.(skip|change)\.([0-9]{4}-[0-9]{2}-[0-9]{2})\.([0-9a-f]{16})\.([0-9a-f]{64})$/

/** A link's parts, once its signature holds. */
export interface DeliveryLink {
  accountId: string
  action: LinkAction
  /** The delivery's ISO day (`YYYY-MM-DD`). */
  day: string
  nonce: string
}

/** The signed token of a new link of `accountId` doing `action` for the delivery of `day`. */
export function linkToken(accountId: string, action: LinkAction, day: string): string {
  const unsigned = [accountId, action, day, randomBytes(8).toString('hex')].join('.')
  return unsigned + '.' + signatureOf(PURPOSE, unsigned)
}

/** The address of the link, in the customer's language; undefined when the project does not know the app's address. */
export function linkUrl(token: string, locale: Locale | undefined): string | undefined {
  const page = appLink(pathIn(locale, LINK_PAGE))
  return page ? page + '#' + token : undefined
}

/** The links of the reminder of the delivery of `day`: the change link only when there is a day or a coffee to change to. */
export function reminderLinks(accountId: string, day: string, canChange: boolean, locale: Locale | undefined): { skip: string; change?: string } | undefined {
  const skip = linkUrl(linkToken(accountId, 'skip', day), locale)
  if (!skip) return undefined
  return { skip: skip, change: canChange ? linkUrl(linkToken(accountId, 'change', day), locale) : undefined }
}

/** The days the delivery of `date` may move to: its window, on the days the shop delivers on (ISO days). */
export function moveDaysOf(view: SubscriptionFields, date: string, nowMs: number): string[] {
  return moveDays(view, date, nowMs, offeredWeekdays())
}

/** The link `token` names when its signature holds and it is this Account's; undefined for anything else. */
export function parseLink(token: unknown, accountId: string): DeliveryLink | undefined {
  const parts = typeof token === 'string' ? TOKEN.exec(token.trim()) : null
  if (!parts || parts[1] !== accountId) return undefined
  const unsigned = parts.slice(1, 5).join('.')
  const given = Buffer.from(parts[5] as string, 'hex')
  const expected = Buffer.from(signatureOf(PURPOSE, unsigned), 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return { accountId: accountId, action: parts[2] as LinkAction, day: parts[3] as string, nonce: parts[4] as string }
}

type Opened = { link: DeliveryLink } | { status: number; code: string; message: string }

/** The link of the request's `token`, or why it cannot serve: invalid, already used, or expired. */
function openLink(data: Data, nowMs: number): Opened {
  const body = (data.request.body || {}) as { token?: unknown }
  const link = parseLink(body.token, data.context.instanceId || '')
  if (!link) return { status: 400, code: 'LINK_INVALID', message: 'This link is not valid. Open the link in your latest e-mail, or sign in to manage your deliveries.' }
  if ((privateOf(data).usedLinks || {})[link.nonce]) return { status: 409, code: 'LINK_USED', message: 'This link has already been used. Sign in to see or change your delivery.' }
  if (nowMs >= finalMomentMs(link.day)) return { status: 410, code: 'LINK_EXPIRED', message: 'This link has expired: its delivery is being roasted and can no longer change.' }
  return { link: link }
}

/**
 * READ {token}: what the link would do, for the page it opens to ask the customer: its action, the
 * delivery (date, coffee), and for a change the days and coffees to choose from. Changes nothing. 400
 * LINK_INVALID, 409 LINK_USED, 410 LINK_EXPIRED; the delivery's own refusals (409 NOT_ON_SCHEDULE,
 * ALREADY_SKIPPED for a skip, DELIVERY_SKIPPED for a change, NO_SUBSCRIPTION…).
 */
export async function readDeliveryLink(data: Data<{ token: string }>): Promise<Data> {
  const nowMs = Date.now()
  const opened = openLink(data, nowMs)
  if (!('link' in opened)) return refuse(data, opened.status, opened.code, opened.message)
  const link = opened.link
  // Read only: the view as of now, never stored (a READ keeps no state anyway).
  const view = viewAt(data, nowMs)
  const found = deliveryToChange(view, link.day, nowMs)
  if ('refused' in found) return refuse(data, 409, found.refused.ok ? 'NOT_ON_SCHEDULE' : found.refused.code, found.refused.ok ? 'That delivery is no longer on your schedule.' : found.refused.message)
  const delivery = (view.upcomingDeliveries || []).find(function (d) { return d.date.slice(0, 10) === link.day })
  if (!delivery || delivery.skipped) {
    return link.action === 'skip'
      ? refuse(data, 409, 'ALREADY_SKIPPED', 'The delivery on ' + link.day + ' is already skipped.')
      : refuse(data, 409, 'DELIVERY_SKIPPED', 'The delivery of ' + link.day + ' is skipped: bring it back before choosing its coffee.')
  }
  respond(data, {
    action: link.action,
    date: delivery.date,
    plan: delivery.plan,
    coffee: delivery.coffee,
    coffeeOptions: link.action === 'change' ? coffeeOptions(catalogueInUse(), delivery.plan) : undefined,
    moveDays: link.action === 'change' ? moveDaysOf(view, delivery.date, nowMs) : undefined,
    lastChangeAt: new Date(finalMomentMs(link.day)).toISOString(),
  })
  return data
}

/**
 * WRITE {token, coffeeId?, to?}: does what the link says, as the customer would from their account
 * page (the same refusals, hourly limit, e-mail, board and timeline): skips the delivery, or
 * changes it, one thing: moves it to the day `to`, or gives it the coffee `coffeeId`. 400
 * CHANGE_REQUIRED for a change naming neither or both. The link serves once: used after a change
 * that went through.
 */
export async function useDeliveryLink(data: Data<{ token: string; coffeeId?: string; to?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const opened = openLink(data, nowMs)
  if (!('link' in opened)) return refuse(data, opened.status, opened.code, opened.message)
  const link = opened.link
  const body = data.request.body
  const coffeeId = body && typeof body.coffeeId === 'string' ? body.coffeeId.trim() : ''
  const to = body && typeof body.to === 'string' ? body.to.trim() : ''
  if (link.action === 'change' && !coffeeId === !to) return refuse(data, 400, 'CHANGE_REQUIRED', 'Choose another day or another coffee for this delivery.', { field: coffeeId ? 'to' : 'coffeeId' })
  // It is the customer acting, by the link they were sent.
  actFor(data, { actor: 'customer' })
  let done: Data
  if (link.action === 'skip') {
    done = await changeLimited.skipDelivery(asking(data, { date: link.day }))
  } else if (to) {
    done = await changeLimited.moveDelivery(asking(data, { date: link.day, to: to }))
  } else {
    done = await changeLimited.chooseCoffee(asking(data, { date: link.day, coffeeId: coffeeId }))
  }
  if (done.response && done.response.statusCode === 200) markUsed(done, link, nowMs)
  return done
}

/** The request of `data` as the method the link stands for reads it: `body` in place of the link's. */
function asking<B>(data: Data, body: B): Data<B> {
  const asked = data as unknown as Data<B>
  asked.request.body = body
  return asked
}

/** Notes the link as used; links of deliveries gone by are forgotten (they have expired anyway). */
function markUsed(data: Data, link: DeliveryLink, nowMs: number): void {
  const priv = privateOf(data)
  const today = isoDay(nowMs).slice(0, 10)
  const used: { [nonce: string]: string } = {}
  for (const nonce in priv.usedLinks || {}) {
    const day = (priv.usedLinks as { [nonce: string]: string })[nonce] as string
    if (day >= today) used[nonce] = day
  }
  used[link.nonce] = link.day
  priv.usedLinks = used
}
