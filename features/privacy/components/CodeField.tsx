import { useId } from 'react'

/**
 * The label and input of a 6-digit code from an e-mail (spaces allowed, as the e-mail groups them).
 * @param label what the field is called where a form asks for more than one code
 */
export function CodeField({ value, onChange, label = 'Code from the e-mail' }: { value: string; onChange: (value: string) => void; label?: string }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  )
}
