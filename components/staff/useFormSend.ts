import { useCallback, useState } from 'react'
import { useT } from '@/contexts/I18nContext'
import { asAppError } from '@/lib/rio/errors/app-error'
import { fieldProblem } from './field-label'

/** A catalogue form's sending: busy while it runs, and the problem to show above the form. */
export interface FormSend {
  busy: boolean
  problem: string | null
  /** Shows a problem found before sending (nothing is sent). */
  refuse(problem: string): void
  /** Runs `work`; a failure becomes the problem, led by the label of the field the Shop named. */
  send(work: () => Promise<void>): Promise<void>
}

export function useFormSend(): FormSend {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const send = useCallback(async (work: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    try {
      await work()
    } catch (caught) {
      const failure = asAppError(caught)
      setProblem(fieldProblem(t, failure.field, failure.message))
    } finally {
      setBusy(false)
    }
  }, [t])
  return { busy, problem, refuse: setProblem, send }
}
