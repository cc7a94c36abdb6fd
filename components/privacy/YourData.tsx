import { useRouter } from 'next/router'
import { useState, type FormEvent } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { LEGAL_ROUTES } from '@/lib/legal-routes'
import { AppLink } from '@/components/ui/AppLink'
import { useCustomer } from '@/contexts/AccountContext'
import { usePrivacy } from './usePrivacy'
import { useAuth } from '@/contexts/AuthContext'
import { ROUTES } from '@/lib/routes'
import { ChangeEmail } from './ChangeEmail'
import { CodeField } from './CodeField'
import { exportDocument, exportFileName } from '@/lib/privacy/export-file'
import { useRightAction } from './useRightAction'
import styles from './YourData.module.css'
import { endingHereWith } from '@/lib/rio/session-start'

type Deletion = { step: 'idle' } | { step: 'confirm' } | { step: 'code' }

/** Saves `text` as a file in the browser's downloads. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The customer's data rights in one place on /account: download everything we hold, change the
 * e-mail address (after a code e-mailed to the new one), and delete the account (after a code
 * e-mailed to their address). What each does is said before it is done.
 */
export function YourData() {
  const { account } = useCustomer()
  const { exportMyData, requestAccountDeletion, deleteMyAccount } = usePrivacy()
  const { signOut } = useAuth()
  const router = useRouter()
  const { busy, error, run } = useRightAction<'export' | 'code' | 'delete'>()
  const [deletion, setDeletion] = useState<Deletion>({ step: 'idle' })
  const [code, setCode] = useState('')

  const onExport = () => run('export', async () => {
    download(exportDocument(await exportMyData()), exportFileName())
  })
  const onSendCode = () => run('code', async () => {
    await requestAccountDeletion()
    // Said beside the field (a toast would cover it on a phone) and read with it.
    setDeletion({ step: 'code' })
  })
  const keepAccount = () => {
    setCode('')
    setDeletion({ step: 'idle' })
  }
  const onDelete = (event: FormEvent) => {
    event.preventDefault()
    void run('delete', async () => {
      // This tab leaves by itself; the account's end-of-sessions marker is for the others.
      await endingHereWith(() => deleteMyAccount(code))
      notify.success('Your account is deleted. We e-mailed you what we keep by law.')
      // Off /account first (signed out there, it would send the visitor to sign in again), then
      // this browser's session ends; any other only ever finds a new, empty account.
      await router.push(ROUTES.plans)
      await signOut().catch(() => undefined)
    })
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data rights</h2>
      <p>
        What we keep, why and for how long is in our <AppLink href={LEGAL_ROUTES.privacy}>privacy notice</AppLink>.
      </p>
      <div className={styles.right}>
        <h3>Download your data</h3>
        <p>Everything we hold about you, as one JSON file: your account, subscription and its history, deliveries, payments, receipts and your cookie choice.</p>
        <button type="button" className="btn btn-secondary" onClick={onExport} disabled={busy !== null}>
          {busy === 'export' ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
      {account?.email ? <ChangeEmail key={account.email} /> : null}
      <div className={styles.right}>
        <h3>Delete your account</h3>
        {deletion.step === 'idle' ? (
          <button type="button" className="btn btn-secondary" onClick={() => setDeletion({ step: 'confirm' })} disabled={busy !== null}>
            Delete my account…
          </button>
        ) : (
          <>
            <p>
              Your subscription ends and we delete your name, address, preferences, history, payment method (also at
              our payment provider) and sign-in records. A delivery already being roasted and packed still ships and
              is charged. Tax law requires us to keep your receipts for 10 years. This cannot be undone.
            </p>
            {deletion.step === 'confirm' ? (
              <div className={styles.actions}>
                <button type="button" className="btn btn-primary" onClick={onSendCode} disabled={busy !== null}>
                  {busy === 'code' ? 'Sending…' : 'E-mail me a code'}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setDeletion({ step: 'idle' })} disabled={busy !== null}>
                  Keep my account
                </button>
              </div>
            ) : (
              <form onSubmit={onDelete} className={styles.actions}>
                <p id="deletion-code-sent" className={styles.sent} role="status">We e-mailed you a code to confirm deleting your account.</p>
                <CodeField value={code} onChange={setCode} describedBy="deletion-code-sent" autoFocus />
                <button type="submit" className={`btn ${styles.danger}`} disabled={busy !== null}>
                  {busy === 'delete' ? 'Deleting…' : 'Delete my account for good'}
                </button>
                <button type="button" className="btn btn-secondary" onClick={onSendCode} disabled={busy !== null}>
                  Send a new code
                </button>
                <button type="button" className="btn btn-secondary" onClick={keepAccount} disabled={busy === 'delete'}>
                  Keep my account
                </button>
              </form>
            )}
          </>
        )}
      </div>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </section>
  )
}
