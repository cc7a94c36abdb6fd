import { useId, useState } from 'react'
import { COFFEE_ROASTS, MAX_PLAN_CENTS, type CoffeeRoast } from '@retter-shared/BeanBloomSubscription/catalogue'
import { useLocale, useT } from '@/contexts/I18nContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { cadenceLabel } from '@/lib/format/plan'
import type { MessageKey } from '@/lib/i18n/types'
import { asAppError } from '@/lib/rio/errors/app-error'
import { roastLabel } from '@/lib/roastery/labels'
import { eurosToCents } from '@/lib/staff/plan-draft'
import type { CataloguePlan, Coffee, OwnedCatalogue } from '@/lib/staff/shop-api'
import { useEuros } from '@/components/roastery/useEuros'
import { fieldProblem, languageName } from './field-label'
import { ExtrasCatalogue } from './ExtrasCatalogue'
import { PlanForm } from './PlanForm'
import { useFormSend } from './useFormSend'
import type { StaffView } from './useStaff'
import styles from '@/components/roastery/Roastery.module.css'

type Said = { ok: boolean; text: string } | null
type Editing = { kind: 'plan'; plan?: CataloguePlan } | { kind: 'price'; plan: CataloguePlan } | { kind: 'retire'; plan: CataloguePlan } | { kind: 'coffee'; coffee?: Coffee } | null

/** A failure in words, led by the label of the field the Shop named. */
function problemOf(t: ReturnType<typeof useT>, caught: unknown): string {
  const failure = asAppError(caught)
  return fieldProblem(t, failure.field, failure.message)
}

/** A plan's new price: in force at once for new subscriptions, for its subscribers after the notice. */
function PriceForm({ plan, notice, staff, onDone }: { plan: CataloguePlan; notice: number; staff: StaffView; onDone: (said: Said) => void }) {
  const t = useT()
  const ids = useId()
  const locale = useLocale()
  const euros = useEuros()
  const [price, setPrice] = useState((plan.amount / 100).toFixed(2))
  const { busy, problem, refuse, send } = useFormSend()
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const cents = eurosToCents(price)
    // Staff type euros: a price outside the catalogue's bounds is said in euros before anything is sent.
    if (!(cents >= 1 && cents <= MAX_PLAN_CENTS)) return refuse(fieldProblem(t, 'amountCents', t('staff.catalogue.badPrice', { max: euros(MAX_PLAN_CENTS) })))
    await send(async () => {
      const { from } = await staff.changePrice(plan.id, cents)
      onDone({ ok: true, text: t('staff.catalogue.message.priceChanged', { plan: plan.name, price: euros(cents), from: formatDeliveryDay(from, locale) }) })
    })
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.dialogForm} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('staff.catalogue.priceTitle', { plan: plan.name })}</h3>
      <p className={styles.muted}>{t('staff.catalogue.priceText', { price: euros(plan.amount), days: notice })}</p>
      {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
      <div className={styles.field}>
        <label htmlFor={`${ids}-price`}>{t('staff.catalogue.field.newPrice')}</label>
        <input id={`${ids}-price`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
      </div>
      <div className={styles.dialogActions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('staff.catalogue.changePrice')}</button>{' '}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDone(null)}>{t('staff.catalogue.cancel')}</button>
      </div>
    </form>
  )
}

/** Adding a coffee (`coffee` undefined) or editing one. */
function CoffeeForm({ coffee, staff, onDone }: { coffee?: Coffee; staff: StaffView; onDone: (said: Said) => void }) {
  const t = useT()
  const ids = useId()
  const [draft, setDraft] = useState<Coffee>(coffee ?? { id: '', name: '', origin: '', process: '', notes: '', roast: 'medium', available: true })
  const { busy, problem, send } = useFormSend()
  const text = (key: 'id' | 'name' | 'origin' | 'process' | 'notes', label: MessageKey) => (
    <div className={styles.field}>
      <label htmlFor={`${ids}-${key}`}>{t(label)}</label>
      <input id={`${ids}-${key}`} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </div>
  )
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    await send(async () => {
      await staff.saveCoffee({ ...draft, id: draft.id.trim() })
      onDone({ ok: true, text: t('staff.catalogue.message.coffeeSaved', { coffee: draft.name.trim() }) })
    })
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.dialogForm} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{coffee ? t('staff.catalogue.editCoffeeTitle', { coffee: coffee.name }) : t('staff.catalogue.newCoffeeTitle')}</h3>
      {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
      {coffee ? null : text('id', 'staff.catalogue.field.id')}
      {text('name', 'staff.catalogue.field.name')}
      {text('origin', 'staff.catalogue.field.origin')}
      {text('process', 'staff.catalogue.field.process')}
      {text('notes', 'staff.catalogue.field.notes')}
      <div className={styles.field}>
        <label htmlFor={`${ids}-roast`}>{t('staff.catalogue.field.roast')}</label>
        <select id={`${ids}-roast`} value={draft.roast} onChange={(e) => setDraft({ ...draft, roast: e.target.value as CoffeeRoast })}>
          {COFFEE_ROASTS.map((r) => <option key={r} value={r}>{roastLabel(t, r)}</option>)}
        </select>
      </div>
      <label><input type="checkbox" checked={draft.available} onChange={(e) => setDraft({ ...draft, available: e.target.checked })} /> {t('staff.catalogue.field.available')}</label>
      <div className={styles.dialogActions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('staff.catalogue.saveCoffee')}</button>{' '}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDone(null)}>{t('staff.catalogue.cancel')}</button>
      </div>
    </form>
  )
}

/** What the plans table says of a plan: on offer or retired, and what an owner should look at. */
function planStatus(t: ReturnType<typeof useT>, catalogue: OwnedCatalogue, plan: CataloguePlan): string {
  const notes = [plan.retiredAt ? t('staff.catalogue.status.retired') : t('staff.catalogue.status.onOffer')]
  const missing = catalogue.missingTranslations[plan.id] ?? []
  if (!plan.retiredAt && missing.length > 0) notes.push(t('staff.catalogue.status.missing', { languages: missing.map((locale) => languageName(t, locale)).join(', ') }))
  if (catalogue.sortOrderClashes.includes(plan.id)) notes.push(t('staff.catalogue.status.clash', { order: plan.sortOrder }))
  if (plan.recommended) notes.push(t('staff.catalogue.status.recommended'))
  return notes.join(' · ')
}

/**
 * The catalogue section of /roastery, for owners: the plans (new, edit, change the price with
 * notice, retire), the coffees and the extras (new, edit), live from the Shop. A change is on `/` within a
 * minute and in force at every customer's next request.
 */
export function CatalogueSection({ staff }: { staff: StaffView }) {
  const t = useT()
  const euros = useEuros()
  const [said, say] = useState<Said>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [busy, setBusy] = useState(false)
  const catalogue = staff.catalogue
  if (!catalogue) return null
  const done = (result: Said) => {
    setEditing(null)
    say(result)
  }
  const retire = async (plan: CataloguePlan) => {
    setEditing(null)
    setBusy(true)
    say(null)
    try {
      await staff.retirePlan(plan.id)
      say({ ok: true, text: t('staff.catalogue.message.retired', { plan: plan.name }) })
    } catch (caught) {
      say({ ok: false, text: problemOf(t, caught) })
    } finally {
      setBusy(false)
    }
  }
  const plans = [...catalogue.plans].sort((a, b) => Number(!!a.retiredAt) - Number(!!b.retiredAt) || a.sortOrder - b.sortOrder)
  return (
    <section className={`card ${styles.day}`} aria-labelledby="catalogue-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="catalogue-title" className={styles.dayTitle}>{t('staff.catalogue.title')}</h2>
          <p className={styles.muted}>{t('staff.catalogue.text', { days: catalogue.priceNoticeDays })}</p>
        </div>
      </header>
      <div aria-live="polite" className={styles.message}>
        {said ? <p className={said.ok ? styles.done : styles.error}>{said.text}</p> : null}
      </div>
      <div className={styles.tableWrap} role="region" aria-labelledby="plans-caption" tabIndex={0}>
        <table className={styles.table}>
          <caption id="plans-caption" className="visually-hidden">{t('staff.catalogue.plansCaption')}</caption>
          <thead><tr>
            <th scope="col">{t('staff.catalogue.plan')}</th><th scope="col">{t('staff.catalogue.price')}</th>
            <th scope="col">{t('staff.catalogue.delivery')}</th><th scope="col">{t('staff.catalogue.state')}</th><th scope="col">{t('staff.members.actions')}</th>
          </tr></thead>
          <tbody>{plans.map((plan) => (
            <tr key={plan.id}>
              <td>{plan.name} <span className={styles.muted}>({plan.id})</span></td>
              <td>{euros(plan.amount)}</td>
              <td>{cadenceLabel(t, plan.delivery)}</td>
              <td>{planStatus(t, catalogue, plan)}</td>
              <td>
                <button type="button" className="btn btn-secondary" disabled={busy} aria-label={t('staff.catalogue.editLabel', { name: plan.name })} onClick={() => setEditing({ kind: 'plan', plan })}>{t('staff.catalogue.edit')}</button>{' '}
                {plan.retiredAt ? null : (
                  <>
                    <button type="button" className="btn btn-secondary" disabled={busy} aria-label={t('staff.catalogue.priceLabel', { plan: plan.name })} onClick={() => setEditing({ kind: 'price', plan })}>{t('staff.catalogue.changePrice')}</button>{' '}
                    <button type="button" className="btn btn-secondary" disabled={busy} aria-label={t('staff.catalogue.retireLabel', { plan: plan.name })} onClick={() => setEditing({ kind: 'retire', plan })}>{t('staff.catalogue.retire')}</button>
                  </>
                )}
              </td>
            </tr>
          ))}</tbody>
        </table>
      </div>
      <p><button type="button" className="btn btn-secondary" onClick={() => setEditing({ kind: 'plan' })}>{t('staff.catalogue.newPlan')}</button></p>
      {editing?.kind === 'plan' ? (
        <PlanForm key={editing.plan?.id ?? 'new'} plan={editing.plan} coffees={catalogue.coffees} locales={catalogue.locales} staff={staff} onDone={(text) => done(text ? { ok: true, text } : null)} />
      ) : null}
      {editing?.kind === 'retire' ? (
        <div className={styles.dialogForm} role="group" aria-labelledby="retire-title">
          <h3 id="retire-title">{t('staff.catalogue.retireTitle', { plan: editing.plan.name })}</h3>
          <p>{t('staff.catalogue.retireText')}</p>
          <div className={styles.dialogActions}>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void retire(editing.plan)}>{t('staff.catalogue.retireConfirm', { plan: editing.plan.name })}</button>{' '}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setEditing(null)}>{t('staff.catalogue.cancel')}</button>
          </div>
        </div>
      ) : null}
      {editing?.kind === 'price' ? <PriceForm key={editing.plan.id} plan={editing.plan} notice={catalogue.priceNoticeDays} staff={staff} onDone={done} /> : null}
      <section aria-labelledby="coffees-title">
        <h3 id="coffees-title">{t('staff.catalogue.coffeesTitle')}</h3>
        <div className={styles.tableWrap} role="region" aria-labelledby="coffees-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="coffees-caption" className="visually-hidden">{t('staff.catalogue.coffeesCaption')}</caption>
            <thead><tr>
              <th scope="col">{t('staff.catalogue.field.name')}</th><th scope="col">{t('staff.catalogue.field.origin')}</th>
              <th scope="col">{t('staff.catalogue.field.roast')}</th><th scope="col">{t('staff.catalogue.state')}</th><th scope="col">{t('staff.members.actions')}</th>
            </tr></thead>
            <tbody>{catalogue.coffees.map((coffee) => (
              <tr key={coffee.id}>
                <td>{coffee.name}</td><td>{[coffee.origin, coffee.process].filter(Boolean).join(', ')}</td><td>{roastLabel(t, coffee.roast)}</td>
                <td>{coffee.available ? t('staff.catalogue.status.available') : t('staff.catalogue.status.unavailable')}</td>
                <td><button type="button" className="btn btn-secondary" aria-label={t('staff.catalogue.editLabel', { name: coffee.name })} onClick={() => setEditing({ kind: 'coffee', coffee })}>{t('staff.catalogue.edit')}</button></td>
              </tr>
            ))}</tbody>
          </table>
        </div>
        <p><button type="button" className="btn btn-secondary" onClick={() => setEditing({ kind: 'coffee' })}>{t('staff.catalogue.newCoffee')}</button></p>
        {editing?.kind === 'coffee' ? <CoffeeForm key={editing.coffee?.id ?? 'new'} coffee={editing.coffee} staff={staff} onDone={done} /> : null}
      </section>
      <ExtrasCatalogue extras={catalogue.extras ?? []} locales={catalogue.locales} staff={staff} onSaid={say} />
    </section>
  )
}
