import { useRef, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { usePayments } from './usePayments'
import type { DeliveryPayment } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { asAppError } from '@/lib/rio/errors/app-error'
import { useMethodEditor } from './MethodEditor'
import fieldStyles from '@/components/ui/Fields.module.css'
import styles from './Payments.module.css'
import { useLocale, useT } from '@/contexts/I18nContext'
import { errorText } from '@/lib/rio/errors/words'
import { stripeErrorText } from '@/lib/payments/decline'

/**
 * What a customer can do about a delivery's payment: a failed one is retried or paid with another
 * card; one the bank asked about is confirmed in Stripe's own dialog (3-D Secure), then settled.
 * Nothing for any other status. A failure is shown here, in the page's words for Stripe's code or in the class's words.
 */
export function PaymentActions({ payment }: { payment: DeliveryPayment }) {
  const { retryPayment } = usePayments()
  const editor = useMethodEditor()
  const [busy, setBusy] = useState<'retry' | 'confirm' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const inFlight = useRef(false)
  const t = useT()
  const day = formatDeliveryDay(payment.date, useLocale())

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
          setProblem(stripeErrorText(t, result.error, 'payments.actions.notConfirmed'))
          return
        }
      }
      await retryPayment(payment.date)
      notify.success(kind === 'confirm' ? t('payments.toast.confirmed', { day }) : t('payments.toast.retried', { day }))
    } catch (caught) {
      setProblem(caught instanceof Error && !('code' in caught) ? errorText(t, caught) : errorText(t, asAppError(caught)))
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
            <button type="button" className="btn btn-primary btn-small" disabled={busy !== null} aria-label={t('payments.actions.retryLabel', { day })} onClick={() => void run('retry')}>
              {busy === 'retry' ? t('payments.actions.retrying') : t('payments.actions.retry')}
            </button>
            {editor ? (
              <button type="button" className="btn btn-secondary btn-small" disabled={busy !== null} aria-label={t('payments.actions.anotherCardLabel', { day })} onClick={editor.open}>
                {t('payments.actions.anotherCard')}
              </button>
            ) : null}
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-small" disabled={busy !== null || !payment.clientSecret} aria-label={t('payments.actions.confirmLabel', { day })} onClick={() => void run('confirm')}>
            {busy === 'confirm' ? t('payments.actions.confirming') : t('payments.actions.confirm')}
          </button>
        )}
      </span>
      {problem ? <span className={fieldStyles.fieldError} role="alert">{problem}</span> : null}
    </>
  )
}
