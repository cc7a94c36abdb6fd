import { useRef, useState, type RefObject } from 'react'
import type { SubscriptionChangeRequest } from '@/lib/customer/account-api'
import type { AppError } from '@/lib/types'
import type { ChangeRunner } from './useChange'

/** A part of the subscription page edited in place (its changes are of `kind` Kind): shown, or open as a form. */
export interface EditInPlace<Kind extends SubscriptionChangeRequest['kind'] = SubscriptionChangeRequest['kind']> {
  editing: boolean
  /** The button that opens the form; it takes focus once a change is saved. */
  editButton: RefObject<HTMLButtonElement | null>
  /** This part's last failure. */
  failed: AppError | null
  /** This part's change is on its way. */
  sending: boolean
  /** Some change is on its way: one at a time. */
  blocked: boolean
  open(): void
  /** Closes the form unsaved; its failure goes with it. */
  cancel(): void
  /** Sends the change; once saved, the form closes and `message` confirms it. */
  save(change: Extract<SubscriptionChangeRequest, { kind: Kind }>, message: string): Promise<void>
}

/** The state of a part edited in place whose changes are of `kind`, sent through `changes`. */
export function useEditInPlace<Kind extends SubscriptionChangeRequest['kind']>(changes: ChangeRunner, kind: Kind): EditInPlace<Kind> {
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  return {
    editing,
    editButton,
    failed: changes.error?.change.kind === kind ? changes.error.error : null,
    sending: changes.busy?.kind === kind,
    blocked: changes.busy !== null,
    open: () => setEditing(true),
    cancel() {
      setEditing(false)
      changes.clearError()
    },
    async save(change, message) {
      if (await changes.run(change, { message, focus: () => editButton.current })) setEditing(false)
    },
  }
}
