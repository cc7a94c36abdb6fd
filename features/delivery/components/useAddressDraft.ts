import { useState } from 'react'
import type { DeliveryAddress } from '@/core/contract'
import { ADDRESS_LIMITS, checkAddress, type AddressField } from '@retter-shared/BeanBloomSubscription/address'
import type { AppError } from '@/core/types'
import { draftOf, type AddressDraft } from './AddressFields'

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
  /** The problem the last check found, until the next edit. */
  problem: FieldProblem | null
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
  const [problem, setProblem] = useState<FieldProblem | null>(null)
  return {
    draft,
    problem,
    edit(next) {
      setDraft(next)
      setProblem(null)
    },
    reset(address) {
      setDraft(draftOf(address))
      setProblem(null)
    },
    check() {
      const checked = checkAddress(draft)
      if (!checked.ok) {
        setProblem({ field: checked.field, message: checked.message })
        document.getElementById(`${idPrefix}-${checked.field}`)?.focus()
        return null
      }
      setProblem(null)
      return checked.address
    },
  }
}
