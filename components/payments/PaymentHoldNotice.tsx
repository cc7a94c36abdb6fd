import { Notice } from '@/components/ui/feedback/Notice'
import { formatDeliveryDay } from '@/lib/format/date'
import { useMethodEditor } from './MethodEditor'

/**
 * Said first on /account while deliveries are on hold because the last ones could not be paid:
 * why, since when, and the one thing that lifts it (saving a working payment method).
 */
export function PaymentHoldNotice({ since }: { since: string }) {
  const editor = useMethodEditor()
  return (
    <Notice tone="error" role="alert">
      <p>
        <strong>Your deliveries are on hold.</strong>{' '}
        {`Your last deliveries could not be paid, so we have stopped sending coffee since ${formatDeliveryDay(since)}. `}
        Save a card or bank account that works and your deliveries start again; nothing is lost.
      </p>
      {editor ? (
        <button type="button" className="btn btn-primary" onClick={editor.open}>
          Update payment method
        </button>
      ) : null}
    </Notice>
  )
}
