import { useEffect, useLayoutEffect, useReducer, useRef, type Dispatch, type RefObject } from 'react'
import type { AuthContextValue } from '@/contexts/types'
import { emailProblemWords, validateEmail } from '@/lib/format/email'
import { OTP_LENGTH } from '@/lib/format/otp'
import { asAppError } from '@/lib/rio/errors/app-error'
import { codeLengthError, invalidEmailError } from '@/lib/rio/errors/map'
import { errorText, rateLimitedText } from '@/lib/rio/errors/words'
import { CodeStep } from './CodeStep'
import { EmailStep } from './EmailStep'
import { readPendingSignIn, writePendingSignIn } from '@/lib/sign-in/pending-sign-in'
import { initialSignInState, pendingOf, secondsUntil, signInReducer, type FieldError, type PendingSignIn, type SignInInfo } from '@/lib/sign-in/sign-in-machine'
import styles from './SignIn.module.css'
import { useT } from '@/contexts/I18nContext'
import type { Translate } from '@/lib/i18n/types'

export interface SignInFlowProps {
  sendOtp: AuthContextValue['sendOtp']
  verifyOtp: AuthContextValue['verifyOtp']
  /** Called once the code was accepted and the session is signed in. */
  onSignedIn(): void
  /** Where to start: a pending sign-in to resume, or null for the e-mail step; by default this tab's stored one. */
  initialPending?: PendingSignIn | null
  /**
   * A code already in the code step's field when the flow resumes (typed into the page's first
   * paint before it hydrated). It is not sent: the customer sends it, as a code only ever is.
   */
  initialCode?: string
  /** Other attributes of the step's panel (`data-*`). */
  panel?: Readonly<Record<string, string>>
}

/** How often running countdowns re-read the clock (a quarter second keeps each second on time). */
const TICK_MS = 250

/** The words to show for a field error at `now`; a rate limit counts down and then disappears. */
function messageOf(t: Translate, fieldError: FieldError | null, now: number): string | null {
  if (!fieldError) return null
  if (fieldError.until === undefined) return errorText(t, fieldError.error)
  const left = secondsUntil(fieldError.until, now)
  return left > 0 ? rateLimitedText(t, left, fieldError.error.reason) : null
}

/**
 * The two-step one-time-code sign-in (its states: ./sign-in-machine.ts). Codes are requested only
 * from a user action (never from an effect, which StrictMode would run twice); each step is a form
 * so Enter submits it; focus moves to the field of the step that appears; errors stay next to the
 * field until edited; a pending sign-in survives a reload.
 */
export function SignInFlow({ sendOtp, verifyOtp, onSignedIn, initialPending, initialCode, panel }: SignInFlowProps) {
  const emailRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const [state, dispatch] = useSignInState(initialPending, initialCode, emailRef, codeRef)
  const { requestCode, resendCode, submitCode } = useSignInRequests({ state, dispatch, sendOtp, verifyOtp, onSignedIn, emailRef, codeRef })
  const { phase, now } = state
  const step = stepOf(state)
  const t = useT()

  return (
    <section className={`card ${styles.panel}`} aria-labelledby="sign-in-title" {...panel}>
      <p className={styles.stepLabel}>{t('signIn.step', { step: step === 'email' ? 1 : 2, steps: 2 })}</p>
      <h1 id="sign-in-title" className={styles.title}>
        {step === 'email' ? t('signIn.title.email') : t('signIn.title.code')}
      </h1>
      {step === 'email' ? (
        <EmailStep
          ref={emailRef}
          email={state.email}
          onEmailChange={(email) => dispatch({ type: 'EMAIL_CHANGED', email })}
          onSubmit={() => void requestCode()}
          pending={phase === 'sending'}
          error={messageOf(t, state.emailError, now)}
        />
      ) : (
        <CodeStep
          ref={codeRef}
          sentTo={state.sentTo}
          code={state.code}
          onCodeChange={(code) => {
            dispatch({ type: 'CODE_CHANGED', code })
            // Six digits typed or pasted: no need to find the button.
            if (code.length === OTP_LENGTH && code !== state.code) void submitCode(code)
          }}
          onSubmit={() => void submitCode(state.code)}
          onResend={() => void resendCode()}
          onUseAnotherEmail={() => dispatch({ type: 'USE_ANOTHER_EMAIL' })}
          verifying={phase === 'verifying'}
          resending={phase === 'resending'}
          needsNewCode={state.needsNewCode}
          resendSecondsLeft={secondsUntil(state.resendAt, now)}
          error={messageOf(t, state.codeError, now)}
          info={infoText(t, state.info)}
        />
      )}
    </section>
  )
}

/** The code step's status line in the page's language. */
function infoText(t: Translate, info: SignInInfo | null): string | null {
  if (!info) return null
  return info.kind === 'recentlySent'
    ? t('signIn.info.recentlySent', { email: info.sentTo })
    : t('signIn.info.newCode', { email: info.sentTo })
}

type SignInState = ReturnType<typeof signInReducer>
type SignInAction = Parameters<typeof signInReducer>[1]

/** Which step shows: the e-mail (also while its code is being sent) or the code. */
function stepOf(state: SignInState): 'email' | 'code' {
  return state.phase === 'email' || state.phase === 'sending' ? 'email' : 'code'
}

/**
 * The flow's state, and what follows it: focus on the shown step's field, the pending sign-in kept
 * for a reload, and the clock ticking while something counts down.
 */
function useSignInState(
  initialPending: PendingSignIn | null | undefined, initialCode: string | undefined,
  emailRef: RefObject<HTMLInputElement | null>, codeRef: RefObject<HTMLInputElement | null>,
) {
  const [state, dispatch] = useReducer(signInReducer, null, () => {
    const initial = initialSignInState(Date.now(), initialPending === undefined ? readPendingSignIn() : initialPending)
    return initialCode && stepOf(initial) === 'code' ? signInReducer(initial, { type: 'CODE_CHANGED', code: initialCode }) : initial
  })
  const { phase, now } = state
  const step = stepOf(state)

  // Focus follows the step that is shown (the e-mail field as the page opens, too), so keyboard
  // and screen-reader users land in the field. A layout effect: the field has focus in the commit
  // that shows it (the code step appears when an answer arrives, outside any event).
  useLayoutEffect(() => {
    if (step === 'code') codeRef.current?.focus()
    else emailRef.current?.focus()
  }, [step, emailRef, codeRef])

  // What was typed or autofilled before the page hydrated is in the field but not in the state
  // (hydration keeps a field's text as it finds it; the page's scripts load after its first frame).
  useEffect(() => {
    const typed = emailRef.current?.value
    if (typed) dispatch({ type: 'EMAIL_CHANGED', email: typed })
  }, [emailRef])

  const pending = pendingOf(state)
  const pendingKey = pending ? JSON.stringify(pending) : ''
  useEffect(() => {
    if (phase === 'signed-in') writePendingSignIn(null)
    else if (phase !== 'sending' && phase !== 'resending' && phase !== 'verifying') writePendingSignIn(pendingKey ? JSON.parse(pendingKey) : null)
  }, [phase, pendingKey])

  // The clock runs only while something counts down.
  const deadline = Math.max(state.resendAt ?? 0, state.emailError?.until ?? 0, state.codeError?.until ?? 0)
  const counting = deadline > now
  useEffect(() => {
    if (!counting) return
    const id = window.setInterval(() => dispatch({ type: 'TICK', now: Date.now() }), TICK_MS)
    return () => window.clearInterval(id)
  }, [counting])

  return [state, dispatch] as const
}

/** The flow's three requests: a code for the e-mail, a new code, and the code's check. */
function useSignInRequests({ state, dispatch, sendOtp, verifyOtp, onSignedIn, emailRef, codeRef }: Pick<SignInFlowProps, 'sendOtp' | 'verifyOtp' | 'onSignedIn'> & {
  state: SignInState
  dispatch: Dispatch<SignInAction>
  emailRef: RefObject<HTMLInputElement | null>
  codeRef: RefObject<HTMLInputElement | null>
}) {
  // Guards against a second submit (double Enter, Enter right after auto-submit) before React
  // has re-rendered the new phase.
  const busy = useRef(false)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function requestCode() {
    if (busy.current) return
    const problem = validateEmail(state.email)
    if (problem) {
      dispatch({ type: 'EMAIL_REFUSED', error: invalidEmailError(problem, emailProblemWords(state.email) ?? undefined), now: Date.now() })
      emailRef.current?.focus()
      return
    }
    busy.current = true
    dispatch({ type: 'SEND' })
    try {
      const result = await sendOtp(state.email.trim())
      if (mounted.current) dispatch({ type: 'CODE_SENT', result, now: Date.now() })
    } catch (error) {
      if (!mounted.current) return
      dispatch({ type: 'EMAIL_REFUSED', error: asAppError(error), now: Date.now() })
      emailRef.current?.focus()
    } finally {
      busy.current = false
    }
  }

  async function resendCode() {
    if (busy.current) return
    busy.current = true
    dispatch({ type: 'RESEND' })
    try {
      const result = await sendOtp(state.sentTo || state.email.trim())
      if (!mounted.current) return
      dispatch({ type: 'CODE_SENT', result, now: Date.now() })
      codeRef.current?.focus()
    } catch (error) {
      if (mounted.current) dispatch({ type: 'CODE_REFUSED', error: asAppError(error), now: Date.now() })
    } finally {
      busy.current = false
    }
  }

  async function submitCode(code: string) {
    if (busy.current || state.needsNewCode || state.phase !== 'code') return
    if (code.length !== OTP_LENGTH) {
      dispatch({ type: 'CODE_REFUSED', error: codeLengthError(code.length, OTP_LENGTH), now: Date.now() })
      codeRef.current?.focus()
      return
    }
    busy.current = true
    dispatch({ type: 'VERIFY' })
    try {
      await verifyOtp(code, state.email)
      // Right away, not from an effect: the page may already have unmounted this flow because the
      // session turned signed in before the promise settled.
      writePendingSignIn(null)
      if (!mounted.current) return
      dispatch({ type: 'SIGNED_IN' })
      onSignedIn()
    } catch (error) {
      if (!mounted.current) return
      dispatch({ type: 'CODE_REFUSED', error: asAppError(error), now: Date.now() })
      // Selected, so typing the next attempt replaces the wrong one.
      codeRef.current?.focus()
      codeRef.current?.select()
    } finally {
      busy.current = false
    }
  }

  return { requestCode, resendCode, submitCode }
}
