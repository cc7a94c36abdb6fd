import { useEffect, useId, useRef, useState } from 'react'
import type { SubscriptionStatus } from '@retter-shared/BeanBloomSubscription/schedule'
import { FOUND_LIMIT, QUERY_MIN } from '@retter-shared/BeanBloomSubscription/directory'
import { useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'
import { asAppError } from '@/lib/rio/errors/app-error'
import type { CustomersFound, FoundCustomer } from '@/lib/staff/shop-api'
import type { StaffView } from './useStaff'
import { CustomerPanel } from './CustomerPanel'
import styles from '@/components/roastery/Roastery.module.css'

/** Milliseconds after the last keystroke before the search goes out: one request per pause, not per key. */
const TYPING_PAUSE_MS = 250

const STATUS_KEYS: Record<SubscriptionStatus, MessageKey> = {
  none: 'staff.customers.status.none',
  active: 'staff.customers.status.active',
  paused: 'staff.customers.status.paused',
  cancelled: 'staff.customers.status.cancelled',
}

type Shown =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; query: string; found: CustomersFound }
  | { kind: 'failed'; message: string }

/**
 * The customers section of /roastery, for support and owners: results as one types (an e-mail, a
 * name, a postal code, a receipt or credit-note number, a delivery id), the best 20 first. Only the
 * answer to the latest query is shown, whatever order the answers arrive in.
 */
export function CustomerSearch({ staff }: { staff: StaffView }) {
  const t = useT()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [shown, setShown] = useState<Shown>({ kind: 'idle' })
  const [opened, setOpened] = useState<FoundCustomer | null>(null)
  const latest = useRef(0)
  const { findCustomers } = staff

  /** The query as typed; what shows until its answer comes is decided here, as one types. */
  const typed = (value: string) => {
    setQuery(value)
    setShown(value.trim().length < QUERY_MIN ? { kind: 'idle' } : { kind: 'searching' })
  }

  useEffect(() => {
    const asked = query.trim()
    const ticket = ++latest.current
    if (asked.length < QUERY_MIN) return
    const timer = setTimeout(() => {
      findCustomers(asked).then(
        (found) => { if (ticket === latest.current) setShown({ kind: 'found', query: asked, found }) },
        (failure: unknown) => { if (ticket === latest.current) setShown({ kind: 'failed', message: asAppError(failure).message }) },
      )
    }, TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [query, findCustomers])

  return (
    <section className={`card ${styles.day}`} aria-labelledby="customers-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="customers-title" className={styles.dayTitle}>{t('staff.customers.title')}</h2>
          <p className={styles.muted} id={`${inputId}-hint`}>{t('staff.customers.lead')}</p>
        </div>
      </header>
      <div className={styles.field}>
        <label htmlFor={inputId}>{t('staff.customers.search')}</label>
        <input
          id={inputId} type="search" value={query} maxLength={100} autoComplete="off" spellCheck={false}
          aria-describedby={`${inputId}-hint`} onChange={(event) => typed(event.target.value)}
        />
      </div>
      <div aria-live="polite" className={styles.message}>
        {shown.kind === 'searching' ? <p className={styles.muted}>{t('staff.customers.searching')}</p> : null}
        {shown.kind === 'failed' ? <p className={styles.error} role="alert">{shown.message}</p> : null}
        {shown.kind === 'found' && shown.found.customers.length === 0 ? <p>{t('staff.customers.none', { query: shown.query })}</p> : null}
        {shown.kind === 'found' && shown.found.partial ? <p className={styles.error}>{t('staff.customers.partial')}</p> : null}
        {shown.kind === 'found' && shown.found.customers.length >= FOUND_LIMIT ? <p className={styles.muted}>{t('staff.customers.more')}</p> : null}
      </div>
      {shown.kind === 'found' && shown.found.customers.length > 0 ? (
        <div className={styles.tableWrap} role="region" aria-labelledby="customers-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="customers-caption" className="visually-hidden">{t('staff.customers.results')}</caption>
            <thead><tr>
              <th scope="col">{t('staff.customers.name')}</th><th scope="col">{t('staff.customers.email')}</th>
              <th scope="col">{t('staff.customers.postalCode')}</th><th scope="col">{t('staff.customers.status')}</th>
              <th scope="col"><span className="visually-hidden">{t('staff.customer.open')}</span></th>
            </tr></thead>
            <tbody>{shown.found.customers.map((customer) => (
              <tr key={customer.accountId}>
                <td>{customer.name || <span className={styles.muted}>{t('staff.customers.noAddress')}</span>}</td>
                <td>{customer.email}</td>
                <td>{customer.postalCode}</td>
                <td>{t(STATUS_KEYS[customer.status])}</td>
                <td>
                  <button type="button" className="btn btn-secondary" aria-label={t('staff.customer.openLabel', { email: customer.email })} onClick={() => setOpened(customer)}>
                    {t('staff.customer.open')}
                  </button>
                </td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ) : null}
      {opened ? <CustomerPanel key={opened.accountId} found={opened} mayRefund={staff.actions?.includes('money.refund') ?? false} onClose={() => setOpened(null)} /> : null}
    </section>
  )
}
