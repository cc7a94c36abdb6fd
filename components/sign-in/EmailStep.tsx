import { forwardRef, type FormEvent } from 'react'
import { SignInField } from './SignInField'
import styles from './SignIn.module.css'
import { useT } from '@/contexts/I18nContext'

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
  const t = useT()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    // noValidate: our own message is clearer than the browser bubble and keeps the typed text.
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <SignInField
        ref={inputRef}
        id="sign-in-email"
        label={t('signIn.email.label')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        hint={t('signIn.email.hint')}
        error={error}
      />
      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={pending} aria-busy={pending || undefined}>
        {pending ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t('signIn.email.sending')}
          </>
        ) : (
          t('signIn.email.send')
        )}
      </button>
    </form>
  )
})
