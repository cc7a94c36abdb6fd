import { useEffect, useRef } from 'react'
import { sepaMandateTextIn } from '@/lib/payments/words'
import { useT } from '@/contexts/I18nContext'
import type { PaymentMethodForm } from './usePaymentMethodForm'
import fieldStyles from '@/components/ui/Fields.module.css'
import styles from './Payments.module.css'

export interface PaymentMethodFieldsProps {
  form: PaymentMethodForm
  /** Ids inside the page are prefixed with this (two forms never share one). */
  idPrefix: string
  disabled?: boolean
}

/**
 * A card or a SEPA bank account, as the customer chooses: Stripe's card or IBAN Element (the
 * numbers go to Stripe, never to us), SEPA's account holder and the mandate the customer accepts,
 * and what Stripe.js or the backend said went wrong, under the fields.
 */
export function PaymentMethodFields({ form, idPrefix, disabled }: PaymentMethodFieldsProps) {
  const t = useT()
  const container = useRef<HTMLDivElement>(null)
  const { stripe, type, elementRef, setProblem, setFilled } = form
  const id = (name: string) => `${idPrefix}-${name}`

  // One Element for the chosen type, created once Stripe.js is here, destroyed when the type changes.
  useEffect(() => {
    const target = container.current
    if (!stripe || !target) return
    const created = stripe.elements().create(type === 'card' ? 'card' : 'iban', type === 'card' ? { hidePostalCode: true } : { supportedCountries: ['SEPA'] })
    created.on('change', (change) => {
      setProblem(change?.error?.message ?? null)
      setFilled(change ? !change.empty : true)
    })
    created.mount(target)
    elementRef.current = created
    return () => {
      created.destroy()
      if (elementRef.current === created) elementRef.current = null
    }
  }, [stripe, type, elementRef, setProblem, setFilled])

  const problemId = id('payment-problem')
  return (
    <fieldset className={`${fieldStyles.address} ${styles.method}`} disabled={disabled} aria-describedby={form.problem ? problemId : undefined}>
      <legend>{t('payments.card.title')}</legend>
      <div className={styles.choice}>
        <label>
          <input type="radio" name={id('type')} value="card" checked={type === 'card'} onChange={() => form.setType('card')} /> {t('payments.form.card')}
        </label>
        <label>
          <input type="radio" name={id('type')} value="sepa_debit" checked={type === 'sepa_debit'} onChange={() => form.setType('sepa_debit')} /> {t('payments.form.sepa')}
        </label>
      </div>
      {type === 'sepa_debit' ? (
        <div className={fieldStyles.field}>
          <label htmlFor={id('holder')}>{t('payments.form.holder')}</label>
          <input id={id('holder')} type="text" autoComplete="name" value={form.holder} onChange={(event) => form.setHolder(event.target.value)} />
        </div>
      ) : null}
      <div className={fieldStyles.field}>
        <span id={id('element-label')} className={styles.label}>{type === 'card' ? t('payments.form.cardDetails') : t('payments.form.iban')}</span>
        <div ref={container} key={type} className={styles.element} role="group" aria-labelledby={id('element-label')} />
        {!stripe && !form.loadProblem ? <span className={styles.muted}>{t('payments.form.loading')}</span> : null}
      </div>
      {type === 'sepa_debit' ? <p className={styles.mandate} data-testid="sepa-mandate">{sepaMandateTextIn(t)}</p> : null}
      {form.problem || form.loadProblem ? (
        <p id={problemId} className={fieldStyles.fieldError} role="alert">{form.problem ?? form.loadProblem}</p>
      ) : null}
    </fieldset>
  )
}
