import { useId, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import { useSendOnce } from '@/components/react/useSendOnce'
import type { BoardDelivery } from '@/lib/contract'
import { CARRIERS, cleanTracking, TRACKING_MAX, TRACKING_MIN } from '@retter-shared/BeanBloomBoard/carriers'
import styles from './Roastery.module.css'
import { DialogFormActions } from './DialogFormActions'
import { useT } from '@/contexts/I18nContext'

export interface TrackingDialogProps {
  delivery: BoardDelivery
  /** Sends the carrier and number; rejects with an AppError (the backend names the field). */
  onSave(carrier: string, trackingNumber: string): Promise<void>
  onClose(): void
}

/**
 * One parcel's carrier and tracking number, entered before it is marked shipped: the customer's
 * "on its way" e-mail links to the carrier's page with them. Checked here as the Roastery checks
 * them, so a typo is named at once.
 */
export function TrackingDialog({ delivery, onSave, onClose }: TrackingDialogProps) {
  const t = useT()
  const [carrier, setCarrier] = useState(delivery.tracking?.carrier ?? CARRIERS[0]?.id ?? '')
  const [number, setNumber] = useState(delivery.tracking?.number ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const ids = useId()
  const { send, sending, error, inFlight } = useSendOnce((c: string, n: string) => onSave(c, n))

  function submit(event: React.FormEvent): void {
    event.preventDefault()
    const cleaned = cleanTracking(carrier, number)
    if ('refusal' in cleaned) {
      return setProblem(cleaned.refusal.field === 'carrier'
        ? t('roastery.tracking.badCarrier')
        : t('roastery.tracking.badNumber', { min: TRACKING_MIN, max: TRACKING_MAX }))
    }
    setProblem(null)
    void send(cleaned.tracking.carrier, cleaned.tracking.number)
  }

  return (
    <Dialog
      title={t('roastery.tracking.title', { name: delivery.name })}
      onClose={() => { if (!inFlight()) onClose() }}
      closeOnBackdrop={number === (delivery.tracking?.number ?? '')}
      description={<p>{t('roastery.tracking.text')}</p>}
    >
      <form onSubmit={submit} noValidate className={styles.dialogForm}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-carrier`}>{t('roastery.tracking.carrier')}</label>
          <select id={`${ids}-carrier`} name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
            {CARRIERS.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-number`}>{t('roastery.tracking.number')}</label>
          <input id={`${ids}-number`} name="trackingNumber" autoComplete="off" spellCheck={false} value={number} onChange={(e) => setNumber(e.target.value)} aria-describedby={problem ? `${ids}-problem` : undefined} />
        </div>
        {problem ? <p id={`${ids}-problem`} className={styles.error} role="alert">{problem}</p> : null}
        {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
        <DialogFormActions label={t('roastery.tracking.save')} busy={t('roastery.tracking.saving')} sending={sending} onCancel={onClose} />
      </form>
    </Dialog>
  )
}
