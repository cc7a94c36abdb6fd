import { useId, type ReactNode } from 'react'
import styles from './SignIn.module.css'

/**
 * Ids for a field's hint and error, and the `aria-describedby` that names both while an error
 * shows, so screen readers read the error with the field (both sign-in steps use it).
 */
export function useFieldHelp(error: string | null) {
  const hintId = useId()
  const errorId = useId()
  return { hintId, errorId, describedBy: error ? `${hintId} ${errorId}` : hintId }
}

/** The hint under a field, and its error as an alert while there is one. */
export function FieldHelp({ hintId, errorId, hint, error }: { hintId: string; errorId: string; hint: ReactNode; error: string | null }) {
  return (
    <>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
