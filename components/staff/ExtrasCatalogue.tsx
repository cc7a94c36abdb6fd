import { useId, useState } from 'react'
import { MAX_EXTRA_CENTS, type Extra, type ExtraTexts } from '@retter-shared/BeanBloomSubscription/extras'
import type { VatKind } from '@retter-shared/BeanBloomSubscription/vat'
import { useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'
import { eurosToCents } from '@/lib/staff/plan-draft'
import { useEuros } from '@/components/roastery/useEuros'
import { fieldProblem } from './field-label'
import { WordsIn, type WordsField } from './WordsIn'
import { useFormSend } from './useFormSend'
import type { StaffView } from './useStaff'
import styles from '@/components/roastery/Roastery.module.css'

type Said = { ok: boolean; text: string } | null

/** An extra's words in each language besides English. */
const EXTRA_WORDS: ReadonlyArray<WordsField<keyof ExtraTexts>> = [
  { key: 'name', label: 'staff.catalogue.field.name' },
  { key: 'description', label: 'staff.catalogue.field.description', rows: 2 },
]

const VAT_KINDS: ReadonlyArray<{ kind: VatKind; label: MessageKey }> = [
  { kind: 'coffee', label: 'staff.catalogue.vat.coffee' },
  { kind: 'standard', label: 'staff.catalogue.vat.standard' },
]

interface Draft {
  id: string
  name: string
  description: string
  price: string
  vat: VatKind
  available: boolean
  translations: { [locale: string]: Required<ExtraTexts> }
}

function draftOf(extra: Extra | undefined, locales: readonly string[]): Draft {
  const translations: Draft['translations'] = {}
  for (const locale of locales) translations[locale] = { name: extra?.translations[locale]?.name ?? '', description: extra?.translations[locale]?.description ?? '' }
  return {
    id: extra?.id ?? '', name: extra?.name ?? '', description: extra?.description ?? '', price: extra ? (extra.amountCents / 100).toFixed(2) : '',
    vat: extra?.vat ?? 'standard', available: extra?.available ?? true, translations,
  }
}

/** Adding an extra (`extra` undefined) or editing one: its words in every language, its price and its VAT. */
function ExtraForm({ extra, locales, staff, onDone }: { extra?: Extra; locales: readonly string[]; staff: StaffView; onDone: (said: Said) => void }) {
  const t = useT()
  const ids = useId()
  const euros = useEuros()
  const [draft, setDraft] = useState<Draft>(() => draftOf(extra, locales))
  const { busy, problem, refuse, send } = useFormSend()
  const text = (key: 'id' | 'name' | 'description', label: MessageKey) => (
    <div className={styles.field}>
      <label htmlFor={`${ids}-${key}`}>{t(label)}</label>
      <input id={`${ids}-${key}`} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </div>
  )
  const setWords = (locale: string, key: keyof ExtraTexts, value: string) =>
    setDraft((d) => ({ ...d, translations: { ...d.translations, [locale]: { ...(d.translations[locale] as Required<ExtraTexts>), [key]: value } } }))
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const cents = eurosToCents(draft.price)
    // Staff type euros: a price outside the bounds is said in euros before anything is sent.
    if (!(cents >= 1 && cents <= MAX_EXTRA_CENTS)) return refuse(fieldProblem(t, 'extraPrice', t('staff.catalogue.badPrice', { max: euros(MAX_EXTRA_CENTS) })))
    const translations: Extra['translations'] = {}
    for (const locale of locales) {
      const words = draft.translations[locale] as Required<ExtraTexts>
      const kept: ExtraTexts = {}
      if (words.name.trim()) kept.name = words.name.trim()
      if (words.description.trim()) kept.description = words.description.trim()
      if (kept.name || kept.description) translations[locale] = kept
    }
    await send(async () => {
      await staff.saveExtra({ id: draft.id.trim(), name: draft.name, description: draft.description, amountCents: cents, vat: draft.vat, available: draft.available, translations }, !extra)
      onDone({ ok: true, text: t('staff.catalogue.message.extraSaved', { extra: draft.name.trim() }) })
    })
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={styles.dialogForm} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{extra ? t('staff.catalogue.editExtraTitle', { extra: extra.name }) : t('staff.catalogue.newExtraTitle')}</h3>
      {problem ? <p className={styles.error} role="alert">{problem}</p> : null}
      {extra ? null : text('id', 'staff.catalogue.field.id')}
      {text('name', 'staff.catalogue.field.name')}
      {text('description', 'staff.catalogue.field.description')}
      <div className={styles.field}>
        <label htmlFor={`${ids}-price`}>{t('staff.catalogue.field.extraPrice')}</label>
        <input id={`${ids}-price`} inputMode="decimal" value={draft.price} onChange={(e) => setDraft({ ...draft, price: e.target.value })} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-vat`}>{t('staff.catalogue.field.vat')}</label>
        <select id={`${ids}-vat`} value={draft.vat} onChange={(e) => setDraft({ ...draft, vat: e.target.value as VatKind })}>
          {VAT_KINDS.map((v) => <option key={v.kind} value={v.kind}>{t(v.label)}</option>)}
        </select>
      </div>
      <label><input type="checkbox" checked={draft.available} onChange={(e) => setDraft({ ...draft, available: e.target.checked })} /> {t('staff.catalogue.field.offered')}</label>
      {locales.map((locale) => (
        <WordsIn key={locale} idPrefix={ids} locale={locale} fields={EXTRA_WORDS} words={draft.translations[locale] as Required<ExtraTexts>} onChange={(key, value) => setWords(locale, key, value)} />
      ))}
      <div className={styles.dialogActions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>{t('staff.catalogue.saveExtra')}</button>{' '}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDone(null)}>{t('staff.catalogue.cancel')}</button>
      </div>
    </form>
  )
}

/**
 * The extras of the catalogue, for owners: what a customer may add to one delivery, with its price,
 * its VAT and whether it is offered now; new and edit. A customer who added one keeps the price they saw.
 */
export function ExtrasCatalogue({ extras, locales, staff, onSaid }: { extras: readonly Extra[]; locales: readonly string[]; staff: StaffView; onSaid: (said: Said) => void }) {
  const t = useT()
  const euros = useEuros()
  const [editing, setEditing] = useState<{ extra?: Extra } | null>(null)
  const done = (said: Said) => {
    setEditing(null)
    onSaid(said)
  }
  return (
    <section aria-labelledby="extras-title">
      <h3 id="extras-title">{t('staff.catalogue.extrasTitle')}</h3>
      <div className={styles.tableWrap} role="region" aria-labelledby="extras-caption" tabIndex={0}>
        <table className={styles.table}>
          <caption id="extras-caption" className="visually-hidden">{t('staff.catalogue.extrasCaption')}</caption>
          <thead><tr>
            <th scope="col">{t('staff.catalogue.field.name')}</th><th scope="col">{t('staff.catalogue.price')}</th>
            <th scope="col">{t('staff.catalogue.field.vat')}</th><th scope="col">{t('staff.catalogue.state')}</th><th scope="col">{t('staff.members.actions')}</th>
          </tr></thead>
          <tbody>{extras.map((extra) => (
            <tr key={extra.id}>
              <td>{extra.name} <span className={styles.muted}>({extra.id})</span></td>
              <td>{euros(extra.amountCents)}</td>
              <td>{t(extra.vat === 'coffee' ? 'staff.catalogue.vat.coffee' : 'staff.catalogue.vat.standard')}</td>
              <td>{extra.available ? t('staff.catalogue.status.onOffer') : t('staff.catalogue.status.unavailable')}</td>
              <td><button type="button" className="btn btn-secondary" aria-label={t('staff.catalogue.editLabel', { name: extra.name })} onClick={() => setEditing({ extra })}>{t('staff.catalogue.edit')}</button></td>
            </tr>
          ))}</tbody>
        </table>
      </div>
      <p><button type="button" className="btn btn-secondary" onClick={() => setEditing({})}>{t('staff.catalogue.newExtra')}</button></p>
      {editing ? <ExtraForm key={editing.extra?.id ?? 'new'} extra={editing.extra} locales={locales} staff={staff} onDone={done} /> : null}
    </section>
  )
}
