import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { FieldHelp, useFieldHelp } from './FieldHelp'
import styles from './SignIn.module.css'

export interface SignInFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string
  label: string
  hint: ReactNode
  error: string | null
  /** What shows under the hint (the code step's status line). */
  children?: ReactNode
}

/**
 * The one labelled field of a sign-in step: typed as written (no capitals, no spelling fixes), with
 * its hint, and its error as an alert that the field's description names while it shows.
 */
export const SignInField = forwardRef<HTMLInputElement, SignInFieldProps>(function SignInField(
  { id, label, hint, error, className, children, ...input },
  inputRef,
) {
  const { hintId, errorId, describedBy } = useFieldHelp(error)
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        {...input}
        autoCapitalize="off"
        spellCheck={false}
        className={className ? `${styles.input} ${className}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldHelp hintId={hintId} errorId={errorId} error={error} hint={hint} />
      {children}
    </div>
  )
})
