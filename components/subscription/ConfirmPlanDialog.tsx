import { Dialog } from '@/components/ui/Dialog'
import type { SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import type { PlanChoicePreview } from '@/lib/subscription/view'
import { planPriceText } from './PlanPrice'
import { Row } from './Row'
import styles from './Subscription.module.css'
import { useSendOnce } from './useSendOnce'

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
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)
  const day = formatDeliveryDay(preview.firstDeliveryAt, locale)

  const applies = preview.kind === 'change'
    ? `From your next delivery on ${day}${preview.paused ? ' (your pause stays as it is)' : ''}`
    : 'Today'

  return (
    <Dialog
      title={TITLES[preview.kind](plan.name)}
      onClose={() => { if (!inFlight()) onClose() }}
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
        <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> Saving…</> : ACTIONS[preview.kind](plan.name)}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={sending}>
          Not now
        </button>
      </div>
    </Dialog>
  )
}
