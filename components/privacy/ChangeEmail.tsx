import { useId, useState, type FormEvent } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { usePrivacy } from './usePrivacy'
import { useAuth } from '@/contexts/AuthContext'
import { CodeField } from './CodeField'
import { useRightAction } from './useRightAction'
import styles from './YourData.module.css'
import { endingHereWith } from '@/lib/rio/session-start'
import { useT } from '@/contexts/I18nContext'
import { rich } from '@/components/legal/RichText'

type Step = { step: 'idle' } | { step: 'address' } | { step: 'code'; sentTo: string; currentCodeSentTo?: string }

/**
 * Changing the address the account uses: one code goes to the new address (proving it is theirs)
 * and another to the current address (proving this is the account's owner, not just someone with
 * this browser's session); entering both here moves everything there, and this browser goes on
 * signed in as the new address. The form names where each code went.
 */
export function ChangeEmail() {
  const { requestEmailChange, confirmEmailChange } = usePrivacy()
  const t = useT()
  const { signOut } = useAuth()
  const addressId = useId()
  const [flow, setFlow] = useState<Step>({ step: 'idle' })
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const [currentCode, setCurrentCode] = useState('')
  const { busy, error, setError, run } = useRightAction<'send' | 'confirm'>()
  const send = () => run('send', async () => {
    const { sentTo, currentCodeSentTo } = await requestEmailChange(newEmail)
    setCode('')
    setCurrentCode('')
    setFlow({ step: 'code', sentTo, currentCodeSentTo })
  })
  const onSend = (event: FormEvent) => {
    event.preventDefault()
    void send()
  }
  const onConfirm = (event: FormEvent) => {
    event.preventDefault()
    void run('confirm', async () => {
      // This tab leaves by itself; the account's end-of-sessions marker is for the others.
      const moved = await endingHereWith(() => confirmEmailChange(code, currentCode))
      setFlow({ step: 'idle' })
      setNewEmail('')
      if (moved.signedIn) {
        notify.success(t('privacy.email.toast.moved', { email: moved.email }))
      } else {
        notify.info(t('privacy.email.toast.movedSignIn', { email: moved.email }))
        await signOut().catch(() => undefined)
      }
    })
  }
  const cancel = () => {
    setFlow({ step: 'idle' })
    setError(null)
  }

  return (
    <div className={styles.right}>
      <h3>{t('privacy.email.title')}</h3>
      <p>{t('privacy.email.intro')}</p>
      {flow.step === 'idle' ? (
        <button type="button" className="btn btn-secondary" onClick={() => setFlow({ step: 'address' })}>
          {t('privacy.email.start')}
        </button>
      ) : flow.step === 'address' ? (
        <form onSubmit={onSend} className={styles.actions} noValidate>
          <label htmlFor={addressId}>{t('privacy.email.newAddress')}</label>
          <input
            id={addressId}
            className={styles.wide}
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'send' ? t('privacy.sending') : t('privacy.email.send')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy !== null}>
            {t('privacy.email.keep')}
          </button>
        </form>
      ) : (
        <>
          <p>
            {rich(t, 'privacy.email.codesSent', {
              newAddress: <strong>{flow.sentTo}</strong>,
              current: flow.currentCodeSentTo ? <strong>{flow.currentCodeSentTo}</strong> : t('privacy.email.currentAddress'),
            }, { moveTo: flow.sentTo })}
          </p>
          <form onSubmit={onConfirm} className={styles.actions}>
            <CodeField value={code} onChange={setCode} label={t('privacy.email.newCode', { email: flow.sentTo })} />
            <CodeField
              value={currentCode}
              onChange={setCurrentCode}
              label={t('privacy.email.currentCode', { email: flow.currentCodeSentTo ?? t('privacy.email.currentAddress') })}
            />
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'confirm' ? t('privacy.email.moving') : t('privacy.email.confirm')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void send()} disabled={busy !== null}>
              {t('privacy.newCode')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy !== null}>
              {t('privacy.email.cancel')}
            </button>
          </form>
        </>
      )}
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </div>
  )
}
