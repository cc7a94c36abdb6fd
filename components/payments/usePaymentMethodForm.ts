import { useEffect, useRef, useState, type MutableRefObject } from 'react'
import { usePayments } from './usePayments'
import type { PaymentSetup } from '@/lib/contract'
import type { StripeElement, StripeJs } from '@/lib/payments/stripe/stripe-js'
import { asAppError } from '@/lib/rio/errors/app-error'
import { errorText } from '@/lib/rio/errors/words'
import { useT } from '@/contexts/I18nContext'
import { stripeErrorText } from '@/lib/payments/decline'

export type MethodType = PaymentSetup['type']

/** What the payment fields and their form share. */
export interface PaymentMethodForm {
  type: MethodType
  setType(type: MethodType): void
  /** The SEPA account holder's name. */
  holder: string
  setHolder(name: string): void
  /** Stripe.js once loaded, else null (`loadProblem` says why it could not load). */
  stripe: StripeJs | null
  loadProblem: string | null
  /** The mounted Element (card or IBAN); the fields set it. */
  elementRef: MutableRefObject<StripeElement | null>
  /** What is wrong, from Stripe.js or the backend, in their words; null when nothing is. */
  problem: string | null
  setProblem(problem: string | null): void
  /** True once something is typed into the Element (a dialog then does not close on a stray click). */
  filled: boolean
  setFilled(filled: boolean): void
  saving: boolean
  /**
   * Saves the typed method: startPaymentSetup, Stripe.js's confirmation (3-D Secure in Stripe's own
   * dialog), savePaymentMethod. Ignored while a save is under way.
   * @returns true once the method is saved; false with `problem` set (nothing typed is cleared)
   */
  save(): Promise<boolean>
}


/**
 * The state of a payment-method form (the start confirmation, the /account "Change"): loads
 * Stripe.js when it mounts (only where a method is taken), and saves what the customer typed.
 * @param billing the customer's name (SEPA's account holder, editable) and e-mail, which SEPA requires
 * @param wanted false where no method is taken after all (a plan change): Stripe.js is not loaded
 */
export function usePaymentMethodForm(billing: { name: string; email: string }, wanted = true): PaymentMethodForm {
  const { startPaymentSetup, savePaymentMethod } = usePayments()
  const t = useT()
  const [type, setTypeState] = useState<MethodType>('card')
  const [holder, setHolder] = useState<string | null>(null)
  const [stripe, setStripe] = useState<StripeJs | null>(null)
  const [loadProblem, setLoadProblem] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [filled, setFilled] = useState(false)
  const elementRef = useRef<StripeElement | null>(null)
  const inFlight = useRef(false)

  useEffect(() => {
    if (!wanted) return
    let alive = true
    import('@/lib/payments/stripe/load-stripe').then(({ loadStripe }) => loadStripe()).then(
      (loaded) => { if (alive) setStripe(loaded) },
      (error: unknown) => { if (alive) setLoadProblem(error instanceof Error ? errorText(t, error) : String(error)) },
    )
    return () => { alive = false }
  }, [wanted, t])

  const holderName = holder ?? billing.name

  async function confirmWithStripe(ready: StripeJs, mounted: StripeElement, setup: PaymentSetup) {
    if (setup.type === 'sepa_debit') {
      return ready.confirmSepaDebitSetup(setup.clientSecret, {
        payment_method: { sepa_debit: mounted, billing_details: { name: holderName.trim(), email: billing.email } },
      })
    }
    return ready.confirmCardSetup(setup.clientSecret, { payment_method: { card: mounted } })
  }

  async function save(): Promise<boolean> {
    if (inFlight.current) return false
    const ready = stripe
    const mounted = elementRef.current
    if (!ready || !mounted) {
      setProblem(loadProblem ?? t('payments.form.stillLoading'))
      return false
    }
    if (type === 'sepa_debit' && !holderName.trim()) {
      setProblem(t('payments.form.noHolder'))
      return false
    }
    inFlight.current = true
    setSaving(true)
    setProblem(null)
    try {
      const setup = await startPaymentSetup(type)
      const result = await confirmWithStripe(ready, mounted, setup)
      if (result.error || result.setupIntent?.status !== 'succeeded') {
        setProblem(result.error ? stripeErrorText(t, result.error) : t('payments.form.notConfirmed'))
        return false
      }
      await savePaymentMethod(setup.setupIntentId)
      return true
    } catch (caught) {
      setProblem(errorText(t, asAppError(caught)))
      return false
    } finally {
      inFlight.current = false
      setSaving(false)
    }
  }

  return {
    type,
    setType: (next) => { setTypeState(next); setProblem(null) },
    holder: holderName,
    setHolder,
    stripe,
    loadProblem,
    elementRef,
    problem,
    setProblem,
    filled,
    setFilled,
    saving,
    save,
  }
}
