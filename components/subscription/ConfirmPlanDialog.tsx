import { useRef, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import type { SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { toAppError } from '@/lib/rio/errors'
import type { PlanChoicePreview } from '@/lib/subscription/view'
import type { AppError } from '@/lib/types'
import { planPriceText } from './PlanPrice'
import { Row } from './SubscriptionCard'
import styles from './Subscription.module.css'

export interface ConfirmPlanDialogProps {
  plan: SubscriptionPlan
  preview: PlanChoicePreview
  /** Sends the choice; rejects with an AppError. */
  onConfirm(): Promise<void>
  onClose(): void
  locale?: string
}

const TITLES: Record<PlanChoicePreview['kind'], (name: string) => string> = {
  start: (name) => `Start with ${name}?`,
  restart: (name) => `Start ${name} again?`,
  change: (name) => `Switch to ${name}?`,
}
const ACTIONS: Record<PlanChoicePreview['kind'], (name: string) => string> = {
  start: (name) => `Start ${name}`,
  restart: (name) => `Start ${name} again`,
  change: (name) => `Switch to ${name}`,
}

/**
 * The confirmation step of starting, restarting or changing a plan: the plan, its price (per month
 * too for yearly plans), when it applies and the next delivery. One click sends one choice; a
 * failure is shown here and the dialog stays, so nothing the customer chose is lost.
 */
export function ConfirmPlanDialog({ plan, preview, onConfirm, onClose, locale }: ConfirmPlanDialogProps) {
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  // A ref, not state: a double click must not send twice before React re-renders.
  const inFlight = useRef(false)
  const day = formatDeliveryDay(preview.firstDeliveryAt, locale)

  async function confirm() {
    if (inFlight.current) return
    inFlight.current = true
    setSending(true)
    setError(null)
    try {
      await onConfirm()
    } catch (caught) {
      setError(toAppError(caught))
      inFlight.current = false
      setSending(false)
    }
  }

  const applies = preview.kind === 'change'
    ? `From your next delivery on ${day}${preview.paused ? ' (your pause stays as it is)' : ''}`
    : 'Today'

  return (
    <Dialog
      title={TITLES[preview.kind](plan.name)}
      onClose={() => { if (!inFlight.current) onClose() }}
      description={
        <dl className={styles.summary}>
          <Row className="" label="Plan">{plan.name}</Row>
          <Row className="" label="Price">{planPriceText(plan, locale)}</Row>
          <Row className="" label="Applies">{applies}</Row>
          <Row className="" label="Next delivery"><time dateTime={preview.firstDeliveryAt}>{day}</time></Row>
        </dl>
      }
    >
      {error ? (
        <p className={styles.error} role="alert">{error.message}</p>
      ) : null}
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> Saving…</> : ACTIONS[preview.kind](plan.name)}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={sending}>
          Not now
        </button>
      </div>
    </Dialog>
  )
}
