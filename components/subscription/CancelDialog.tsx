import { useId, useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'
import styles from './Subscription.module.css'
import { useSendOnce } from '@/components/react/useSendOnce'
import { useT } from '@/contexts/I18nContext'
import { ROUTES } from '@/lib/routes'
import { CANCEL_NOTE_MAX, CANCEL_REASONS, OFFERS_FOR, type CancelOffer, type CancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'
import { cancelReasonKey } from '@/lib/subscription/cancel-words'
import { AppLink } from '@/components/ui/AppLink'

/** Weeks the pause offered instead of a cancellation lasts. */
export const OFFERED_PAUSE_WEEKS = 4

export interface CancelDialogProps {
  planName: string
  /** Sends the cancellation with its reason and note; rejects with an AppError. */
  onConfirm(why: { reason: CancelReason; note?: string }): Promise<void>
  /** Takes an offer instead (skip the next delivery, pause): the dialog closes; rejects with an AppError. */
  onOffer(offer: Extract<CancelOffer, 'skipNext' | 'pause'>): Promise<void>
  onClose(): void
}

/** Where an offer that is a change elsewhere on the page takes the customer: the card that makes it. */
const OFFER_PLACES: Partial<Record<CancelOffer, string>> = {
  anotherCoffee: '#plan-title',
  newAddress: '#address-title',
}

/**
 * Confirms a cancellation and says what it means. It asks why (one of five reasons; a few words
 * for "something else") and, once a reason is chosen, offers what fits it instead: skip the next
 * delivery or pause (done here), a smaller plan, another coffee or the new address (where the page
 * makes them). It opens on the safe choice (keep); a failure is shown here, and what was typed
 * survives a stray click outside.
 */
export function CancelDialog({ planName, onConfirm, onOffer, onClose }: CancelDialogProps) {
  const ids = useId()
  const t = useT()
  const [reason, setReason] = useState<CancelReason | null>(null)
  const [note, setNote] = useState('')
  const [missing, setMissing] = useState<string | null>(null)
  const { send, sending, error, inFlight } = useSendOnce(onConfirm)
  const offer = useSendOnce(onOffer)
  const busy = sending || offer.sending

  const confirm = () => {
    if (!reason) return setMissing(t('subscription.cancel.chooseReason'))
    if (reason === 'other' && !note.trim()) return setMissing(t('subscription.cancel.noteNeeded'))
    setMissing(null)
    void send(note.trim() ? { reason, note: note.trim() } : { reason })
  }
  const offerButton = (which: CancelOffer) => {
    if (which === 'skipNext' || which === 'pause') {
      return (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void offer.send(which)}>
          {which === 'pause' ? t('subscription.cancel.offer.pause', { weeks: OFFERED_PAUSE_WEEKS }) : t('subscription.cancel.offer.skipNext')}
        </button>
      )
    }
    if (which === 'smallerPlan') return <AppLink href={ROUTES.plans} className="btn btn-secondary">{t('subscription.cancel.offer.smallerPlan')}</AppLink>
    return <a href={OFFER_PLACES[which]} className="btn btn-secondary" onClick={onClose}>{t(which === 'anotherCoffee' ? 'subscription.cancel.offer.anotherCoffee' : 'subscription.cancel.offer.newAddress')}</a>
  }
  const shown = error ?? offer.error
  return (
    <Dialog
      title={t('subscription.cancel.title')}
      onClose={() => { if (!inFlight() && !offer.inFlight()) onClose() }}
      closeOnBackdrop={reason === null && note.trim() === ''}
      description={
        <>
          <p>{t('subscription.cancel.stop', { plan: planName })}</p>
          <p>{t('subscription.cancel.again')}</p>
        </>
      }
    >
      <fieldset className={styles.field} aria-describedby={missing ? `${ids}-missing` : undefined}>
        <legend>{t('subscription.cancel.why')}</legend>
        {CANCEL_REASONS.map((code) => (
          <label key={code} className={styles.choice}>
            <input type="radio" name={`${ids}-reason`} value={code} checked={reason === code} onChange={() => { setReason(code); setMissing(null) }} disabled={busy} />
            {' '}{t(cancelReasonKey(code))}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${ids}-note`}>{t(reason === 'other' ? 'subscription.cancel.noteOther' : 'subscription.cancel.note')}</label>
        <textarea id={`${ids}-note`} value={note} maxLength={CANCEL_NOTE_MAX} rows={3} onChange={(event) => setNote(event.target.value)} required={reason === 'other'} disabled={busy} />
      </div>
      {reason ? (
        <section aria-labelledby={`${ids}-offers`} className={styles.field}>
          <h3 id={`${ids}-offers`}>{t('subscription.cancel.offers')}</h3>
          <ul className={styles.offers}>
            {OFFERS_FOR[reason].map((which) => <li key={which}>{offerButton(which)}</li>)}
          </ul>
        </section>
      ) : null}
      {missing ? <p id={`${ids}-missing`} className={styles.error} role="alert">{missing}</p> : null}
      {shown ? <p className={styles.error} role="alert">{shown.message}</p> : null}
      <div className={styles.dialogActions}>
        <button type="button" className={`btn ${styles.danger}`} onClick={confirm} disabled={busy} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> {t('subscription.cancel.cancelling')}</> : t('subscription.cancel.confirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy} data-autofocus>
          {t('subscription.cancel.keep')}
        </button>
      </div>
    </Dialog>
  )
}
