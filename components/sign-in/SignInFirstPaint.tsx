import type { ReactNode } from 'react'
import { needs, unless } from '@/lib/first-paint/names'
import { Slot } from '@/components/first-paint/Slot'
import { CodeStep } from './CodeStep'
import styles from './SignIn.module.css'

export interface SignInFirstPaintProps {
  /** The page has hydrated: from then on it knows this tab's pending sign-in itself. */
  hydrated: boolean
  /** The sign-in flow, its panel given these attributes. */
  children(panel: Readonly<Record<string, string>>): ReactNode
}

/**
 * The one part of `/sign-in` that knows the first paint (lib/first-paint). Before hydration the
 * page cannot know whether this tab keeps a sign-in waiting for its code (sessionStorage), so it
 * renders both the flow's first step and the code step, and the inline script shows the one this
 * tab's storage says: a reload during the code step never flashes step 1.
 */
export function SignInFirstPaint({ hydrated, children }: SignInFirstPaintProps) {
  return (
    <>
      {children(hydrated ? {} : unless('pending'))}
      {hydrated ? null : <FirstPaintCodeStep />}
    </>
  )
}

const nothing = () => undefined

/**
 * The code step from the sign-in this tab keeps, where the code went and the resend wait in text
 * slots: the same boxes and words as the step the page resumes into after hydration.
 */
export function FirstPaintCodeStep() {
  return (
    <section className={`card ${styles.panel}`} {...needs('pending')}>
      <p className={styles.stepLabel}>Step 2 of 2</p>
      <h1 className={styles.title}>Check your e-mail</h1>
      <CodeStep
        sentTo=""
        address={<Slot name="sent-to" />}
        resend={
          <>
            <button type="button" className="btn btn-link" disabled {...needs('resend-wait')}>
              Resend code in <Slot name="resend-wait" />s
            </button>
            <button type="button" className="btn btn-link" onClick={nothing} {...unless('resend-wait')}>
              Resend code
            </button>
          </>
        }
        code=""
        onCodeChange={nothing}
        onSubmit={nothing}
        onResend={nothing}
        onUseAnotherEmail={nothing}
        verifying={false}
        resending={false}
        resendSecondsLeft={0}
        needsNewCode={false}
        error={null}
        info={null}
      />
    </section>
  )
}
