import { useId } from 'react'

/** The label and input of a 6-digit code from an e-mail (spaces allowed, as the e-mail groups them). */
export function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>Code from the e-mail</label>
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
