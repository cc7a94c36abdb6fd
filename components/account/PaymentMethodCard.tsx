import { useLayoutEffect, useRef } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { PAYMENT_METHOD_ID, useMethodEditor } from '@/components/payments/MethodEditor'
import { PaymentMethodFields } from '@/components/payments/PaymentMethodFields'
import { usePaymentMethodForm } from '@/components/payments/usePaymentMethodForm'
import { methodDetailsIn } from '@/lib/payments/words'
import { useT } from '@/contexts/I18nContext'
import type { AccountView } from '@/lib/contract'
import styles from '@/components/ui/Card.module.css'
import { FINAL_DAYS_BEFORE } from '@retter-shared/BeanBloomSubscription/timeline'

function ChangeForm({ account, onDone }: { account: AccountView; onDone(): void }) {
  const t = useT()
  const form = usePaymentMethodForm({ name: account.delivery?.name ?? '', email: account.email })
  const first = useRef<HTMLFormElement>(null)
  // In the commit that shows the form: a key typed at once lands in its first field.
  useLayoutEffect(() => { first.current?.querySelector<HTMLInputElement>('input')?.focus() }, [])

  async function submit() {
    if (await form.save()) {
      notify.success(account.paymentHoldSince ? t('payments.toast.savedHoldLifted') : t('payments.toast.saved'))
      onDone()
    }
  }

  return (
    <form ref={first} noValidate onSubmit={(event) => { event.preventDefault(); void submit() }}>
      <PaymentMethodFields form={form} idPrefix="change-method" disabled={form.saving} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          {form.saving ? t('payments.form.saving') : t('payments.form.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={form.saving}>{t('payments.form.cancel')}</button>
      </div>
    </form>
  )
}

/**
 * "Payment method" on /account: the saved card ("Visa •••• 4242", its expiry) or SEPA account (its
 * bank and mandate reference), and "Change" to save another the same way as at the start. Saving
 * one retries failed payments and lifts a hold for payment (the class does both).
 */
export function PaymentMethodCard({ account }: { account: AccountView }) {
  const t = useT()
  const editor = useMethodEditor()
  const method = account.paymentMethod
  const editing = editor?.editing ?? false
  const changeButton = useRef<HTMLButtonElement>(null)

  function done() {
    editor?.close()
    window.setTimeout(() => changeButton.current?.focus(), 0)
  }

  return (
    <section id={PAYMENT_METHOD_ID} tabIndex={-1} className={`card ${styles.card}`} aria-labelledby="payment-method-title">
      <header className={styles.cardHeader}>
        <h2 id="payment-method-title">{t('payments.card.title')}</h2>
        {!editing && editor ? (
          <button ref={changeButton} type="button" className="btn btn-secondary btn-small" onClick={editor.open}>
            {method ? t('payments.card.change') : t('payments.card.add')}
          </button>
        ) : null}
      </header>
      {method ? (
        <ul className={styles.fields} aria-label={t('payments.card.saved')} data-testid="payment-method">
          {methodDetailsIn(t, method).map((line) => <li key={line}>{line}</li>)}
        </ul>
      ) : (
        <p className={styles.empty}>{t('payments.card.none', { days: FINAL_DAYS_BEFORE })}</p>
      )}
      {editing ? <ChangeForm account={account} onDone={done} /> : null}
    </section>
  )
}
