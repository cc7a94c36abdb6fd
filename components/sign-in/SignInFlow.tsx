import { useEffect, useRef, useState } from 'react'
import type { AuthContextValue } from '@/contexts/types'
import { validateEmail } from '@/lib/format/email'
import { OTP_LENGTH } from '@/lib/format/otp'
import { describeSignInError } from '@/lib/format/sign-in-errors'
import { CodeStep } from './CodeStep'
import { EmailStep } from './EmailStep'
import { useCountdown } from './useCountdown'
import styles from './SignIn.module.css'

export interface SignInFlowProps {
  sendOtp: AuthContextValue['sendOtp']
  verifyOtp: AuthContextValue['verifyOtp']
  /** Called once the code was accepted and the session is signed in. */
  onSignedIn(): void
}

type Step = 'email' | 'code'

/** Fallback resend wait when the backend did not say (it says 30 s). */
const DEFAULT_RESEND_SECONDS = 30

/**
 * The two-step one-time-code sign-in. Codes are requested only from a user action (never from
 * an effect, which StrictMode would run twice); each step is a form so Enter submits it; focus
 * moves to the field of the step that appears; errors stay next to the field until edited.
 */
export function SignInFlow({ sendOtp, verifyOtp, onSignedIn }: SignInFlowProps) {
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [sentTo, setSentTo] = useState('')
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [info, setInfo] = useState<string | null>(null)
  const [verifying, setVerifying] = useState(false)
  const [resending, setResending] = useState(false)
  const countdown = useCountdown()
  const emailRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  // Guards against a second submit (double Enter) before React has re-rendered the disabled state.
  const busy = useRef(false)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // Focus follows the step that is shown, so keyboard and screen-reader users land in the field.
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (step === 'code') codeRef.current?.focus()
    else emailRef.current?.focus()
  }, [step])

  async function requestCode() {
    if (busy.current) return
    const problem = validateEmail(email)
    if (problem) {
      setEmailError(problem)
      emailRef.current?.focus()
      return
    }
    busy.current = true
    setSending(true)
    setEmailError(null)
    try {
      const result = await sendOtp(email.trim())
      if (!mounted.current) return
      setSentTo(result.sentTo || email.trim())
      setCode('')
      setCodeError(null)
      setInfo(null)
      countdown.start(result.resendAfterSeconds ?? DEFAULT_RESEND_SECONDS)
      setStep('code')
    } catch (error) {
      if (!mounted.current) return
      const described = describeSignInError(error)
      setEmailError(described.message)
      emailRef.current?.focus()
    } finally {
      busy.current = false
      if (mounted.current) setSending(false)
    }
  }

  async function resendCode() {
    if (busy.current) return
    busy.current = true
    setResending(true)
    setCodeError(null)
    setInfo(null)
    try {
      const result = await sendOtp(sentTo || email.trim())
      if (!mounted.current) return
      setCode('')
      countdown.start(result.resendAfterSeconds ?? DEFAULT_RESEND_SECONDS)
      setInfo(`A new code is on its way to ${result.sentTo || sentTo}. Earlier codes no longer work.`)
      codeRef.current?.focus()
    } catch (error) {
      if (!mounted.current) return
      const described = describeSignInError(error)
      setCodeError(described.message)
      if (described.kind === 'rate-limited' && typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number') {
        countdown.start((error as { retryAfterSeconds: number }).retryAfterSeconds)
      }
    } finally {
      busy.current = false
      if (mounted.current) setResending(false)
    }
  }

  async function submitCode() {
    if (busy.current) return
    if (code.length !== OTP_LENGTH) {
      setCodeError(
        code.length === 0
          ? 'Enter the 6-digit code from the e-mail.'
          : `The code has ${OTP_LENGTH} digits; you entered ${code.length}.`,
      )
      codeRef.current?.focus()
      return
    }
    busy.current = true
    setVerifying(true)
    setCodeError(null)
    setInfo(null)
    try {
      await verifyOtp(code)
      if (!mounted.current) return
      onSignedIn()
    } catch (error) {
      if (!mounted.current) return
      setCodeError(describeSignInError(error).message)
      codeRef.current?.focus()
    } finally {
      busy.current = false
      if (mounted.current) setVerifying(false)
    }
  }

  function useAnotherEmail() {
    setStep('email')
    setCode('')
    setCodeError(null)
    setInfo(null)
  }

  return (
    <section className={`card ${styles.panel}`} aria-labelledby="sign-in-title">
      <p className={styles.stepLabel}>Step {step === 'email' ? 1 : 2} of 2</p>
      <h1 id="sign-in-title" className={styles.title}>
        {step === 'email' ? 'Sign in' : 'Check your e-mail'}
      </h1>
      {step === 'email' ? (
        <EmailStep
          ref={emailRef}
          email={email}
          onEmailChange={(value) => {
            setEmail(value)
            if (emailError) setEmailError(null)
          }}
          onSubmit={() => void requestCode()}
          pending={sending}
          error={emailError}
        />
      ) : (
        <CodeStep
          ref={codeRef}
          sentTo={sentTo}
          code={code}
          onCodeChange={(value) => {
            setCode(value)
            if (codeError) setCodeError(null)
          }}
          onSubmit={() => void submitCode()}
          onResend={() => void resendCode()}
          onUseAnotherEmail={useAnotherEmail}
          verifying={verifying}
          resending={resending}
          resendSecondsLeft={countdown.secondsLeft}
          error={codeError}
          info={info}
        />
      )}
    </section>
  )
}
