/**
 * Which upcoming deliveries the customer's running gift pays, by the class's own rule
 * (BeanBloomSubscription's gifts.ts): the page marks them "Paid by your gift" instead of a charge.
 */
import type { AccountUserState } from '@/lib/contract'
import { giftCoveredDates } from '@retter-shared/BeanBloomSubscription/gifts'

export function giftDatesOf(account: Pick<AccountUserState, 'upcomingDeliveries' | 'payments' | 'gift' | 'extras'>): string[] {
  return giftCoveredDates(account.upcomingDeliveries, account.payments, account.gift, (day) => (account.extras?.[day]?.length ?? 0) > 0)
}
