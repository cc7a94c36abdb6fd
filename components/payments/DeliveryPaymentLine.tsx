import type { DeliveryPayment } from '@/lib/contract'
import { paymentLine } from '@/lib/payments/words'
import { PaymentActions } from './PaymentActions'
import styles from './Payments.module.css'

/**
 * A delivery's payment as the customer reads it ("Paid · €20.00", "Payment failed · €20.00" and
 * why), with what they can do about it.
 */
export function DeliveryPaymentLine({ payment, locale }: { payment: DeliveryPayment; locale?: string }) {
  return (
    <>
      <span className={`${styles.status} ${styles[`status-${payment.status}`] ?? ''}`} data-testid="payment-status">
        {paymentLine(payment, locale)}
      </span>
      {payment.failure && (payment.status === 'failed' || payment.status === 'unpaid') ? (
        <span className={styles.muted}>{payment.failure}</span>
      ) : null}
      <PaymentActions payment={payment} />
    </>
  )
}
