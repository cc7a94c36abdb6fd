import { useId } from 'react'
import { useT } from '@/contexts/I18nContext'

/**
 * The label and input of a 6-digit code from an e-mail (spaces allowed, as the e-mail groups them).
 * @param label what the field is called where a form asks for more than one code
 */
export function CodeField({ value, onChange, label, describedBy, autoFocus }: {
  value: string
  onChange: (value: string) => void
  label?: string
  /** The id of a line that says where the code went (read with the field). */
  describedBy?: string
  autoFocus?: boolean
}) {
  const t = useT()
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label ?? t('privacy.code.label')}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        required
        value={value}
        aria-describedby={describedBy}
        // Focus follows the step the customer just asked for: the code is what is needed next.
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  )
}
