import { useId, useState } from 'react'
import { ALL_GRINDS, ALL_ROASTS } from '@retter-shared/BeanBloomSubscription/preferences'
import { MAX_PLAN_CENTS } from '@retter-shared/BeanBloomSubscription/catalogue'
import { useEuros } from '@/components/roastery/useEuros'
import { useT } from '@/contexts/I18nContext'
import type { DeliveryCadence } from '@/lib/contract'
import { cadenceLabel } from '@/lib/format/plan'
import { grindLabel, roastLabel } from '@/lib/roastery/labels'
import { draftOf, eurosToCents, planInputOf, type PlanDraft, type WordsDraft } from '@/lib/staff/plan-draft'
import type { CataloguePlan, Coffee } from '@/lib/staff/shop-api'
import { fieldProblem } from './field-label'
import { WordsIn, type WordsField } from './WordsIn'
import type { StaffView } from './useStaff'
import { useFormSend } from './useFormSend'
import styles from '@/components/roastery/Roastery.module.css'

const CADENCES: DeliveryCadence[] = ['weekly', 'fortnightly', 'fourWeekly']

/** A plan's words in each language besides English. */
const PLAN_WORDS: ReadonlyArray<WordsField<keyof WordsDraft>> = [
  { key: 'name', label: 'staff.catalogue.field.name' },
  { key: 'description', label: 'staff.catalogue.field.description', rows: 2 },
  { key: 'features', label: 'staff.catalogue.field.features', rows: 3 },
]

/** Checkboxes for a subset of `all`, in `all`'s order. */
function Choices<T extends string>({ legend, all, chosen, label, onChange }: { legend: string; all: readonly T[]; chosen: T[]; label: (value: T) => string; onChange: (values: T[]) => void }) {
  return (
    <fieldset className={styles.field}>
      <legend>{legend}</legend>
      <span className={styles.rolePicker}>
        {all.map((value) => (
          <label key={value}>
            <input type="checkbox" checked={chosen.includes(value)}
              onChange={(e) => onChange(e.target.checked ? all.filter((v) => v === value || chosen.includes(v)) : chosen.filter((v) => v !== value))} />
            {' '}{label(value)}
          </label>
        ))}
      </span>
    </fieldset>
  )
}

/**
 * Creating a plan (`plan` undefined) or editing one: its English words, what a delivery holds and
 * what a customer may choose, its place and mark on `/`, its coffee of the moment, and its words in
 * each other language (a language left empty reads in English). A new plan's price is set here; an
 * existing plan's price changes with notice (PriceForm).
 */
export function PlanForm({ plan, coffees, locales, staff, onDone }: { plan?: CataloguePlan; coffees: Coffee[]; locales: string[]; staff: StaffView; onDone: (message: string | null) => void }) {
  const t = useT()
  const ids = useId()
  const euros = useEuros()
  const [draft, setDraft] = useState<PlanDraft>(() => draftOf(plan, locales))
  const { busy, problem, refuse, send } = useFormSend()
  const set = <K extends keyof PlanDraft>(key: K, value: PlanDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const setWords = (locale: string, key: keyof WordsDraft, value: string) =>
    setDraft((d) => ({ ...d, translations: { ...d.translations, [locale]: { ...(d.translations[locale] as WordsDraft), [key]: value } } }))
  const field = (key: 'id' | 'name' | 'bags' | 'bagGrams' | 'sortOrder' | 'price', label: string, type = 'text') => (
    <div className={styles.field}>
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      <input id={`${ids}-${key}`} type={type} inputMode={type === 'number' ? 'numeric' : key === 'price' ? 'decimal' : undefined} value={draft[key]} onChange={(e) => set(key, e.target.value)} required />
    </div>
  )
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const amount = plan ? plan.amount : eurosToCents(draft.price)
    if (!(amount >= 1 && amount <= MAX_PLAN_CENTS)) return refuse(fieldProblem(t, 'plan.amount', t('staff.catalogue.badPrice', { max: euros(MAX_PLAN_CENTS) })))
    await send(async () => {
      await staff.savePlan(planInputOf(draft, amount), !plan)
      onDone(t(plan ? 'staff.catalogue.message.planSaved' : 'staff.catalogue.message.planAdded', { plan: draft.name.trim() }))
    })
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.dialogForm} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{plan ? t('staff.catalogue.editTitle', { plan: plan.name }) : t('staff.catalogue.newTitle')}</h3>
      {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
      {plan ? null : field('id', t('staff.catalogue.field.id'))}
      {field('name', t('staff.catalogue.field.name'))}
      <div className={styles.field}>
        <label htmlFor={`${ids}-description`}>{t('staff.catalogue.field.description')}</label>
        <textarea id={`${ids}-description`} value={draft.description} onChange={(e) => set('description', e.target.value)} rows={2} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-features`}>{t('staff.catalogue.field.features')}</label>
        <textarea id={`${ids}-features`} value={draft.features} onChange={(e) => set('features', e.target.value)} rows={3} />
      </div>
      {plan ? null : field('price', t('staff.catalogue.field.price'))}
      <div className={styles.field}>
        <label htmlFor={`${ids}-delivery`}>{t('staff.catalogue.field.delivery')}</label>
        <select id={`${ids}-delivery`} value={draft.delivery} onChange={(e) => set('delivery', e.target.value as DeliveryCadence)}>
          {CADENCES.map((c) => <option key={c} value={c}>{cadenceLabel(t, c)}</option>)}
        </select>
      </div>
      {field('bags', t('staff.catalogue.field.bags'), 'number')}
      {field('bagGrams', t('staff.catalogue.field.bagGrams'), 'number')}
      <Choices legend={t('staff.catalogue.field.grinds')} all={ALL_GRINDS} chosen={draft.grinds} label={(g) => grindLabel(t, g)} onChange={(v) => set('grinds', v)} />
      <Choices legend={t('staff.catalogue.field.roasts')} all={ALL_ROASTS} chosen={draft.roasts} label={(r) => roastLabel(t, r)} onChange={(v) => set('roasts', v)} />
      {draft.roasts.includes('roastersChoice') ? (
        <div className={styles.field}>
          <label htmlFor={`${ids}-coffee`}>{t('staff.catalogue.field.coffee')}</label>
          <select id={`${ids}-coffee`} value={draft.coffeeId} onChange={(e) => set('coffeeId', e.target.value)}>
            <option value="">{t('staff.catalogue.field.noCoffee')}</option>
            {coffees.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
      ) : null}
      {field('sortOrder', t('staff.catalogue.field.sortOrder'), 'number')}
      <label><input type="checkbox" checked={draft.recommended} onChange={(e) => set('recommended', e.target.checked)} /> {t('staff.catalogue.field.recommended')}</label>
      {locales.map((locale) => (
        <WordsIn key={locale} idPrefix={ids} locale={locale} fields={PLAN_WORDS} words={draft.translations[locale] as WordsDraft} onChange={(key, value) => setWords(locale, key, value)} />
      ))}
      <div className={styles.dialogActions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{plan ? t('staff.catalogue.savePlan') : t('staff.catalogue.addPlan')}</button>{' '}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDone(null)}>{t('staff.catalogue.cancel')}</button>
      </div>
    </form>
  )
}
