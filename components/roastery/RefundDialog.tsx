import { useId, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/react/useSendOnce'
import type { BoardDelivery } from '@/lib/contract'
import { parseRefundAmount, refundableCents } from '@/lib/roastery/money'
import styles from './Roastery.module.css'
import { DialogFormActions } from './DialogFormActions'
import { useLocale, useT } from '@/contexts/I18nContext'
import { useEuros } from './useEuros'

export interface RefundDialogProps {
  /** The delivery's recipient and money (a board entry, or a customer's payment as support sees it). */
  delivery: Pick<BoardDelivery, 'name' | 'payment' | 'amountCents' | 'refundedCents'>
  /** The day as staff read it ("Wed 25 Nov"). */
  dayLabel: string
  /** Sends the refund; rejects with an AppError (409 when it is more than is left, said as the backend says it). */
  onRefund(amountCents: number, reason: string): Promise<void>
  onClose(): void
}

/**
 * Refunds a delivery in full or in part, with a reason: money goes back to the customer's card or
 * account, so it is one deliberate form. The amount defaults to everything left to refund.
 */
export function RefundDialog({ delivery, dayLabel, onRefund, onClose }: RefundDialogProps) {
  const t = useT()
  const locale = useLocale()
  const euros = useEuros()
  const left = refundableCents(delivery)
  const [amount, setAmount] = useState((left / 100).toFixed(2))
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const ids = useId()
  const parsed = parseRefundAmount(amount, left, t, locale)
  const { send, sending, error, inFlight } = useSendOnce((cents: number, why: string) => onRefund(cents, why))

  function submit(event: React.FormEvent): void {
    event.preventDefault()
    if ('message' in parsed) return setProblem(parsed.message)
    if (!reason.trim()) return setProblem(t('roastery.refund.noReason'))
    setProblem(null)
    void send(parsed.cents, reason)
  }

  return (
    <Dialog
      title={t('roastery.refund.title', { name: delivery.name, day: dayLabel })}
      onClose={() => { if (!inFlight()) onClose() }}
      description={<p>{delivery.refundedCents
        ? t('roastery.refund.paidPartly', { paid: euros(delivery.amountCents ?? 0), refunded: euros(delivery.refundedCents), left: euros(left) })
        : t('roastery.refund.paid', { paid: euros(delivery.amountCents ?? 0), left: euros(left) })}</p>}
    >
      <form onSubmit={submit} noValidate className={styles.dialogForm}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-amount`}>{t('roastery.refund.amount')}</label>
          <input id={`${ids}-amount`} name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={problem ? `${ids}-problem` : undefined} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-reason`}>{t('roastery.refund.reason')}</label>
          <textarea id={`${ids}-reason`} name="reason" maxLength={200} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} required />
        </div>
        {problem ? <p id={`${ids}-problem`} className={styles.error} role="alert">{problem}</p> : null}
        {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
        <DialogFormActions label={'message' in parsed ? t('roastery.refund.button') : t('roastery.refund.submit', { amount: euros(parsed.cents) })} busy={t('roastery.refund.busy')} sending={sending} onCancel={onClose} />
      </form>
    </Dialog>
  )
}
