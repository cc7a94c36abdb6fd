/**
 * An address field's problem in the page's language. Apart from the address layouts (./address.ts),
 * which pages show at first paint, so these words load only with the forms that can show them.
 */
import type { AddressFieldProblem, AddressReason } from '@retter-shared/BeanBloomSubscription/address'
import type { MessageKey, Translate } from '@/lib/i18n/types'

/** The catalogue's words of each reason an address field is refused for (English: the rule's own message). */
const PROBLEM_KEYS: Record<AddressReason, MessageKey> = {
  required: 'delivery.problem.required',
  tooLong: 'delivery.problem.tooLong',
  tooLongBytes: 'delivery.problem.tooLongBytes',
  pictograph: 'delivery.problem.pictograph',
  unreadable: 'delivery.problem.unreadable',
  hidden: 'delivery.problem.hidden',
  country: 'delivery.problem.country',
}

/** A field's problem in the page's language; a problem without a reason keeps the rule's words. */
export function addressProblemText(t: Translate, problem: Pick<AddressFieldProblem, 'field' | 'message' | 'reason' | 'values'>): string {
  if (!problem.reason) return problem.message
  return t(PROBLEM_KEYS[problem.reason], { ...(problem.values ?? {}), field: problem.field })
}
