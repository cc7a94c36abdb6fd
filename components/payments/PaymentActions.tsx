import { useRef, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { usePayments } from './usePayments'
import type { DeliveryPayment } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { asAppError } from '@/lib/rio/errors/app-error'
import { useMethodEditor } from './MethodEditor'
import fieldStyles from '@/components/ui/Fields.module.css'
import styles from './Payments.module.css'

const NOT_CONFIRMED = 'Your bank did not confirm the payment. Try again, or use another card.'

/**
 * What a customer can do about a delivery's payment: a failed one is retried or paid with another
 * card; one the bank asked about is confirmed in Stripe's own dialog (3-D Secure), then settled.
 * Nothing for any other status. A failure is shown here, in Stripe's or the class's words.
 */
export function PaymentActions({ payment }: { payment: DeliveryPayment }) {
  const { retryPayment } = usePayments()
  const editor = useMethodEditor()
  const [busy, setBusy] = useState<'retry' | 'confirm' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const inFlight = useRef(false)
  const day = formatDeliveryDay(payment.date)

  if (payment.status !== 'failed' && payment.status !== 'requires_action') return null

  async function run(kind: 'retry' | 'confirm') {
    if (inFlight.current) return
    inFlight.current = true
    setBusy(kind)
    setProblem(null)
    try {
      if (kind === 'confirm') {
        const { loadStripe } = await import('@/lib/payments/stripe/load-stripe')
        const stripe = await loadStripe()
        const result = await stripe.confirmCardPayment(payment.clientSecret ?? '')
        if (result.error) {
          setProblem(result.error.message ?? NOT_CONFIRMED)
          return
        }
      }
      await retryPayment(payment.date)
      notify.success(kind === 'confirm' ? `Thank you: your delivery on ${day} is confirmed with your bank.` : `We tried the payment for your delivery on ${day} again.`)
    } catch (caught) {
      setProblem(caught instanceof Error && !('code' in caught) ? caught.message : asAppError(caught).message)
    } finally {
      inFlight.current = false
      setBusy(null)
    }
  }

  return (
    <>
      <span className={styles.actions}>
        {payment.status === 'failed' ? (
          <>
            <button type="button" className="btn btn-primary btn-small" disabled={busy !== null} aria-label={`Retry payment for the delivery on ${day}`} onClick={() => void run('retry')}>
              {busy === 'retry' ? 'Retrying…' : 'Retry payment'}
            </button>
            {editor ? (
              <button type="button" className="btn btn-secondary btn-small" disabled={busy !== null} aria-label={`Use another card for the delivery on ${day}`} onClick={editor.open}>
                Use another card
              </button>
            ) : null}
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-small" disabled={busy !== null || !payment.clientSecret} aria-label={`Confirm with your bank the payment for the delivery on ${day}`} onClick={() => void run('confirm')}>
            {busy === 'confirm' ? 'Confirming…' : 'Confirm with your bank'}
          </button>
        )}
      </span>
      {problem ? <span className={fieldStyles.fieldError} role="alert">{problem}</span> : null}
    </>
  )
}
