import { useRef, useState } from 'react'
import { AddressFields, draftOf, type AddressDraft } from '@/components/delivery/AddressFields'
import { addressLines } from '@/lib/format/address'
import type { AccountView } from '@/lib/contract'
import { checkAddress, type AddressField } from '@/lib/subscription/address'
import cardStyles from '@/components/account/Account.module.css'
import { FormActions } from './FormActions'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

/** The delivery address, shown as a label would print it and edited in place. */
export function DeliveryAddressSection({ account, changes }: { account: AccountView; changes: ChangeRunner }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(account.delivery))
  const [problem, setProblem] = useState<{ field: AddressField; message: string } | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const failed = changes.error?.change.kind === 'address' ? changes.error.error : null
  const sending = changes.busy?.kind === 'address'
  const serverProblem = failed?.field ? { field: failed.field as AddressField, message: failed.message } : null
  const address = account.delivery

  async function save() {
    const checked = checkAddress(draft)
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message })
      document.getElementById(`address-${checked.field}`)?.focus()
      return
    }
    setProblem(null)
    const ok = await changes.run({ kind: 'address', address: checked.address }, {
      message: address ? 'Your delivery address has changed.' : 'Your delivery address is saved.',
      focus: () => editButton.current,
    })
    if (ok) setEditing(false)
  }

  function cancel() {
    setEditing(false)
    setProblem(null)
    changes.clearError()
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="address-title">
      <h2 id="address-title">Delivery address</h2>
      {editing ? (
        <form noValidate onSubmit={(event) => { event.preventDefault(); void save() }} onKeyDown={(event) => { if (event.key === 'Escape') cancel() }}>
          <AddressFields idPrefix="address" value={draft} onChange={(next) => { setDraft(next); setProblem(null) }} problem={problem ?? serverProblem} disabled={sending} />
          {failed && !serverProblem ? <p className={styles.error} role="alert">{failed.message}</p> : null}
          <FormActions label="Save address" sending={sending} blocked={changes.busy !== null} onCancel={cancel} />
        </form>
      ) : (
        <>
          {address ? (
            <address className={styles.label} data-testid="delivery-address">
              {addressLines(address).map((line) => <span key={line}>{line}</span>)}
            </address>
          ) : (
            <p>No delivery address yet. We need one before we can send your coffee.</p>
          )}
          <div className={styles.buttons}>
            <button
              ref={editButton}
              type="button"
              className="btn btn-secondary"
              disabled={changes.busy !== null}
              onClick={() => { setDraft(draftOf(address)); setEditing(true); window.setTimeout(() => document.getElementById('address-name')?.focus(), 0) }}
            >
              {address ? 'Change address' : 'Add address'}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
