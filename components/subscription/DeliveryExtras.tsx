import { useState } from 'react'
import type { AccountUserState, UpcomingDelivery } from '@/lib/contract'
import { eurosText } from '@/lib/payments/words'
import { extraName, MAX_EXTRA_QUANTITY } from '@retter-shared/BeanBloomSubscription/extras'
import { useT } from '@/contexts/I18nContext'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

type ExtraOptions = NonNullable<AccountUserState['extraOptions']>

const QUANTITIES = Array.from({ length: MAX_EXTRA_QUANTITY }, (_, i) => i + 1)

/**
 * A scheduled delivery's extras: each with its price and a Remove button, then "Add something
 * extra…", how many, and "Add" (choosing alone changes nothing, as for a move). Charged with the
 * delivery at its final moment (Account.addExtra, removeExtra).
 */
export function DeliveryExtras({ delivery, day, options, changes, locale, focus }: {
  delivery: UpcomingDelivery; day: string; options: ExtraOptions; changes: ChangeRunner; locale: string; focus: () => HTMLElement | null
}) {
  const t = useT()
  const [itemId, setItemId] = useState('')
  const [quantity, setQuantity] = useState(1)
  const lines = delivery.extras ?? []
  const chosen = options.find((o) => o.id === itemId)
  const busy = changes.busy !== null
  return (
    <span className={`${styles.deliveryCoffee} ${styles.extras}`}>
      {lines.length > 0 ? (
        // Lines, not a nested list: the upcoming deliveries are the list (one item each).
        <span className={styles.extraLines}>
          {lines.map((line) => {
            const name = extraName(line, locale)
            return (
              <span key={line.itemId} className={styles.extraLine}>
                <span>{t('subscription.extras.itemLine', { quantity: line.quantity, name, price: eurosText(line.unitCents * line.quantity, locale) })}</span>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={busy}
                  aria-label={t('subscription.extras.removeLabel', { name, day })}
                  onClick={() => void changes.run({ kind: 'removeExtra', date: delivery.date, itemId: line.itemId }, { message: t('subscription.extras.removeDone', { name, day }), focus })}
                >
                  {t('subscription.extras.remove')}
                </button>
              </span>
            )
          })}
        </span>
      ) : null}
      {options.length > 0 ? (
        <span className={styles.moveForm}>
          <select aria-label={t('subscription.extras.addLabel', { day })} value={itemId} disabled={busy} onChange={(event) => setItemId(event.target.value)}>
            <option value="">{t('subscription.extras.prompt')}</option>
            {options.map((o) => <option key={o.id} value={o.id}>{t('subscription.extras.option', { name: extraName(o, locale), price: eurosText(o.amountCents, locale) })}</option>)}
          </select>
          <select aria-label={t('subscription.extras.quantityLabel', { day })} value={quantity} disabled={busy} onChange={(event) => setQuantity(Number(event.target.value))}>
            {QUANTITIES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy || !chosen}
            aria-label={chosen ? t('subscription.extras.addTo', { name: extraName(chosen, locale), day }) : undefined}
            onClick={() => {
              if (!chosen) return
              const item = `${quantity} × ${extraName(chosen, locale)}`
              void changes.run({ kind: 'addExtra', date: delivery.date, itemId: chosen.id, quantity }, { message: t('subscription.extras.addDone', { item, day }), focus })
              setItemId('')
              setQuantity(1)
            }}
          >
            {t('subscription.extras.add')}
          </button>
        </span>
      ) : null}
    </span>
  )
}

/** What a delivery that can no longer change carries besides its coffee: "With: 2 × Gift box". */
export function extrasWords(delivery: UpcomingDelivery, locale: string): string {
  return (delivery.extras ?? []).map((line) => `${line.quantity} × ${extraName(line, locale)}`).join(', ')
}
