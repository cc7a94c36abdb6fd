import { useId } from 'react'
import type { AddressDraft } from '@/lib/delivery/address-draft'
import { ADDRESS_LIMITS, type AddressField } from '@retter-shared/BeanBloomSubscription/address'
import { countryNameIn, deliveryCountriesByName } from '@/lib/delivery/countries'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'
import styles from '@/components/ui/Fields.module.css'

// The draft's shape and constructor have no React: they live in lib/ (a start draft stores one);
// re-exported here for the fields' callers.
export { EMPTY_ADDRESS, draftOf, type AddressDraft } from '@/lib/delivery/address-draft'

const LABELS: Record<AddressField, { label: MessageKey; autoComplete: string }> = {
  name: { label: 'delivery.address.name', autoComplete: 'shipping name' },
  line1: { label: 'delivery.address.line1', autoComplete: 'shipping address-line1' },
  line2: { label: 'delivery.address.line2', autoComplete: 'shipping address-line2' },
  postalCode: { label: 'delivery.address.postalCode', autoComplete: 'shipping postal-code' },
  city: { label: 'delivery.address.city', autoComplete: 'shipping address-level2' },
  country: { label: 'delivery.address.country', autoComplete: 'shipping country' },
}

export interface AddressFieldsProps {
  value: AddressDraft
  onChange(next: AddressDraft): void
  /** The field a problem is about, and its message (shown under that field). */
  problem: { field: AddressField; message: string } | null
  /** Every field's problem at once, each under its field (when given, in place of `problem`). */
  problems?: ReadonlyArray<{ field: AddressField; message: string }>
  disabled?: boolean
  /** Ids become `<idPrefix>-<field>` (so a caller can focus a field); unique ids otherwise. */
  idPrefix?: string
  /** Marks the first field for the dialog's initial focus (an address is what is needed first). */
  autoFocusFirst?: boolean
  /**
   * The id of a heading that already says "Delivery address" (a card's title): the fields are
   * named by it, and no legend repeats it.
   */
  labelledBy?: string
}

/**
 * The delivery-address inputs: labelled, with autofill hints, the countries we deliver to, and a
 * problem shown under its own field (`aria-invalid`, described by the message).
 */
export function AddressFields({ value, onChange, problem, problems, disabled, idPrefix, autoFocusFirst, labelledBy }: AddressFieldsProps) {
  const generated = useId()
  const t = useT()
  const locale = useLocale()
  const base = idPrefix ?? generated
  const idOf = (field: AddressField) => `${base}-${field}`
  const errorIdOf = (field: AddressField) => `${base}-${field}-error`
  const shown = problems && problems.length > 0 ? problems : problem ? [problem] : []
  const messageOf = (field: AddressField) => shown.find((candidate) => candidate.field === field)?.message
  const errorOf = (field: AddressField) => {
    const message = messageOf(field)
    return message ? <p id={errorIdOf(field)} className={styles.fieldError}>{message}</p> : null
  }
  const common = (field: AddressField) => ({
    id: idOf(field),
    name: field,
    disabled,
    autoComplete: LABELS[field].autoComplete,
    'aria-invalid': messageOf(field) ? true : undefined,
    'aria-describedby': messageOf(field) ? errorIdOf(field) : undefined,
  })
  const field = (name: Exclude<AddressField, 'country'>) => (
    <div className={`${styles.field} ${styles[`field-${name}`] ?? ''}`} key={name}>
      <label htmlFor={idOf(name)}>{t(LABELS[name].label)}</label>
      <input
        {...common(name)}
        type="text"
        value={value[name]}
        maxLength={ADDRESS_LIMITS[name]}
        required={name !== 'line2'}
        data-autofocus={autoFocusFirst && name === 'name' ? true : undefined}
        onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      />
      {errorOf(name)}
    </div>
  )
  return (
    <fieldset className={styles.address} disabled={disabled} aria-labelledby={labelledBy}>
      {labelledBy ? null : <legend>{t('delivery.address.legend')}</legend>}
      {field('name')}
      {field('line1')}
      {field('line2')}
      <div className={styles.pair}>
        {field('postalCode')}
        {field('city')}
      </div>
      <div className={styles.field}>
        <label htmlFor={idOf('country')}>{t(LABELS.country.label)}</label>
        <select {...common('country')} value={value.country} required onChange={(event) => onChange({ ...value, country: event.target.value })}>
          <option value="">{t('delivery.address.chooseCountry')}</option>
          {deliveryCountriesByName(locale).map((code) => (
            <option key={code} value={code}>{countryNameIn(code, locale)}</option>
          ))}
        </select>
        {errorOf('country')}
      </div>
    </fieldset>
  )
}
