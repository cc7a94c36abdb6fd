import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useRio } from '@/contexts/RioContext'
import { useLocale, useT } from '@/contexts/I18nContext'
import { confirmDeliveryLink, readDeliveryLink, tokenOfFragment } from '@/lib/customer/delivery-link-api'
import type { DeliveryLinkView } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { errorText } from '@/lib/rio/errors/words'
import { isTransientError } from '@/lib/rio/errors/map'
import { asAppError } from '@/lib/rio/errors/app-error'
import type { AppError } from '@/lib/types'
import { ROUTES } from '@/lib/routes'
import cardStyles from '@/components/ui/Card.module.css'
import styles from '@/components/subscription/Subscription.module.css'
import { AppLink } from '@/components/ui/AppLink'

/** The browser's fragment changes (a link pasted into the same tab). */
function onHashChange(changed: () => void): () => void {
  window.addEventListener('hashchange', changed)
  return () => window.removeEventListener('hashchange', changed)
}

type Phase =
  | { kind: 'opening' }
  | { kind: 'ready'; view: DeliveryLinkView }
  | { kind: 'refused'; error: AppError }
  | { kind: 'done'; view: DeliveryLinkView; coffee?: string; to?: string }

/**
 * The page a reminder's one-click link opens: it reads what the link would do and asks the customer
 * to confirm; only the confirmation acts (mail scanners open links too). The token rides in the
 * address's fragment, which the browser never sends to a server.
 */
export function DeliveryLinkPage() {
  const t = useT()
  const locale = useLocale()
  const { rio } = useRio()
  const ids = useId()
  // The fragment is only known in the browser: undefined while prerendered and hydrating, null without a token.
  const token = useSyncExternalStore(onHashChange, () => tokenOfFragment(window.location.hash), () => undefined)
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' })
  // A change is one choice: `day:<ISO day>` or `coffee:<id>`.
  const [choice, setChoice] = useState('')
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState<AppError | null>(null)
  const [noCoffee, setNoCoffee] = useState(false)
  // Once done, focus goes to what happened: the button pressed is gone.
  const doneHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (phase.kind === 'done') doneHeading.current?.focus()
  }, [phase.kind])

  const read = useCallback((found: string) => {
    readDeliveryLink(rio, found).then(
      (view) => setPhase({ kind: 'ready', view }),
      (error: unknown) => setPhase({ kind: 'refused', error: asAppError(error) }),
    )
  }, [rio])

  useEffect(() => {
    if (token) read(token)
  }, [token, read])

  function retry(found: string) {
    setPhase({ kind: 'opening' })
    read(found)
  }

  const day = (iso: string) => formatDeliveryDay(iso, locale)

  async function confirm(view: DeliveryLinkView) {
    if (!token || sending) return
    setNoCoffee(view.action === 'change' && !choice)
    if (view.action === 'change' && !choice) return
    const to = choice.startsWith('day:') ? choice.slice(4) : undefined
    const coffeeId = choice.startsWith('coffee:') ? choice.slice(7) : undefined
    setSending(true)
    setFailed(null)
    try {
      await confirmDeliveryLink(rio, token, view.action === 'change' ? { coffeeId, to } : {})
      const coffee = view.coffeeOptions?.find((c) => c.id === coffeeId)?.name
      setPhase({ kind: 'done', view, coffee, to })
    } catch (error) {
      setFailed(asAppError(error))
    } finally {
      setSending(false)
    }
  }

  const manage = <p><AppLink href={ROUTES.account}>{t('subscription.link.manage')}</AppLink></p>

  if (token === null) {
    return <section className={cardStyles.card}><p role="alert">{t('subscription.link.missing')}</p>{manage}</section>
  }
  if (phase.kind === 'opening') {
    return <section className={cardStyles.card} aria-busy="true"><p role="status"><span className="spinner" aria-hidden="true" /> {t('subscription.link.opening')}</p></section>
  }
  if (phase.kind === 'refused') {
    return (
      <section className={cardStyles.card}>
        <p role="alert" className={styles.error}>{errorText(t, phase.error)}</p>
        {isTransientError(phase.error) && token
          ? <p><button type="button" className="btn btn-secondary" onClick={() => retry(token)}>{t('subscription.link.tryAgain')}</button></p>
          : null}
        {manage}
      </section>
    )
  }
  if (phase.kind === 'done') {
    const date = day(phase.view.date)
    return (
      <section className={cardStyles.card}>
        <h2 ref={doneHeading} tabIndex={-1}>{t('subscription.link.doneTitle')}</h2>
        <p role="status">
          {phase.view.action === 'skip'
            ? t('subscription.link.skipped', { date })
            : phase.to
              ? t('subscription.link.moved', { date, to: day(phase.to) })
              : t('subscription.link.changed', { date, coffee: phase.coffee ?? '' })}
        </p>
        {manage}
      </section>
    )
  }

  const view = phase.view
  const date = day(view.date)
  const lastDay = day(new Date(Date.parse(view.lastChangeAt) - 1).toISOString().slice(0, 10))
  const options = view.coffeeOptions ?? []
  const days = view.moveDays ?? []
  return (
    <section className={cardStyles.card} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{view.action === 'skip' ? t('subscription.link.skipTitle', { date }) : t('subscription.link.changeTitle', { date })}</h2>
      <p className={styles.lead}>
        {view.action === 'skip' ? t('subscription.link.skipDetail', { lastDay }) : t('subscription.link.changeDetail', { lastDay })}
      </p>
      {view.coffee ? <p>{t('subscription.link.coffeeNow', { coffee: view.coffee.name })}</p> : null}
      {view.action === 'change' && days.length > 0 ? (
        <fieldset className={styles.field}>
          <legend>{t('subscription.link.dayLegend')}</legend>
          {days.map((d) => (
            <label key={d} className={styles.choice}>
              <input type="radio" name={`${ids}-change`} value={`day:${d}`} checked={choice === `day:${d}`} onChange={() => setChoice(`day:${d}`)} />{' '}
              {day(d)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {view.action === 'change' && options.length > 0 ? (
        <fieldset className={styles.field}>
          <legend>{t('subscription.link.coffeeLegend')}</legend>
          {options.map((c) => (
            <label key={c.id} className={styles.choice}>
              <input type="radio" name={`${ids}-change`} value={`coffee:${c.id}`} checked={choice === `coffee:${c.id}`} onChange={() => setChoice(`coffee:${c.id}`)} />{' '}
              {t('subscription.upcoming.coffeeOption', { coffee: c.name, notes: c.notes })}
            </label>
          ))}
        </fieldset>
      ) : null}
      {view.action === 'change' && days.length === 0 && options.length === 0 ? <p role="status">{t('subscription.link.nothingToChange')}</p> : null}
      {noCoffee ? <p className={styles.error} role="alert">{t('subscription.link.chooseFirst')}</p> : null}
      {failed ? <p className={styles.error} role="alert">{errorText(t, failed)}</p> : null}
      {view.action === 'change' && days.length === 0 && options.length === 0 ? null : <p className={styles.buttons}>
        <button type="button" className="btn" onClick={() => void confirm(view)} disabled={sending} aria-busy={sending || undefined}>
          {sending ? <><span className="spinner" aria-hidden="true" /> {t('subscription.link.sending')}</> : view.action === 'skip' ? t('subscription.link.skipConfirm') : t('subscription.link.changeConfirm')}
        </button>
      </p>}
      {manage}
    </section>
  )
}
