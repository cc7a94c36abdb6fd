import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import type { AccountView, DeliveryPayment, ShippedDelivery, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { deliveryLabels } from '@/lib/subscription/labels'
import { AppLink } from '@/components/ui/AppLink'
import { documentPath, documentsOf } from '@/lib/account/documents'
import styles from '@/components/ui/Card.module.css'
import own from './DeliveryHistory.module.css'
import { TrackingLink } from '@/components/roastery/TrackingLink'
import { eurosText } from '@/lib/payments/words'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { Translate } from '@/lib/i18n/types'

export interface DeliveryHistoryProps {
  account: AccountView
  plans: SubscriptionPlan[]
  locale?: string
}

/** How many shipped deliveries the card lists (the Account keeps the latest 52). */
export const DELIVERIES_SHOWN = 10

function coffee(t: Translate, delivery: ShippedDelivery, labels: DeliveryLabels): string {
  return t('account.history.coffee', { plan: labels.plan(delivery.plan), bags: delivery.bags, grind: labels.grind(delivery.grind), roast: labels.roast(delivery.roast) })
}

/** A delivery's receipt and refunds, each linking to its printable page. */
function Documents({ payment, locale }: { payment: DeliveryPayment; locale: string }) {
  const t = useT()
  if (!payment.receipt && !payment.refunds?.length) return null
  const refunded = (payment.refunds ?? []).reduce((sum, r) => sum + r.amountCents, 0)
  return (
    <span className={own.payment}>
      {payment.receipt ? <AppLink href={documentPath(payment.receipt.number)}>{t('account.document.receiptTitle', { number: payment.receipt.number })}</AppLink> : null}
      {refunded > 0 ? (
        <span>
          {refunded >= payment.amountCents ? t('account.history.refundedInFull', { amount: eurosText(refunded, locale) }) : t('account.history.refunded', { amount: eurosText(refunded, locale) })}
          {(payment.refunds ?? []).map((r) => r.creditNote ? <span key={r.refundId}> · <AppLink href={documentPath(r.creditNote.number)}>{t('account.document.creditNoteTitle', { number: r.creditNote.number })}</AppLink></span> : null)}
        </span>
      ) : null}
    </span>
  )
}

/**
 * "Your deliveries" on /account: the deliveries that left the roastery, newest first, live (the
 * roastery marking one shipped shows here without a reload), each with its payment, its receipt
 * and what was refunded; then every receipt and credit note, to read and print.
 */
export function DeliveryHistory({ account, plans, locale: givenLocale }: DeliveryHistoryProps) {
  const t = useT()
  const pageLocale = useLocale()
  const locale = givenLocale ?? pageLocale
  const deliveries = (account.deliveries ?? []).slice().sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, DELIVERIES_SHOWN)
  const labels = deliveryLabels(t, plans)
  const documents = documentsOf(account.payments, account.giftsGiven)
  return (
    <section className={`card ${styles.card}`} aria-labelledby="delivery-history-title">
      <header className={styles.cardHeader}>
        <h2 id="delivery-history-title">{t('account.history.title')}</h2>
      </header>
      {deliveries.length === 0 ? (
        <p className={styles.empty}>{t('account.history.empty')}</p>
      ) : (
        <ul className={`${styles.fields} ${own.list}`} aria-label={t('account.history.list')}>
          {deliveries.map((delivery) => {
            const payment = account.payments?.find((candidate) => candidate.date === delivery.date)
            return (
            <li key={delivery.date} className={styles.row}>
              <span>
                <strong><time dateTime={delivery.date}>{formatDeliveryDay(delivery.date, pageLocale)}</time></strong>
              </span>
              <span>
                {coffee(t, delivery, labels)}
                <span className={styles.muted}>
                  {' '}· {t('account.history.shipped')} <time dateTime={delivery.shippedAt}>{formatDeliveryDay(delivery.shippedAt, pageLocale)}</time>
                </span>
                {delivery.tracking ? <> · <TrackingLink tracking={delivery.tracking} /></> : null}
              </span>
              {payment ? <span className={own.payment}><DeliveryPaymentLine payment={payment} locale={locale} /></span> : null}
              {payment ? <Documents payment={payment} locale={locale} /> : null}
            </li>
            )
          })}
        </ul>
      )}
      {documents.length > 0 ? (
        <>
          <h3 id="documents-title">{t('account.history.documents')}</h3>
          <ul className={own.list} aria-labelledby="documents-title">
            {documents.map((doc) => (
              <li key={doc.number}>
                <AppLink href={documentPath(doc.number)}>{doc.kind === 'receipt' ? t('account.document.receiptTitle', { number: doc.number }) : t('account.document.creditNoteTitle', { number: doc.number })}</AppLink>
                <span className={styles.muted}> · {eurosText(doc.grossCents, locale)} · {doc.gift ? t('gifts.document.giftValue', { count: doc.gift.deliveries, recipient: doc.gift.recipient }) : <>{t('account.history.deliveryOf')} <time dateTime={doc.deliveryDate}>{formatDeliveryDay(doc.deliveryDate, pageLocale)}</time></>}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
