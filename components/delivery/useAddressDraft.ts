import { useState } from 'react'
import type { DeliveryAddress } from '@/lib/contract'
import { ADDRESS_LIMITS, addressProblems, checkAddress, type AddressField } from '@retter-shared/BeanBloomSubscription/address'
import type { AppError } from '@/lib/types'
import { draftOf, type AddressDraft } from './AddressFields'
import { addressProblemText } from '@/lib/format/address-problem'
import { useT } from '@/contexts/I18nContext'

/** What is wrong with an address as typed, and the field it is about. */
export interface FieldProblem {
  field: AddressField
  message: string
}

/** A backend refusal that names an address field, as the problem of that field; null for any other. */
export function serverProblemOf(error: AppError | null | undefined): FieldProblem | null {
  return error?.field && Object.prototype.hasOwnProperty.call(ADDRESS_LIMITS, error.field)
    ? { field: error.field as AddressField, message: error.message }
    : null
}

export interface AddressDraftState {
  draft: AddressDraft
  /** The first problem the last check found, until the next edit. */
  problem: FieldProblem | null
  /** Every problem the last check found (one per field, in the form's order), until the next edit. */
  problems: FieldProblem[]
  /** A typed change: the problem found before it goes. */
  edit(next: AddressDraft): void
  /** Starts again from a stored address (or none). */
  reset(address: DeliveryAddress | undefined): void
  /**
   * The draft as the address to send, checked as the backend checks it; null when it is not one:
   * the problem is then shown and its field, `<idPrefix>-<field>`, takes focus.
   */
  check(): DeliveryAddress | null
}

/**
 * An address being typed into AddressFields (with `idPrefix`), from `initial`: the draft, the
 * problem found in it, and the check before it is sent.
 */
export function useAddressDraft(initial: DeliveryAddress | undefined, idPrefix: string): AddressDraftState {
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(initial))
  // Every field's problem at once: a customer fixes them in one go rather than one per try.
  const [problems, setProblems] = useState<FieldProblem[]>([])
  const t = useT()
  return {
    draft,
    problem: problems[0] ?? null,
    problems,
    edit(next) {
      setDraft(next)
      setProblems([])
    },
    reset(address) {
      setDraft(draftOf(address))
      setProblems([])
    },
    check() {
      const checked = checkAddress(draft)
      if (!checked.ok) {
        const found = addressProblems(draft).map((problem) => ({ field: problem.field, message: addressProblemText(t, problem) }))
        setProblems(found.length > 0 ? found : [{ field: checked.field, message: checked.message }])
        document.getElementById(`${idPrefix}-${checked.field}`)?.focus()
        return null
      }
      setProblems([])
      return checked.address
    },
  }
}
