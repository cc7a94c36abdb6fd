import { useId, useState, type FormEvent } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { usePrivacy } from './usePrivacy'
import { useAuth } from '@/contexts/AuthContext'
import { CodeField } from './CodeField'
import { useRightAction } from './useRightAction'
import styles from './YourData.module.css'
import { endingHereWith } from '@/lib/rio/session-start'

type Step = { step: 'idle' } | { step: 'address' } | { step: 'code'; sentTo: string; currentCodeSentTo?: string }

/**
 * Changing the address the account uses: one code goes to the new address (proving it is theirs)
 * and another to the current address (proving this is the account's owner, not just someone with
 * this browser's session); entering both here moves everything there, and this browser goes on
 * signed in as the new address. The form names where each code went.
 */
export function ChangeEmail() {
  const { requestEmailChange, confirmEmailChange } = usePrivacy()
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
        notify.success(`Your account now uses ${moved.email}. We e-mailed both addresses.`)
      } else {
        notify.info(`Your account now uses ${moved.email}. Sign in with that address to go on.`)
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
      <h3>Change your e-mail address</h3>
      <p>You sign in with the address this page is signed in as, and your e-mails go there.</p>
      {flow.step === 'idle' ? (
        <button type="button" className="btn btn-secondary" onClick={() => setFlow({ step: 'address' })}>
          Change e-mail address…
        </button>
      ) : flow.step === 'address' ? (
        <form onSubmit={onSend} className={styles.actions} noValidate>
          <label htmlFor={addressId}>New e-mail address</label>
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
            {busy === 'send' ? 'Sending…' : 'E-mail a code to this address'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy !== null}>
            Keep my address
          </button>
        </form>
      ) : (
        <>
          <p>
            We e-mailed two codes: one to <strong>{flow.sentTo}</strong> and one to{' '}
            {flow.currentCodeSentTo ? <strong>{flow.currentCodeSentTo}</strong> : 'your current address'}. Entering both
            moves your subscription, deliveries, receipts and payment method to {flow.sentTo}; your current address then
            starts a new, empty account if used to sign in.
          </p>
          <form onSubmit={onConfirm} className={styles.actions}>
            <CodeField value={code} onChange={setCode} label={`Code sent to ${flow.sentTo} (new address)`} />
            <CodeField
              value={currentCode}
              onChange={setCurrentCode}
              label={`Code sent to ${flow.currentCodeSentTo ?? 'your current address'} (current address)`}
            />
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'confirm' ? 'Moving…' : 'Use the new address'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void send()} disabled={busy !== null}>
              Send a new code
            </button>
            <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy !== null}>
              Cancel
            </button>
          </form>
        </>
      )}
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </div>
  )
}
