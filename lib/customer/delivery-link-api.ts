/**
 * The reminder e-mail's one-click links, for whoever opens one (no session needed: the signed token
 * is the key). The token names its Account, so the link's page calls that Account; every failure
 * leaves here as an `AppError` (the class's refusal in the page's language).
 */
import { ACCOUNT_CLASS, type DeliveryLinkView } from '@/lib/contract'
import type { RioAccessor } from '@/lib/rio/client'
import { RioAppError } from '@/lib/rio/errors/app-error'
import { guarded } from '@/lib/rio/errors/map'

const TOKEN = /^(acct_[0-9a-f]{24})\.(skip|change)\.[0-9]{4}-[0-9]{2}-[0-9]{2}\.[0-9a-f]{16}\.[0-9a-f]{64}$/

/** The token in a link's fragment (`#<token>`), or null when it has none of the right shape. */
export function tokenOfFragment(hash: string): string | null {
  const token = decodeURIComponent(hash.replace(/^#/, '')).trim()
  return TOKEN.test(token) ? token : null
}

function accountOf(token: string): string {
  const found = TOKEN.exec(token)
  if (!found) throw new RioAppError({ code: 'LINK_INVALID', message: 'This link is not valid. Open the link in your latest e-mail, or sign in to manage your deliveries.' })
  return found[1] as string
}

async function linkObject(rio: RioAccessor, token: string) {
  const client = await rio()
  return client.getCloudObject({ classId: ACCOUNT_CLASS, instanceId: accountOf(token) })
}

/** What the link would do (Account.readDeliveryLink). Rejects with an AppError (400 LINK_INVALID, 409 LINK_USED, 410 LINK_EXPIRED…). */
export function readDeliveryLink(rio: RioAccessor, token: string): Promise<DeliveryLinkView> {
  return guarded(async () => {
    const answer = (await (await linkObject(rio, token)).call<DeliveryLinkView>({ method: 'readDeliveryLink', body: { token } })).data
    if (!answer || (answer.action !== 'skip' && answer.action !== 'change') || typeof answer.date !== 'string') {
      throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The link could not be read from the server answer.' })
    }
    return answer
  })
}

/** Does what the link says, once confirmed (Account.useDeliveryLink); a change names one: `to` (a day) or `coffeeId`. Rejects with an AppError. */
export function confirmDeliveryLink(rio: RioAccessor, token: string, change: { coffeeId?: string; to?: string }): Promise<void> {
  return guarded(async () => {
    const body = change.to ? { token, to: change.to.slice(0, 10) } : change.coffeeId ? { token, coffeeId: change.coffeeId } : { token }
    await (await linkObject(rio, token)).call({ method: 'useDeliveryLink', body })
  })
}
