import { useCallback, useEffect, useId, useState } from 'react'
import { useLocale, useT } from '@/contexts/I18nContext'
import { useRio } from '@/contexts/RioContext'
import { formatDateTime, formatDeliveryDay } from '@/lib/format/date'
import { formatPrice } from '@/lib/format/price'
import type { MessageKey } from '@/lib/i18n/types'
import { asAppError } from '@/lib/rio/errors/app-error'
import { methodTextIn, paymentLineIn } from '@/lib/payments/words'
import type { CustomerApi, CustomerForStaff, StaffAct } from '@/lib/staff/customer-api'
import type { FoundCustomer } from '@/lib/staff/shop-api'
import { describeEntry } from '@/components/subscription/SubscriptionHistory'
import { CustomerChanges } from './CustomerChanges'
import { CustomerGifts } from './CustomerGifts'
import { RefundDialog } from '@/components/roastery/RefundDialog'
import { grindLabel, roastLabel } from '@/lib/delivery/preference-words'
import { deliveryIdFor } from '@/lib/roastery/board'
import { refundableCents } from '@/lib/roastery/money'
import { mapRejection } from '@/lib/rio/errors/map-later'
import { cancelReasonKey } from '@/lib/subscription/cancel-words'
import { CANCEL_REASONS, type CancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'
import styles from '@/components/roastery/Roastery.module.css'

// One customer's requests load when support opens a customer, not with the page.
const customerApi = () => import('@/lib/staff/customer-api')
const roasteryApi = () => import('@/lib/roastery/roastery-api')

const STATUS_KEYS: Record<CustomerForStaff['status'], MessageKey> = {
  none: 'staff.customers.status.none',
  active: 'staff.customers.status.active',
  paused: 'staff.customers.status.paused',
  cancelled: 'staff.customers.status.cancelled',
}
const PAUSE_WEEKS = [1, 2, 3, 4, 5, 6, 7, 8]

type Said = { ok: boolean; text: string } | null
type Payment = CustomerForStaff['payments'][number]

/** A customer's payment as the board's money reads it (what the refund form and its rules take). */
function boardMoneyOf(payment: Payment): { payment: 'paid' | undefined; amountCents: number; refundedCents: number } {
  return {
    payment: payment.status === 'paid' ? 'paid' : undefined,
    amountCents: payment.amountCents,
    refundedCents: payment.refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
  }
}

/** Refunds one delivery of the customer on its day's board (the board's own rules and role check apply). Rejects with an AppError. */
function refundOnBoard(rio: ReturnType<typeof useRio>['rio'], accountId: string, date: string, amountCents: number, reason: string) {
  return mapRejection(async () => (await roasteryApi()).refundOnDay(rio, date, deliveryIdFor(accountId, date), amountCents, reason))
}

/**
 * One customer as support sees them, with what support may do for them: skip or bring back a
 * delivery, pause, resume or cancel, change their plan, address or coffee, send a free replacement
 * for a lost delivery, or e-mail a receipt or credit note again, each with the reason the customer
 * will read on their timeline. The customer's own rules hold; a refusal shows in the member's
 * language, and nothing changes.
 */
export function CustomerPanel({ found, mayRefund = false, onClose }: { found: FoundCustomer; mayRefund?: boolean; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const ids = useId()
  const { rio } = useRio()
  const [api, setApi] = useState<CustomerApi | null>(null)
  const [customer, setCustomer] = useState<CustomerForStaff | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const [weeks, setWeeks] = useState(2)
  const [cancelWhy, setCancelWhy] = useState<CancelReason | ''>('')
  const [busy, setBusy] = useState(false)
  const [said, say] = useState<Said>(null)
  const [refunding, setRefunding] = useState<Payment | null>(null)

  useEffect(() => {
    let alive = true
    customerApi().then(({ openCustomer }) => openCustomer(rio, found.accountId)).then(async (opened) => {
      const read = await opened.read()
      if (!alive) return
      setApi(opened)
      setCustomer(read)
    }).catch((failure: unknown) => { if (alive) setFailed(asAppError(failure).message) })
    return () => { alive = false }
  }, [rio, found.accountId])

  const act = useCallback(async (what: StaffAct): Promise<boolean> => {
    if (!api) return false
    setBusy(true)
    say(null)
    try {
      await api.act(what, reason)
      setCustomer(await api.read())
      setReason('')
      say({ ok: true, text: what.method === 'resendDocument' ? t('staff.customer.resent', { number: what.body.number, email: found.email }) : t('staff.customer.done') })
      return true
    } catch (caught) {
      say({ ok: false, text: asAppError(caught).message })
      return false
    } finally {
      setBusy(false)
    }
  }, [api, reason, t, found.email])

  const money = (cents: number) => formatPrice(cents, 'eur', locale)
  // The customer's own plan by its name (a retired one too); another plan of their history by its id.
  const nameOf = (id: string | null | undefined) => (id && customer && id === customer.plan && customer.planName ? customer.planName : id ?? '')
  const live = customer?.status === 'active' || customer?.status === 'paused'
  const resend = (number: string) => (
    <button type="button" className="btn btn-secondary" disabled={busy} aria-label={t('staff.customer.resendLabel', { number })} onClick={() => void act({ method: 'resendDocument', body: { number } })}>
      {t('staff.customer.resend')}
    </button>
  )
  return (
    <section className={`card ${styles.day}`} aria-labelledby={`${ids}-title`}>
      <header className={styles.dayHeader}>
        <div>
          <h3 id={`${ids}-title`} className={styles.dayTitle}>{found.name || found.email}</h3>
          <p className={styles.muted}>{found.email}</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={onClose}>{t('staff.customer.close')}</button>
      </header>
      {failed ? <p className={styles.error} role="alert">{failed}</p> : null}
      {customer === null && failed === null ? <p className={styles.muted} role="status">{t('staff.customers.searching')}</p> : null}
      {customer ? (
        <>
          <dl className={styles.facts}>
            <dt>{t('staff.customers.status')}</dt>
            <dd>{t(STATUS_KEYS[customer.status])}{customer.planName ? ` · ${customer.planName}` : ''}{customer.amountCents !== undefined && live ? ` · ${t('staff.customer.perDelivery', { amount: money(customer.amountCents) })}` : ''}</dd>
            <dt>{t('staff.customer.address')}</dt>
            <dd>{customer.delivery ? `${customer.delivery.name}, ${customer.delivery.line1}, ${customer.delivery.postalCode} ${customer.delivery.city}, ${customer.delivery.country}` : t('staff.customers.noAddress')}</dd>
            <dt>{t('roastery.column.coffee')}</dt>
            <dd>{customer.preferences ? t('delivery.coffee.text', { grind: grindLabel(t, customer.preferences.grind), roast: roastLabel(t, customer.preferences.roast) }) : '–'}</dd>
            <dt>{t('staff.customer.paymentMethod')}</dt>
            <dd>{customer.paymentMethod ? methodTextIn(t, customer.paymentMethod) : t('staff.customer.noMethod')}</dd>
          </dl>

          <div className={styles.field}>
            <label htmlFor={`${ids}-reason`}>{t('staff.customer.reason')}</label>
            <textarea id={`${ids}-reason`} value={reason} maxLength={500} rows={2} onChange={(event) => setReason(event.target.value)} aria-describedby={`${ids}-reason-hint`} />
            <p id={`${ids}-reason-hint`} className={styles.muted}>{t('staff.customer.reasonHint')}</p>
          </div>
          <div aria-live="polite" className={styles.message}>
            {said ? <p className={said.ok ? styles.done : styles.error}>{said.text}</p> : null}
          </div>

          {live ? (
            <>
              <h4>{t('staff.customer.upcoming')}</h4>
              <ul>
                {customer.upcomingDeliveries.map((delivery) => {
                  const day = formatDeliveryDay(delivery.date, locale)
                  return (
                    <li key={delivery.date}>
                      {day}{delivery.skipped ? ` · ${t('staff.customer.skipped')}` : ''}
                      {delivery.extras?.length ? ` · ${t('staff.customer.extras', { items: delivery.extras.map((e) => `${e.quantity} × ${e.name}`).join(', ') })}` : ''}{' '}
                      <button
                        type="button" className="btn btn-secondary" disabled={busy}
                        aria-label={t(delivery.skipped ? 'staff.customer.unskipLabel' : 'staff.customer.skipLabel', { day })}
                        onClick={() => void act({ method: delivery.skipped ? 'unskipDelivery' : 'skipDelivery', body: { date: delivery.date.slice(0, 10) } })}
                      >{t(delivery.skipped ? 'staff.customer.unskip' : 'staff.customer.skip')}</button>
                    </li>
                  )
                })}
              </ul>
              <div className={styles.field}>
                {customer.status === 'active' ? (
                  <>
                    <label htmlFor={`${ids}-weeks`}>{t('staff.customer.weeks')}</label>
                    <select id={`${ids}-weeks`} value={weeks} onChange={(event) => setWeeks(Number(event.target.value))}>
                      {PAUSE_WEEKS.map((n) => <option key={n} value={n}>{n}</option>)}
                    </select>
                    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act({ method: 'pauseSubscription', body: { weeks } })}>{t('staff.customer.pause')}</button>
                  </>
                ) : (
                  <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act({ method: 'resumeSubscription', body: {} })}>{t('staff.customer.resume')}</button>
                )}
                <label htmlFor={`${ids}-cancel-why`}>{t('staff.customer.cancelWhy')}</label>
                <select id={`${ids}-cancel-why`} value={cancelWhy} onChange={(event) => setCancelWhy(event.target.value as CancelReason | '')}>
                  <option value="">{t('staff.customer.cancelChoose')}</option>
                  {CANCEL_REASONS.map((code) => <option key={code} value={code}>{t(cancelReasonKey(code))}</option>)}
                </select>
                <button type="button" className="btn btn-secondary" disabled={busy || !cancelWhy} onClick={() => { if (cancelWhy) void act({ method: 'cancelSubscription', body: { reason: cancelWhy } }) }}>{t('staff.customer.cancel')}</button>
              </div>
            </>
          ) : null}

          <CustomerChanges key={customer.accountId} customer={customer} busy={busy} act={act} />
          <CustomerGifts customer={customer} busy={busy} act={act} />

          {customer.shipped.length > 0 ? (
            <>
              <h4>{t('staff.customer.delivered')}</h4>
              <ul>
                {customer.shipped.map((delivery) => {
                  const day = formatDeliveryDay(delivery.date, locale)
                  const sent = delivery.replacement
                  return (
                    <li key={delivery.date}>
                      {day}{' '}
                      {sent
                        ? <span className={styles.muted}>· {sent.shippedAt ? t('staff.customer.replacementShipped') : t('staff.customer.replacementOn', { day: formatDeliveryDay(sent.date, locale) })}</span>
                        : (
                          <button
                            type="button" className="btn btn-secondary" disabled={busy}
                            aria-label={t('staff.customer.replaceLabel', { day })}
                            onClick={() => void act({ method: 'sendReplacement', body: { date: delivery.date.slice(0, 10) } })}
                          >{t('staff.customer.replace')}</button>
                        )}
                    </li>
                  )
                })}
              </ul>
            </>
          ) : null}

          <h4>{t('staff.customer.timeline')}</h4>
          {customer.timeline.length === 0 ? <p className={styles.muted}>{t('staff.customer.nothingYet')}</p> : (
            <ol>
              {[...customer.timeline].reverse().map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, undefined, locale)}</time>{' '}
                  {describeEntry(t, entry, nameOf, locale)}
                  {entry.actor === 'staff' ? ` · ${t('staff.customer.byStaff', { email: entry.staffEmail ?? '–', reason: entry.reason ?? '' })}` : ''}
                </li>
              ))}
            </ol>
          )}
          <h4>{t('staff.customer.payments')}</h4>
          {customer.payments.length === 0 ? <p className={styles.muted}>{t('staff.customer.nothingYet')}</p> : (
            <ul>
              {customer.payments.map((payment) => (
                <li key={payment.date}>
                  {formatDeliveryDay(payment.date, locale)}: {paymentLineIn(t, payment, locale)}
                  {payment.receipt ? <>{` · ${t('staff.customer.receipt', { number: payment.receipt })} `}{resend(payment.receipt)}</> : null}
                  {mayRefund && refundableCents(boardMoneyOf(payment)) > 0 ? (
                    <>{' '}<button type="button" className="btn btn-secondary" disabled={busy} aria-label={t('roastery.refund.buttonLabel', { name: formatDeliveryDay(payment.date, locale) })} onClick={() => setRefunding(payment)}>{t('roastery.refund.button')}</button></>
                  ) : null}
                  {payment.refunds.map((refund, i) => (
                    <span key={i}>{' · '}{t('staff.customer.refund', { amount: money(refund.amountCents), reason: refund.reason, number: refund.creditNote ?? '–' })}{refund.creditNote ? <> {resend(refund.creditNote)}</> : null}</span>
                  ))}
                </li>
              ))}
            </ul>
          )}
          <h4>{t('staff.customer.mails')}</h4>
          {customer.mails.length === 0 ? <p className={styles.muted}>{t('staff.customer.nothingYet')}</p> : (
            <ul>{customer.mails.map((mail, index) => <li key={`${mail.sentAt}-${index}`}><time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt, undefined, locale)}</time> {mail.subject}</li>)}</ul>
          )}
        </>
      ) : null}
      {refunding && customer && api ? (
        <RefundDialog
          delivery={{ name: customer.delivery?.name ?? found.email, ...boardMoneyOf(refunding) }}
          dayLabel={formatDeliveryDay(refunding.date, locale)}
          onClose={() => setRefunding(null)}
          onRefund={async (amountCents, why) => {
            const done = await refundOnBoard(rio, customer.accountId, refunding.date.slice(0, 10), amountCents, why)
            setCustomer(await api.read())
            setRefunding(null)
            say({ ok: true, text: t('roastery.message.refunded', { amount: money(done.amountCents), name: customer.delivery?.name ?? found.email, creditNote: done.creditNote ?? '–' }) })
          }}
        />
      ) : null}
    </section>
  )
}
