import { useId, useState } from 'react'
import { useT } from '@/contexts/I18nContext'
import { usePlanList } from '@/contexts/AccountContext'
import { AddressFields, draftOf, type AddressDraft } from '@/components/delivery/AddressFields'
import { PreferenceFields } from '@/components/delivery/PreferenceFields'
import { planTitle } from '@/lib/format/plan'
import type { CoffeePreferences } from '@/lib/contract'
import type { CustomerForStaff, StaffAct } from '@/lib/staff/customer-api'
import styles from '@/components/roastery/Roastery.module.css'

export interface CustomerChangesProps {
  customer: CustomerForStaff
  busy: boolean
  /** Runs the change with the panel's reason; true when it went through. */
  act(what: StaffAct): Promise<boolean>
}

/** The address as the Account takes it: empty optional lines left out. */
function addressOf(draft: AddressDraft): Extract<StaffAct, { method: 'setDeliveryAddress' }>['body'] {
  const address = { name: draft.name, line1: draft.line1, city: draft.city, postalCode: draft.postalCode, country: draft.country }
  return draft.line2.trim() ? { ...address, line2: draft.line2 } : address
}

/**
 * What support changes in a customer's details for them: their plan, their delivery address and
 * their coffee, each with the reason above and the customer's own fields and rules (the Account
 * checks the address as it checks the customer's, and its refusal shows here).
 */
export function CustomerChanges({ customer, busy, act }: CustomerChangesProps) {
  const t = useT()
  const ids = useId()
  const { plans } = usePlanList()
  const [address, setAddress] = useState<AddressDraft>(() => draftOf(customer.delivery))
  const plan = plans.find((p) => p.id === customer.plan)
  const [coffee, setCoffee] = useState<CoffeePreferences | undefined>(customer.preferences)
  const others = plans.filter((p) => p.id !== customer.plan)
  const [planId, setPlanId] = useState(others[0]?.id ?? '')
  const live = customer.status === 'active' || customer.status === 'paused'
  return (
    <>
      {live && others.length > 0 ? (
        <details>
          <summary>{t('staff.customer.changePlan')}</summary>
          <div className={styles.field}>
            <label htmlFor={`${ids}-plan`}>{t('staff.customer.newPlan')}</label>
            <select id={`${ids}-plan`} value={planId} onChange={(event) => setPlanId(event.target.value)}>
              {others.map((p) => <option key={p.id} value={p.id}>{planTitle(t, p)}</option>)}
            </select>
            <button type="button" className="btn btn-secondary" disabled={busy || !planId} onClick={() => void act({ method: 'selectPlan', body: { planId } })}>{t('staff.customer.savePlan')}</button>
          </div>
        </details>
      ) : null}
      <details>
        <summary>{t('staff.customer.changeAddress')}</summary>
        <form onSubmit={(event) => { event.preventDefault(); void act({ method: 'setDeliveryAddress', body: addressOf(address) }) }}>
          <AddressFields value={address} onChange={setAddress} problem={null} disabled={busy} idPrefix={`${ids}-address`} />
          <button type="submit" className="btn btn-secondary" disabled={busy}>{t('staff.customer.saveAddress')}</button>
        </form>
      </details>
      {plan && coffee ? (
        <details>
          <summary>{t('staff.customer.changeCoffee')}</summary>
          <form onSubmit={(event) => { event.preventDefault(); void act({ method: 'setPreferences', body: coffee }) }}>
            <PreferenceFields value={coffee} options={plan} onChange={setCoffee} disabled={busy} />
            <button type="submit" className="btn btn-secondary" disabled={busy}>{t('staff.customer.saveCoffee')}</button>
          </form>
        </details>
      ) : null}
    </>
  )
}
