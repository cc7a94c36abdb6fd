import type { ReactNode } from 'react'
import { needs, unless } from '@/lib/first-paint/names'
import { Slot } from '@/components/first-paint/Slot'
import { CodeStep } from './CodeStep'
import styles from './SignIn.module.css'
import { useT } from '@/contexts/I18nContext'
import { aroundSlot } from '@/lib/i18n/slot'

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
  const t = useT()
  const wait = aroundSlot(t, 'signIn.code.resendIn', 'seconds')
  return (
    <section className={`card ${styles.panel}`} {...needs('pending')}>
      <p className={styles.stepLabel}>{t('signIn.step', { step: 2, steps: 2 })}</p>
      <h1 className={styles.title}>{t('signIn.title.code')}</h1>
      <CodeStep
        sentTo=""
        address={<Slot name="sent-to" />}
        resend={
          <>
            <button type="button" className="btn btn-link" disabled {...needs('resend-wait')}>
              {wait.before}<Slot name="resend-wait" />{wait.after}
            </button>
            <button type="button" className="btn btn-link" onClick={nothing} {...unless('resend-wait')}>
              {t('signIn.code.resend')}
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
