import { useId, useState } from 'react'
import type { AccountUserState, UpcomingDelivery } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { eurosText } from '@/lib/payments/words'
import { extraName, MAX_EXTRA_QUANTITY } from '@retter-shared/BeanBloomSubscription/extras'
import { useT } from '@/contexts/I18nContext'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

type ExtraOptions = NonNullable<AccountUserState['extraOptions']>

const QUANTITIES = Array.from({ length: MAX_EXTRA_QUANTITY }, (_, i) => i + 1)

/** The id of a delivery's row, for focus after a change of its extras. */
const rowId = (date: string) => `delivery-${date.slice(0, 10)}`

/**
 * "Something extra": one form for the card (which delivery, what, how many, "Add"), folded under
 * its title, so a phone's list stays short; choosing alone changes nothing. Charged with the delivery at its final moment
 * (Account.addExtra).
 * @param deliveries the deliveries that may still take an extra (scheduled, not skipped)
 */
export function AddExtra({ deliveries, options, changes, locale }: { deliveries: readonly UpcomingDelivery[]; options: ExtraOptions; changes: ChangeRunner; locale: string }) {
  const t = useT()
  const id = useId()
  const [date, setDate] = useState('')
  const [itemId, setItemId] = useState('')
  const [quantity, setQuantity] = useState(1)
  if (deliveries.length === 0 || options.length === 0) return null
  // The first delivery that may take one, until the customer picks another (or it is gone).
  const target = deliveries.find((d) => d.date === date) ?? deliveries[0]!
  const chosen = options.find((o) => o.id === itemId)
  const busy = changes.busy !== null
  const day = formatDeliveryDay(target.date, locale)
  return (
    // Folded until wanted: one line on a phone's long list.
    <details className={styles.extrasForm}>
      <summary id={`${id}-title`}>{t('subscription.extras.title')}</summary>
      <form
        className={styles.dayForm}
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault()
          if (!chosen) return
          const item = `${quantity} × ${extraName(chosen, locale)}`
          void changes.run({ kind: 'addExtra', date: target.date, itemId: chosen.id, quantity }, {
            message: t('subscription.extras.addDone', { item, day }),
            focus: () => document.getElementById(rowId(target.date)),
          })
          setItemId('')
          setQuantity(1)
        }}
      >
        <select aria-label={t('subscription.extras.deliveryLabel')} value={target.date} disabled={busy} onChange={(event) => setDate(event.target.value)}>
          {deliveries.map((d) => <option key={d.date} value={d.date}>{formatDeliveryDay(d.date, locale)}</option>)}
        </select>
        <select aria-label={t('subscription.extras.addLabel', { day })} value={itemId} disabled={busy} onChange={(event) => setItemId(event.target.value)}>
          <option value="">{t('subscription.extras.prompt')}</option>
          {options.map((o) => <option key={o.id} value={o.id}>{t('subscription.extras.option', { name: extraName(o, locale), price: eurosText(o.amountCents, locale) })}</option>)}
        </select>
        <select aria-label={t('subscription.extras.quantityLabel', { day })} value={quantity} disabled={busy} onChange={(event) => setQuantity(Number(event.target.value))}>
          {QUANTITIES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <button type="submit" className="btn btn-secondary btn-small" disabled={busy || !chosen} aria-label={chosen ? t('subscription.extras.addTo', { name: extraName(chosen, locale), day }) : undefined}>
          {t('subscription.extras.add')}
        </button>
      </form>
    </details>
  )
}

/** A scheduled delivery's extras, each with its price and a Remove button (Account.removeExtra). */
export function DeliveryExtras({ delivery, day, changes, locale }: { delivery: UpcomingDelivery; day: string; changes: ChangeRunner; locale: string }) {
  const t = useT()
  const lines = delivery.extras ?? []
  if (lines.length === 0) return null
  return (
    // Lines, not a nested list: the upcoming deliveries are the list (one item each).
    <span className={`${styles.deliveryCoffee} ${styles.extraLines}`}>
      {lines.map((line) => {
        const name = extraName(line, locale)
        return (
          <span key={line.itemId} className={styles.extraLine}>
            <span>{t('subscription.extras.itemLine', { quantity: line.quantity, name, price: eurosText(line.unitCents * line.quantity, locale) })}</span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={changes.busy !== null}
              aria-label={t('subscription.extras.removeLabel', { name, day })}
              onClick={() => void changes.run({ kind: 'removeExtra', date: delivery.date, itemId: line.itemId }, {
                message: t('subscription.extras.removeDone', { name, day }),
                focus: () => document.getElementById(rowId(delivery.date)),
              })}
            >
              {t('subscription.extras.remove')}
            </button>
          </span>
        )
      })}
    </span>
  )
}

/** What a delivery that can no longer change carries besides its coffee: "2 × Gift box". */
export function extrasWords(delivery: UpcomingDelivery, locale: string): string {
  return (delivery.extras ?? []).map((line) => `${line.quantity} × ${extraName(line, locale)}`).join(', ')
}
