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
import { useT } from '@/contexts/I18nContext'
import { rich } from '@/components/legal/RichText'

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
  const t = useT()
  const { exportMyData, requestAccountDeletion, deleteMyAccount } = usePrivacy()
  const { signOut } = useAuth()
  const router = useRouter()
  const { busy, error, run } = useRightAction<'export' | 'code' | 'delete'>()
  const [deletion, setDeletion] = useState<Deletion>({ step: 'idle' })
  const [code, setCode] = useState('')

  const onExport = () => run('export', async () => {
    download(exportDocument(await exportMyData(), t('privacy.export.notChosen')), exportFileName())
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
      notify.success(t('privacy.delete.toast'))
      // Off /account first (signed out there, it would send the visitor to sign in again), then
      // this browser's session ends; any other only ever finds a new, empty account.
      await router.push(ROUTES.plans)
      await signOut().catch(() => undefined)
    })
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('privacy.title')}</h2>
      <p>
        {rich(t, 'privacy.intro', { link: <AppLink href={LEGAL_ROUTES.privacy}>{t('privacy.introLink')}</AppLink> })}
      </p>
      <div className={styles.right}>
        <h3>{t('privacy.export.title')}</h3>
        <p>{t('privacy.export.text')}</p>
        <button type="button" className="btn btn-secondary" onClick={onExport} disabled={busy !== null}>
          {busy === 'export' ? t('privacy.export.preparing') : t('privacy.export.button')}
        </button>
      </div>
      {account?.email ? <ChangeEmail key={account.email} /> : null}
      <div className={styles.right}>
        <h3>{t('privacy.delete.title')}</h3>
        {deletion.step === 'idle' ? (
          <button type="button" className="btn btn-secondary" onClick={() => setDeletion({ step: 'confirm' })} disabled={busy !== null}>
            {t('privacy.delete.start')}
          </button>
        ) : (
          <>
            <p>{t('privacy.delete.what')}</p>
            {deletion.step === 'confirm' ? (
              <div className={styles.actions}>
                <button type="button" className="btn btn-primary" onClick={onSendCode} disabled={busy !== null}>
                  {busy === 'code' ? t('privacy.sending') : t('privacy.delete.sendCode')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setDeletion({ step: 'idle' })} disabled={busy !== null}>
                  {t('privacy.delete.keep')}
                </button>
              </div>
            ) : (
              <form onSubmit={onDelete} className={styles.actions}>
                <p id="deletion-code-sent" className={styles.sent} role="status">{t('privacy.delete.codeSent')}</p>
                <CodeField value={code} onChange={setCode} describedBy="deletion-code-sent" autoFocus />
                <button type="submit" className={`btn ${styles.danger}`} disabled={busy !== null}>
                  {busy === 'delete' ? t('privacy.delete.deleting') : t('privacy.delete.confirm')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={onSendCode} disabled={busy !== null}>
                  {t('privacy.newCode')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={keepAccount} disabled={busy === 'delete'}>
                  {t('privacy.delete.keep')}
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
