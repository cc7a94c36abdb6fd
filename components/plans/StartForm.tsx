import { useT } from '@/contexts/I18nContext'
/**
 * The part of the plan confirmation that starts a plan: the delivery address (prefilled when
 * known), the coffee preferences and, without a saved one, the payment method, kept for this tab as
 * they are typed.
 */
import { useEffect, useState } from 'react'
import { AddressFields, draftOf } from '@/components/delivery/AddressFields'
import { PreferenceFields } from '@/components/delivery/PreferenceFields'
import { type serverProblemOf, useAddressDraft } from '@/components/delivery/useAddressDraft'
import { deliveryVersionOf } from '@/lib/delivery/address-version'
import { PaymentMethodFields } from '@/components/payments/PaymentMethodFields'
import { usePaymentMethodForm } from '@/components/payments/usePaymentMethodForm'
import type { AccountView, CoffeePreferences, DeliveryAddress, SubscriptionPlan } from '@/lib/contract'
import { formatInterval, formatPrice } from '@/lib/format/price'
import styles from '@/components/subscription/Subscription.module.css'
import { preferencesFor } from '@retter-shared/BeanBloomSubscription/preferences'
import { readStartDraft, writeStartDraft } from '@/lib/plans/start-draft'

/** What starting a plan sends besides the plan: the address and preferences as confirmed. */
export interface PlanStart {
  address: DeliveryAddress
  /** The version of the stored address the dialog was filled from (a change elsewhere since is refused). */
  addressVersion: number
  preferences: CoffeePreferences
}

/** What a start reads of the customer: address and preferences to prefill, the saved method, the e-mail (SEPA's billing details). */
export type StartAccount = Pick<AccountView, 'delivery' | 'preferences' | 'paymentMethod' | 'email'> & { deliveryVersion?: unknown }

export type StartFormState = ReturnType<typeof useStartForm>

/**
 * What a start collects: the address (prefilled when known), the coffee preferences and, without a
 * saved one, the payment method. What is typed is kept for this tab (never the payment method), so
 * a reload brings it back. `complete` saves the method before the start is sent: a plan cannot start
 * without one, and a refused card keeps the dialog as typed.
 */
export function useStartForm({ plan, account, starting, error }: {
  plan: SubscriptionPlan
  account: StartAccount
  starting: boolean
  error: { code: string } | null | undefined
}) {
  // What was typed into a start before a reload comes back (this customer's only).
  const [saved] = useState(() => (starting ? readStartDraft(account.email) : null))
  const address = useAddressDraft(saved ? saved.address : account.delivery, 'confirm')
  const [preferences, setPreferences] = useState<CoffeePreferences>(() => preferencesFor(plan, saved?.preferences ?? account.preferences))
  // The address version the form was filled from; once told it changed elsewhere, the customer's
  // next confirm is made on the version they have now seen.
  const [addressVersion, setAddressVersion] = useState(() => deliveryVersionOf(account))
  // Asked for once, on a start without a saved method; a method saved meanwhile is shown instead.
  const [askedForMethod] = useState(() => starting && !account.paymentMethod)
  const needsMethod = askedForMethod && !account.paymentMethod
  const payment = usePaymentMethodForm({ name: address.draft.name, email: account.email }, askedForMethod)
  const typedAddress = JSON.stringify(address.draft) !== JSON.stringify(draftOf(account.delivery))
  const typedPreferences = JSON.stringify(preferences) !== JSON.stringify(preferencesFor(plan, account.preferences))
  const typed = starting && (typedAddress || typedPreferences || payment.filled)

  useEffect(() => {
    if (!starting) return
    writeStartDraft(typedAddress || typedPreferences ? { email: account.email, planId: plan.id, address: address.draft, preferences } : null)
  }, [starting, typedAddress, typedPreferences, account.email, plan.id, address.draft, preferences])

  const seenVersion = deliveryVersionOf(account)
  if (error?.code === 'ADDRESS_CHANGED' && addressVersion !== seenVersion) setAddressVersion(seenVersion)

  /** The start with the checked address, once the payment method (when asked for) is saved; null when it was refused. */
  async function complete(checked: DeliveryAddress): Promise<PlanStart | null> {
    if (needsMethod && !(await payment.save())) return null
    return { address: checked, addressVersion, preferences }
  }

  return { address, preferences, setPreferences, payment, needsMethod, typed, complete }
}

/** The fields of a start: address, coffee, and the payment method when none is saved. */
export function StartForm({ form, plan, account, serverProblem, sending, onSubmit, locale }: {
  form: StartFormState
  plan: SubscriptionPlan
  account: StartAccount
  serverProblem: ReturnType<typeof serverProblemOf>
  sending: boolean
  onSubmit(): void
  locale?: string
}) {
  const t = useT()
  const { address } = form
  return (
    <form id="confirm-plan" noValidate onSubmit={(event) => { event.preventDefault(); onSubmit() }}>
      <AddressFields
        idPrefix="confirm"
        autoFocusFirst={!account.delivery}
        value={address.draft}
        onChange={address.edit}
        problem={address.problem ?? serverProblem}
        problems={address.problems}
        disabled={sending}
      />
      <PreferenceFields value={form.preferences} options={plan} onChange={form.setPreferences} disabled={sending} />
      {form.needsMethod ? <PaymentMethodFields form={form.payment} idPrefix="confirm" disabled={sending} /> : null}
      <p className={styles.muted}>{t('plans.start.note', { price: formatPrice(plan.amount, plan.currency, locale), interval: formatInterval(t, plan.interval) })}</p>
    </form>
  )
}
