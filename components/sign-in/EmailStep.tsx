import { forwardRef, type FormEvent } from 'react'
import { FieldHelp, useFieldHelp } from './FieldHelp'
import styles from './SignIn.module.css'

export interface EmailStepProps {
  email: string
  onEmailChange(value: string): void
  onSubmit(): void
  pending: boolean
  error: string | null
}

/** Step 1: the e-mail address the code goes to. Enter submits; validation happens before it. */
export const EmailStep = forwardRef<HTMLInputElement, EmailStepProps>(function EmailStep(
  { email, onEmailChange, onSubmit, pending, error },
  inputRef,
) {
  const { hintId, errorId, describedBy } = useFieldHelp(error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    // noValidate: our own message is clearer than the browser bubble and keeps the typed text.
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <div className={styles.field}>
        <label htmlFor="sign-in-email" className={styles.label}>
          Email address
        </label>
        <input
          ref={inputRef}
          id="sign-in-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          className={styles.input}
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <FieldHelp hintId={hintId} errorId={errorId} error={error} hint="We’ll e-mail you a 6-digit code. No password needed." />
      </div>
      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={pending} aria-busy={pending || undefined}>
        {pending ? (
          <>
            <span className="spinner" aria-hidden="true" /> Sending code…
          </>
        ) : (
          'Send code'
        )}
      </button>
    </form>
  )
})
