import type { ReactNode } from 'react'
import { FormActions } from './FormActions'
import styles from './Subscription.module.css'
import type { EditInPlace } from './useEditInPlace'

/** What the form and the button need of a part edited in place (not how it saves). */
type Part = Omit<EditInPlace, 'save'>

export interface EditFormProps {
  edit: Part
  /** The submit button's words ("Save address"). */
  label: string
  onSave(): void
  /** A failure the fields do not show themselves, as an alert above the buttons. */
  alert: string | null
  /** Leaves checking to the app, which says more than the browser's bubble. */
  noValidate?: boolean
  children: ReactNode
}

/** The open form of a part edited in place: its fields, its failure, Save and Cancel; Escape cancels. */
export function EditForm({ edit, label, onSave, alert, noValidate, children }: EditFormProps) {
  return (
    <form
      noValidate={noValidate}
      onSubmit={(event) => { event.preventDefault(); onSave() }}
      onKeyDown={(event) => { if (event.key === 'Escape') edit.cancel() }}
    >
      {children}
      {alert ? <p className={styles.error} role="alert">{alert}</p> : null}
      <FormActions label={label} sending={edit.sending} blocked={edit.blocked} onCancel={edit.cancel} />
    </form>
  )
}

export interface EditButtonProps {
  edit: Part
  onClick(): void
  children: ReactNode
  /** What stands beside the button (another way to change the part). */
  beside?: ReactNode
}

/** The button that opens a part edited in place (and takes focus once its change is saved). */
export function EditButton({ edit: { editButton, blocked }, onClick, children, beside }: EditButtonProps) {
  return (
    <div className={styles.buttons}>
      <button ref={editButton} type="button" className="btn btn-secondary" disabled={blocked} onClick={onClick}>
        {children}
      </button>
      {beside}
    </div>
  )
}
