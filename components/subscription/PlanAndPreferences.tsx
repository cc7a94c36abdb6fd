import { useLocale, useT } from '@/contexts/I18nContext'
import { preferencesInText, preferencesWords } from '@/lib/delivery/preference-words'
import { AppLink } from '@/components/ui/AppLink'
import { useState } from 'react'
import { PreferenceFields } from '@/components/delivery/PreferenceFields'
import type { AccountView, CoffeePreferences, SubscriptionFields, YourPlan } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { bagsLine, planTitle } from '@/lib/format/plan'
import { ROUTES } from '@/lib/routes'
import { ALL_GRINDS, ALL_ROASTS, preferencesFor } from '@retter-shared/BeanBloomSubscription/preferences'
import cardStyles from '@/components/ui/Card.module.css'
import { EditButton, EditForm } from './EditForm'
import { planPriceText } from './PlanPrice'
import type { ChangeRunner } from './useChange'
import { useEditInPlace } from './useEditInPlace'

export interface PlanAndPreferencesProps {
  account: AccountView
  subscription: SubscriptionFields
  /** The subscription's plan, as the customer pays it when the Account said (`yourPlan`). */
  plan?: YourPlan
  changes: ChangeRunner
  locale?: string
}

const ANY_PLAN = { grinds: ALL_GRINDS, roasts: ALL_ROASTS }

/**
 * The plan (with a link to compare and change it on the plans page) and the coffee preferences,
 * edited in place within what the plan offers.
 */
export function PlanAndPreferences({ account, subscription, plan, changes, locale: given }: PlanAndPreferencesProps) {
  const t = useT()
  const pageLocale = useLocale()
  const locale = given ?? pageLocale
  const live = subscription.status === 'active' || subscription.status === 'paused'
  const options = live && plan ? plan : ANY_PLAN
  const saved = account.preferences ?? preferencesFor(options)
  const edit = useEditInPlace(changes, 'preferences')
  const [draft, setDraft] = useState<CoffeePreferences>(saved)

  async function save() {
    await edit.save({ kind: 'preferences', preferences: draft },
      t('subscription.plan.saved', { coffee: preferencesInText(t, draft) }))
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="plan-title">
      <h2 id="plan-title">{t('subscription.plan.title')}</h2>
      <dl className={cardStyles.fields}>
        <div className={cardStyles.row}>
          <dt>{t('subscription.plan.plan')}</dt>
          <dd>
            {live && plan ? (
              <>
                <strong>{planTitle(t, plan)}</strong> · {bagsLine(t, plan)} · {planPriceText(t, plan, locale)}
                {plan.nextPrice ? (
                  <p className={cardStyles.muted} data-testid="next-price">
                    {t('subscription.plan.nextPrice', { day: formatDeliveryDay(plan.nextPrice.from, locale), price: planPriceText(t, { ...plan, amount: plan.nextPrice.amount }, locale) })}
                  </p>
                ) : null}
                {plan.retired ? <p className={cardStyles.muted}>{t('subscription.plan.retired')}</p> : null}
              </>
            ) : t('subscription.plan.none')}
          </dd>
        </div>
        {!edit.editing ? (
          <div className={cardStyles.row}>
            <dt>{t('subscription.plan.coffee')}</dt>
            <dd data-testid="preferences">
              {account.preferences ? preferencesWords(t, account.preferences) : t('subscription.plan.notChosen')}
            </dd>
          </div>
        ) : null}
      </dl>
      {edit.editing ? (
        <EditForm edit={edit} label={t('subscription.plan.save')} onSave={() => void save()} alert={edit.failed?.message ?? null}>
          <PreferenceFields value={draft} options={options} onChange={setDraft} disabled={edit.sending} />
        </EditForm>
      ) : (
        <EditButton
          edit={edit}
          onClick={() => { setDraft(preferencesFor(options, account.preferences)); edit.open() }}
          beside={live ? <AppLink href={ROUTES.plans} className="btn btn-secondary">{t('subscription.plan.compare')}</AppLink> : null}
        >
          {t('subscription.plan.change')}
        </EditButton>
      )}
    </section>
  )
}
