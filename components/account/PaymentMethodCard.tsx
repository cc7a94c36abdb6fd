import { useLayoutEffect, useRef } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { PAYMENT_METHOD_ID, useMethodEditor } from '@/components/payments/MethodEditor'
import { PaymentMethodFields } from '@/components/payments/PaymentMethodFields'
import { usePaymentMethodForm } from '@/components/payments/usePaymentMethodForm'
import { methodDetails } from '@/lib/payments/words'
import type { AccountView } from '@/lib/contract'
import styles from '@/components/ui/Card.module.css'
import { chargeRuleText } from '@retter-shared/BeanBloomSubscription/timeline'

function ChangeForm({ account, onDone }: { account: AccountView; onDone(): void }) {
  const form = usePaymentMethodForm({ name: account.delivery?.name ?? '', email: account.email })
  const first = useRef<HTMLFormElement>(null)
  // In the commit that shows the form: a key typed at once lands in its first field.
  useLayoutEffect(() => { first.current?.querySelector<HTMLInputElement>('input')?.focus() }, [])

  async function submit() {
    if (await form.save()) {
      notify.success(account.paymentHoldSince ? 'Your payment method is saved, and your deliveries are back on.' : 'Your payment method is saved.')
      onDone()
    }
  }

  return (
    <form ref={first} noValidate onSubmit={(event) => { event.preventDefault(); void submit() }}>
      <PaymentMethodFields form={form} idPrefix="change-method" disabled={form.saving} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          {form.saving ? 'Saving…' : 'Save payment method'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={form.saving}>Cancel</button>
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
        <h2 id="payment-method-title">Payment method</h2>
        {!editing && editor ? (
          <button ref={changeButton} type="button" className="btn btn-secondary btn-small" onClick={editor.open}>
            {method ? 'Change' : 'Add a payment method'}
          </button>
        ) : null}
      </header>
      {method ? (
        <ul className={styles.fields} aria-label="Saved payment method" data-testid="payment-method">
          {methodDetails(method).map((line) => <li key={line}>{line}</li>)}
        </ul>
      ) : (
        <p className={styles.empty}>{`No card or bank account is saved yet. ${chargeRuleText()}`}</p>
      )}
      {editing ? <ChangeForm account={account} onDone={done} /> : null}
    </section>
  )
}
