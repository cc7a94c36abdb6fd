import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { preferencesWords } from '@/lib/delivery/preference-words'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { serverProblemOf } from '@/components/delivery/useAddressDraft'
import { methodTextIn } from '@/lib/payments/words'
import { Dialog } from '@/components/ui/Dialog'
import type { CoffeePreferences, SubscriptionPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { bagsLine, grindChoices, planTitle, roastChoices } from '@/lib/format/plan'
import { formatPrice, planPrices } from '@/lib/format/price'
import styles from '@/components/subscription/Subscription.module.css'
import { periodCost, periodDifference } from '@/lib/subscription/period-cost'
import { planPriceText } from '@/components/subscription/PlanPrice'
import { Row } from '@/components/subscription/Row'
import { preferencesFor } from '@retter-shared/BeanBloomSubscription/preferences'
import type { PlanChoicePreview } from '@/lib/subscription/view'
import { writeStartDraft } from '@/lib/plans/start-draft'
import { useSendOnce } from '@/components/react/useSendOnce'
import { StartForm, useStartForm, type PlanStart, type StartAccount } from './StartForm'

export type { PlanStart } from './StartForm'

export interface ConfirmPlanDialogProps {
  plan: SubscriptionPlan
  /** The plan the customer is on (a change compares the two). */
  currentPlan?: SubscriptionPlan
  preview: PlanChoicePreview
  /**
   * The customer's address and preferences, to prefill the start; their saved payment method (a
   * start without one asks for it) and e-mail (SEPA's billing details).
   */
  account: StartAccount
  /** Sends the choice (with the address and preferences for a start); rejects with an AppError. */
  onConfirm(start: PlanStart | null): Promise<void>
  onClose(): void
  locale?: string
}

const TITLES: Record<PlanChoicePreview['kind'], MessageKey> = {
  start: 'plans.confirm.title.start',
  restart: 'plans.confirm.title.restart',
  change: 'plans.confirm.title.change',
}
const ACTIONS: Record<PlanChoicePreview['kind'], MessageKey> = {
  start: 'plans.confirm.action.start',
  restart: 'plans.confirm.action.restart',
  change: 'plans.confirm.action.change',
}


/** "€44.00 (4 deliveries)": what a plan costs every four weeks. */
function periodText(t: Translate, plan: SubscriptionPlan, locale?: string): string {
  const cost = periodCost(plan)
  return t('plans.confirm.period', { price: formatPrice(cost.amount, plan.currency, locale), deliveries: cost.deliveries })
}

/** True when both plans' four-week spend can be summed and compared (known cadences, one currency). */
function comparableSpend(from: SubscriptionPlan, to: SubscriptionPlan): boolean {
  if (from.currency !== to.currency) return false
  try {
    periodDifference(from, to)
    return true
  } catch {
    // A cadence a newer backend added: the comparison leaves the four-week rows out rather than guess.
    return false
  }
}

/** "You would spend €20.00 more every four weeks.", or that the spend stays the same. */
function spendLine(t: Translate, from: SubscriptionPlan, to: SubscriptionPlan, locale?: string): string {
  const difference = periodDifference(from, to)
  if (difference === 0) return t('plans.confirm.spendSame')
  const amount = formatPrice(Math.abs(difference), to.currency, locale)
  return difference > 0 ? t('plans.confirm.spendMore', { amount }) : t('plans.confirm.spendLess', { amount })
}

/**
 * The side-by-side comparison of a plan change: what each delivery holds, costs and offers, and
 * what each plan costs every four weeks (a cheaper delivery may come more often and cost more).
 */
function Comparison({ from, to, firstDay, locale }: { from: SubscriptionPlan; to: SubscriptionPlan; firstDay: string; locale?: string }) {
  const t = useT()
  const fromPrices = planPrices(from, locale)
  const toPrices = planPrices(to, locale)
  const spend = comparableSpend(from, to)
  const rows: Array<[label: string, now: string, next: string]> = [
    [t('plans.card.each'), bagsLine(t, from), bagsLine(t, to)],
    [t('plans.confirm.row.pricePerDelivery'), fromPrices.price, toPrices.price],
    ...(spend ? [[t('plans.confirm.row.fourWeeks'), periodText(t, from, locale), periodText(t, to, locale)] as [string, string, string]] : []),
    [t('plans.confirm.row.pricePerBag'), fromPrices.perBag, toPrices.perBag],
    [t('plans.card.grind'), grindChoices(t, from), grindChoices(t, to)],
    [t('plans.card.roast'), roastChoices(t, from), roastChoices(t, to)],
  ]
  return (
    <>
      <table className={styles.compare}>
        <caption className="visually-hidden">{t('plans.confirm.caption', { from: planTitle(t, from), to: planTitle(t, to), day: firstDay })}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('plans.confirm.now', { plan: planTitle(t, from) })}</th>
            <th scope="col">{t('plans.confirm.from', { day: firstDay, plan: planTitle(t, to) })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, now, next]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{now}</td>
              <td>{next}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {spend ? <p className={styles.spend}>{spendLine(t, from, to, locale)}</p> : null}
    </>
  )
}

/**
 * The confirmation step of starting, restarting or changing a plan. A start collects the delivery
 * address (prefilled when known), the coffee preferences and, without a saved one, the payment
 * method (a card or a SEPA bank account, saved with Stripe before the plan is chosen) in the same
 * step, so a plan chosen before sign-in flows straight into a started, paid subscription. A change compares the two plans and
 * says from which delivery it applies. One click sends one choice; a failure is shown here (under
 * the field it is about) and the dialog keeps everything typed.
 */
export function ConfirmPlanDialog({ plan, currentPlan, preview, account, onConfirm, onClose, locale: given }: ConfirmPlanDialogProps) {
  const t = useT()
  const pageLocale = useLocale()
  const locale = given ?? pageLocale
  const starting = preview.kind !== 'change'
  const { send, sending: sendingChoice, error, inFlight } = useSendOnce(async (start: PlanStart | null) => {
    await onConfirm(start)
    // Started: nothing typed is waiting any more.
    writeStartDraft(null)
  })
  const form = useStartForm({ plan, account, starting, error })
  const sending = sendingChoice || form.payment.saving
  const day = formatDeliveryDay(preview.firstDeliveryAt, locale)
  // A change names the new plan's first delivery that is sent: a skipped one before it is not "from".
  const firstSent = preview.firstSentAt ? formatDeliveryDay(preview.firstSentAt, locale) : null
  const { askingToDiscard, setAskingToDiscard, keepEditing, notNow, requestClose, discard } = useDiscardQuestion({ typed: form.typed, busy: () => inFlight() || form.payment.saving, onClose })
  const serverProblem = serverProblemOf(error)

  async function confirm() {
    if (!starting) {
      void send(null)
      return
    }
    const checked = form.address.check()
    if (!checked || inFlight()) return
    const start = await form.complete(checked)
    if (start) void send(start)
  }

  const preferenceNote = preferenceNoteOf(t, plan, currentPlan, account.preferences)

  return (
    <Dialog
      title={t(TITLES[preview.kind], { plan: planTitle(t, plan) })}
      onClose={requestClose}
      closeOnBackdrop={!form.typed}
      description={starting
        ? <StartSummary plan={plan} account={account} firstDeliveryAt={preview.firstDeliveryAt} day={day} locale={locale} />
        : <ChangeNote firstSent={firstSent} paused={preview.paused} />}
    >
      {!starting && currentPlan ? <Comparison from={currentPlan} to={plan} firstDay={firstSent ?? day} locale={locale} /> : null}
      {preferenceNote ? <p className={styles.note}>{preferenceNote}</p> : null}
      {starting ? <StartForm form={form} plan={plan} account={account} serverProblem={serverProblem} sending={sending} onSubmit={() => void confirm()} locale={locale} /> : null}
      {error && !serverProblem ? <p className={styles.error} role="alert">{error.message}</p> : null}
      {askingToDiscard ? (
        <DiscardQuestion keepEditing={keepEditing} withPayment={form.payment.filled} onKeep={() => setAskingToDiscard(false)} onDiscard={discard} />
      ) : null}
      <div className={styles.dialogActions} hidden={askingToDiscard}>
        <button
          type={starting ? 'submit' : 'button'}
          form={starting ? 'confirm-plan' : undefined}
          className="btn btn-primary"
          onClick={starting ? undefined : () => void confirm()}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? <><span className="spinner" aria-hidden="true" /> {t('plans.confirm.saving')}</> : t(ACTIONS[preview.kind], { plan: planTitle(t, plan) })}
        </button>
        <button ref={notNow} type="button" className="btn btn-secondary" onClick={requestClose} disabled={sending} data-autofocus={starting && !account.delivery ? undefined : true}>
          {t('plans.confirm.notNow')}
        </button>
      </div>
    </Dialog>
  )
}

/**
 * Closing with something typed asks first ("Discard what you typed?"); focus goes to the question,
 * and back to "Not now" once it is answered (never lost to the page).
 */
function useDiscardQuestion({ typed, busy, onClose }: { typed: boolean; busy: () => boolean; onClose(): void }) {
  const [askingToDiscard, setAskingToDiscard] = useState(false)
  const keepEditing = useRef<HTMLButtonElement>(null)
  const notNow = useRef<HTMLButtonElement>(null)
  const asked = useRef(false)

  useEffect(() => {
    if (askingToDiscard) keepEditing.current?.focus()
    else if (asked.current) notNow.current?.focus()
    asked.current = askingToDiscard
  }, [askingToDiscard])

  function discard() {
    writeStartDraft(null)
    onClose()
  }

  /** Escape and "Not now": with something typed, asks first; asked already, Escape means keep editing. */
  function requestClose() {
    if (busy()) return
    if (askingToDiscard) {
      setAskingToDiscard(false)
      return
    }
    if (typed) setAskingToDiscard(true)
    else discard()
  }

  return { askingToDiscard, setAskingToDiscard, keepEditing, notNow, requestClose, discard }
}

/** A start's summary: the plan, each delivery, the price, the first delivery and the saved payment method. */
function StartSummary({ plan, account, firstDeliveryAt, day, locale }: {
  plan: SubscriptionPlan
  account: ConfirmPlanDialogProps['account']
  firstDeliveryAt: string
  day: string
  locale?: string
}) {
  const t = useT()
  return (
    <dl className={styles.summary}>
      <Row className="" label={t('plans.confirm.row.plan')}>{planTitle(t, plan)}</Row>
      <Row className="" label={t('plans.card.each')}>{bagsLine(t, plan)}</Row>
      <Row className="" label={t('plans.confirm.row.price')}>{planPriceText(t, plan, locale)}</Row>
      <Row className="" label={t('plans.confirm.row.firstDelivery')}><time dateTime={firstDeliveryAt}>{day}</time></Row>
      {account.paymentMethod ? (
        <Row className="" label={t('plans.confirm.row.paidWith')}>
          {account.paymentMethod.mandateReference
            ? t('plans.confirm.mandate', { method: methodTextIn(t, account.paymentMethod), reference: account.paymentMethod.mandateReference })
            : methodTextIn(t, account.paymentMethod)}
        </Row>
      ) : null}
    </dl>
  )
}

/** From which delivery a change applies (or that every reachable one is skipped). */
function ChangeNote({ firstSent, paused }: { firstSent: string | null; paused?: boolean }) {
  const t = useT()
  return (
    <p>
      {firstSent
        ? t(paused ? 'plans.confirm.changeFromPaused' : 'plans.confirm.changeFrom', { day: firstSent })
        : t('plans.confirm.allSkipped')}
    </p>
  )
}

/** "Discard what you typed?" with its two answers. */
function DiscardQuestion({ keepEditing, withPayment, onKeep, onDiscard }: {
  keepEditing: RefObject<HTMLButtonElement | null>
  withPayment: boolean
  onKeep(): void
  onDiscard(): void
}) {
  const t = useT()
  return (
    <div className={styles.discard} role="group" aria-labelledby="discard-question">
      <p id="discard-question">
        <strong>{t('plans.confirm.discard.question')}</strong> {t(withPayment ? 'plans.confirm.discard.lostWithPayment' : 'plans.confirm.discard.lost')}
      </p>
      <div className={styles.dialogActions}>
        <button ref={keepEditing} type="button" className="btn btn-primary" onClick={onKeep}>{t('plans.confirm.discard.keep')}</button>
        <button type="button" className="btn btn-secondary" onClick={onDiscard}>{t('plans.confirm.discard.close')}</button>
      </div>
    </div>
  )
}

/** On a change, what the customer's coffee becomes when the new plan does not offer their grind or roast; null when it stays. */
function preferenceNoteOf(t: Translate, plan: SubscriptionPlan, currentPlan: SubscriptionPlan | undefined, preferences: CoffeePreferences | undefined): string | null {
  const kept = currentPlan && preferences ? preferencesFor(plan, preferences) : null
  if (!kept || !preferences || (kept.grind === preferences.grind && kept.roast === preferences.roast)) return null
  return t('plans.confirm.preferenceNote', { plan: planTitle(t, plan), grinds: grindChoices(t, plan), roasts: roastChoices(t, plan), coffee: preferencesWords(t, kept) })
}
