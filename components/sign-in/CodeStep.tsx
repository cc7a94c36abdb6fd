import { forwardRef, type FormEvent, type ReactNode } from 'react'
import { normalizeOtp } from '@/lib/format/otp'
import { SignInField } from './SignInField'
import styles from './SignIn.module.css'
import { Wrappable } from '@/components/ui/Wrappable'
import { useT } from '@/contexts/I18nContext'
import { aroundSlot } from '@/lib/i18n/slot'

export interface CodeStepProps {
  sentTo: string
  code: string
  onCodeChange(value: string): void
  onSubmit(): void
  onResend(): void
  onUseAnotherEmail(): void
  verifying: boolean
  resending: boolean
  resendSecondsLeft: number
  /** The code can no longer be verified: Verify is off and "Send a new code" is the main action. */
  needsNewCode: boolean
  error: string | null
  /** A neutral status line, e.g. after a new code was sent. */
  info: string | null
  /** Where the code went, as shown (by default `sentTo`, with its wrap points). */
  address?: ReactNode
  /** In place of the "Resend code" button (when no new code is needed). */
  resend?: ReactNode
}

/** The code field's id (one code step is on the page at a time). */
export const CODE_FIELD_ID = 'sign-in-code'

/**
 * Step 2: one labelled code field. Spaces and dashes from paste or autofill are removed on
 * input; there is deliberately no maxLength, which would cut "12 34 56" before it is cleaned.
 */
export const CodeStep = forwardRef<HTMLInputElement, CodeStepProps>(function CodeStep(props, inputRef) {
  const { sentTo, code, onCodeChange, onSubmit, onResend, onUseAnotherEmail } = props
  const { verifying, resending, resendSecondsLeft, needsNewCode, error, info, address, resend } = props
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  const t = useT()
  const waiting = resendSecondsLeft > 0
  const sent = aroundSlot(t, 'signIn.code.sentTo', 'address')
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <p className={styles.sentTo}>
        {sent.before}<strong className={styles.address}>
          {address ?? <Wrappable text={sentTo} />}
        </strong>{sent.after}
      </p>
      <SignInField
        ref={inputRef}
        id={CODE_FIELD_ID}
        label={t('signIn.code.label')}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCorrect="off"
        className={styles.codeInput}
        value={code}
        onChange={(event) => onCodeChange(normalizeOtp(event.target.value))}
        hint={needsNewCode ? t('signIn.code.hintDead') : t('signIn.code.hint')}
        error={error}
      >
        {info && !error ? (
          <p className={styles.info} role="status">
            {info}
          </p>
        ) : null}
      </SignInField>
      {needsNewCode ? (
        <button type="button" className={`btn btn-primary ${styles.submit}`} onClick={onResend} disabled={waiting || resending} aria-busy={resending || undefined}>
          {resending ? t('signIn.code.resending') : waiting ? t('signIn.code.newIn', { seconds: resendSecondsLeft }) : t('signIn.code.new')}
        </button>
      ) : null}
      <button
        type="submit"
        className={`btn ${needsNewCode ? 'btn-secondary' : 'btn-primary'} ${styles.submit}`}
        disabled={verifying || needsNewCode}
        aria-busy={verifying || undefined}
      >
        {verifying ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t('signIn.code.verifying')}
          </>
        ) : (
          t('signIn.code.verify')
        )}
      </button>
      <div className={styles.secondary}>
        {needsNewCode ? null : resend ?? (
          <button type="button" className="btn btn-link" onClick={onResend} disabled={waiting || resending || verifying}>
            {resending ? t('signIn.code.resending') : waiting ? t('signIn.code.resendIn', { seconds: resendSecondsLeft }) : t('signIn.code.resend')}
          </button>
        )}
        <button type="button" className="btn btn-link" onClick={onUseAnotherEmail} disabled={verifying}>
          {t('signIn.code.anotherEmail')}
        </button>
      </div>
    </form>
  )
})
