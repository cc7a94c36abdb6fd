import { AddressFields } from '@/components/delivery/AddressFields'
import { serverProblemOf, useAddressDraft } from '@/components/delivery/useAddressDraft'
import type { AccountView } from '@/lib/contract'
import { addressLines } from '@/lib/subscription/address'
import cardStyles from '@/components/account/Account.module.css'
import { EditButton, EditForm } from './EditForm'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'
import { useEditInPlace } from './useEditInPlace'

/** The delivery address, shown as a label would print it and edited in place. */
export function DeliveryAddressSection({ account, changes }: { account: AccountView; changes: ChangeRunner }) {
  const edit = useEditInPlace(changes, 'address')
  const typed = useAddressDraft(account.delivery, 'address')
  const { failed } = edit
  const serverProblem = serverProblemOf(failed)
  const address = account.delivery

  async function save() {
    const checked = typed.check()
    if (!checked) return
    await edit.save({ kind: 'address', address: checked }, address ? 'Your delivery address has changed.' : 'Your delivery address is saved.')
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="address-title">
      <h2 id="address-title">Delivery address</h2>
      {edit.editing ? (
        <EditForm edit={edit} label="Save address" onSave={() => void save()} alert={failed && !serverProblem ? failed.message : null} noValidate>
          <AddressFields idPrefix="address" value={typed.draft} onChange={typed.edit} problem={typed.problem ?? serverProblem} disabled={edit.sending} />
        </EditForm>
      ) : (
        <>
          {address ? (
            <address className={styles.label} data-testid="delivery-address">
              {addressLines(address).map((line) => <span key={line}>{line}</span>)}
            </address>
          ) : (
            <p>No delivery address yet. We need one before we can send your coffee.</p>
          )}
          <EditButton edit={edit} onClick={() => { typed.reset(address); edit.open(); window.setTimeout(() => document.getElementById('address-name')?.focus(), 0) }}>
            {address ? 'Change address' : 'Add address'}
          </EditButton>
        </>
      )}
    </section>
  )
}
