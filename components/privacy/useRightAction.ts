import { useCallback, useState } from 'react'
import { asAppError } from '@/lib/rio/errors/app-error'
import { errorText } from '@/lib/rio/errors/words'
import { useT } from '@/contexts/I18nContext'

/**
 * The busy and error state of a data-rights card's actions: one runs at a time (`busy` names it,
 * so every button can wait), and a failure is kept as the message the card shows.
 */
export function useRightAction<Step extends string>() {
  const t = useT()
  const [busy, setBusy] = useState<Step | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(async (what: Step, action: () => Promise<void>) => {
    setBusy(what)
    setError(null)
    try {
      await action()
    } catch (caught) {
      setError(errorText(t, asAppError(caught)))
    } finally {
      setBusy(null)
    }
  }, [t])
  return { busy, error, setError, run }
}
