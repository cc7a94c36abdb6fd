import { useState, useSyncExternalStore } from 'react'
import { AddressFields } from '@/components/delivery/AddressFields'
import { serverProblemOf, useAddressDraft } from '@/components/delivery/useAddressDraft'
import { changedFields, deliveryVersionOf } from '@/lib/delivery/address-version'
import type { AccountView, DeliveryAddress } from '@/lib/contract'
import { plainLayout, postalLayout, watchPostalLayout, withCountryIn } from '@/lib/format/address'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { andList } from '@/lib/format/plan'
import type { AddressField } from '@retter-shared/BeanBloomSubscription/address'
import cardStyles from '@/components/ui/Card.module.css'
import { EditButton, EditForm } from './EditForm'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'
import { useEditInPlace } from './useEditInPlace'

/** The address as the form was opened on: the version a save is based on, and what it showed. */
interface Base {
  version: number
  address: DeliveryAddress | undefined
}

const FIELD_WORDS: Record<AddressField, MessageKey> = {
  name: 'subscription.address.field.name',
  line1: 'subscription.address.field.line1',
  line2: 'subscription.address.field.line2',
  postalCode: 'subscription.address.field.postalCode',
  city: 'subscription.address.field.city',
  country: 'subscription.address.field.country',
}

/** "the street and number and the town or city" */
function fieldsText(t: Translate, fields: readonly AddressField[]): string {
  return andList(t, fields.map((field) => t(FIELD_WORDS[field])))
}

/**
 * The delivery address, shown as a label would print it and edited in place. A save says which
 * version of the address it was made on: when the address changed elsewhere meanwhile (another tab,
 * another device), the class refuses it, and the form shows the address saved now and what changed
 * while keeping what was typed; the customer then takes the saved one or saves theirs over it.
 */
export function DeliveryAddressSection({ account, changes }: { account: AccountView; changes: ChangeRunner }) {
  const edit = useEditInPlace(changes, 'address')
  const typed = useAddressDraft(account.delivery, 'address')
  const [base, setBase] = useState<Base | null>(null)
  const { failed } = edit
  const serverProblem = serverProblemOf(failed)
  const address = account.delivery
  const t = useT()
  const locale = useLocale()
  const addressLines = withCountryIn(useSyncExternalStore(watchPostalLayout, postalLayout, plainLayout), locale)
  const version = deliveryVersionOf(account)
  // Seen live (the other tab's save arrives in a moment) or refused by the class.
  const stale = edit.editing && base !== null && (version !== base.version || failed?.code === 'ADDRESS_CHANGED')
  const changed = base ? changedFields(base.address, address) : []

  /** Sends the typed address as a change of version `on` (the one the form was opened on). */
  async function save(on: number = base?.version ?? version) {
    const checked = typed.check()
    if (!checked) return
    await edit.save({ kind: 'address', address: checked, version: on }, address ? t('subscription.address.changedToast') : t('subscription.address.savedToast'))
  }

  /** The customer has seen the address saved now: their next save replaces it. */
  function keepMine() {
    setBase({ version, address })
    changes.clearError()
    void save(version)
  }

  function takeSaved() {
    typed.reset(address)
    setBase({ version, address })
    changes.clearError()
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="address-title">
      <h2 id="address-title">{t('delivery.address.legend')}</h2>
      {edit.editing ? (
        <EditForm
          edit={edit}
          label={t('subscription.address.save')}
          onSave={() => void save()}
          alert={failed && !serverProblem && failed.code !== 'ADDRESS_CHANGED' ? failed.message : null}
          noValidate
        >
          {stale ? (
            <div className={styles.stale} role="alert" data-testid="address-changed">
              <p>
                <strong>{t('subscription.address.staleTitle')}</strong>
                {failed?.code === 'ADDRESS_CHANGED' ? t('subscription.address.staleRefused') : '.'}
                {changed.length > 0 ? ` ${t('subscription.address.whatChanged', { fields: fieldsText(t, changed) })}` : ''} {t('subscription.address.savedNow')}
              </p>
              {address ? (
                <address className={styles.label}>
                  {addressLines(address).map((line) => <span key={line}>{line}</span>)}
                </address>
              ) : <p>{t('subscription.address.noAddress')}</p>}
              <p>{t('subscription.address.stillTyped')}</p>
              <div className={styles.buttons}>
                <button type="button" className="btn btn-secondary" onClick={takeSaved} disabled={edit.blocked}>{t('subscription.address.useSaved')}</button>
                <button type="button" className="btn btn-secondary" onClick={keepMine} disabled={edit.blocked}>{t('subscription.address.saveMine')}</button>
              </div>
            </div>
          ) : null}
          <AddressFields idPrefix="address" labelledBy="address-title" value={typed.draft} onChange={typed.edit} problem={typed.problem ?? serverProblem} problems={typed.problems} disabled={edit.sending} />
        </EditForm>
      ) : (
        <>
          {address ? (
            <address className={styles.label} data-testid="delivery-address">
              {addressLines(address).map((line) => <span key={line}>{line}</span>)}
            </address>
          ) : (
            <p>{t('subscription.address.none')}</p>
          )}
          <EditButton
            edit={edit}
            onClick={() => {
              typed.reset(address)
              setBase({ version, address })
              edit.open()
              window.setTimeout(() => document.getElementById('address-name')?.focus(), 0)
            }}
          >
            {address ? t('subscription.address.change') : t('subscription.address.add')}
          </EditButton>
        </>
      )}
    </section>
  )
}
