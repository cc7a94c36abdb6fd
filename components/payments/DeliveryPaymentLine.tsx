import type { DeliveryPayment } from '@/lib/contract'
import { failureTextIn, paymentLineIn } from '@/lib/payments/words'
import { useLocale, useT } from '@/contexts/I18nContext'
import { PaymentActions } from './PaymentActions'
import styles from './Payments.module.css'

/**
 * A delivery's payment as the customer reads it ("Paid · €20.00", "Payment failed · €20.00" and
 * why), with what they can do about it.
 */
export function DeliveryPaymentLine({ payment, locale }: { payment: DeliveryPayment; locale?: string }) {
  const t = useT()
  const pageLocale = useLocale()
  // A delivery a gift paid was never charged: it says so, not "Paid · €0.00".
  if (payment.giftId) return <span className={`${styles.status} ${styles['status-paid'] ?? ''}`} data-testid="payment-status">{t('gifts.upcoming.paidByGift')}</span>
  const failure = payment.status === 'failed' || payment.status === 'unpaid' ? failureTextIn(t, payment, locale ?? pageLocale) : undefined
  return (
    <>
      <span className={`${styles.status} ${styles[`status-${payment.status}`] ?? ''}`} data-testid="payment-status">
        {paymentLineIn(t, payment, locale ?? pageLocale)}
      </span>
      {failure ? <span className={styles.muted}>{failure}</span> : null}
      <PaymentActions payment={payment} />
    </>
  )
}
