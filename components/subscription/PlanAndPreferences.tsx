import { AppLink } from '@/components/ui/AppLink'
import { useRef, useState } from 'react'
import { PreferenceFields } from '@/components/delivery/PreferenceFields'
import type { AccountView, CoffeePreferences, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { bagsLine } from '@/lib/format/plan'
import { ROUTES } from '@/lib/routes'
import { ALL_GRINDS, ALL_ROASTS, GRIND_LABELS, ROAST_LABELS, preferencesFor } from '@/lib/subscription/preferences'
import cardStyles from '@/components/account/Account.module.css'
import { FormActions } from './FormActions'
import { planPriceText } from './PlanPrice'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'

export interface PlanAndPreferencesProps {
  account: AccountView
  subscription: SubscriptionFields
  plan?: SubscriptionPlan
  changes: ChangeRunner
  locale?: string
}

const ANY_PLAN = { grinds: ALL_GRINDS, roasts: ALL_ROASTS }

/**
 * The plan (with a link to compare and change it on the plans page) and the coffee preferences,
 * edited in place within what the plan offers.
 */
export function PlanAndPreferences({ account, subscription, plan, changes, locale }: PlanAndPreferencesProps) {
  const live = subscription.status === 'active' || subscription.status === 'paused'
  const options = live && plan ? plan : ANY_PLAN
  const saved = account.preferences ?? preferencesFor(options)
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<CoffeePreferences>(saved)
  const editButton = useRef<HTMLButtonElement>(null)
  const failed = changes.error?.change.kind === 'preferences' ? changes.error.error : null
  const sending = changes.busy?.kind === 'preferences'

  async function save() {
    const ok = await changes.run({ kind: 'preferences', preferences: draft }, {
      message: `Your coffee is now ${GRIND_LABELS[draft.grind].toLowerCase()}, ${ROAST_LABELS[draft.roast].toLowerCase()}.`,
      focus: () => editButton.current,
    })
    if (ok) setEditing(false)
  }

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="plan-title">
      <h2 id="plan-title">Plan and coffee</h2>
      <dl className={cardStyles.fields}>
        <div className={cardStyles.row}>
          <dt>Plan</dt>
          <dd>
            {live && plan ? (
              <>
                <strong>{plan.name}</strong> · {bagsLine(plan)} · {planPriceText(plan, locale)}
              </>
            ) : 'No plan'}
          </dd>
        </div>
        {!editing ? (
          <div className={cardStyles.row}>
            <dt>Your coffee</dt>
            <dd data-testid="preferences">
              {account.preferences ? `${GRIND_LABELS[account.preferences.grind]}, ${ROAST_LABELS[account.preferences.roast].toLowerCase()}` : 'Not chosen yet'}
            </dd>
          </div>
        ) : null}
      </dl>
      {editing ? (
        <form
          onSubmit={(event) => { event.preventDefault(); void save() }}
          onKeyDown={(event) => { if (event.key === 'Escape') { setEditing(false); changes.clearError() } }}
        >
          <PreferenceFields value={draft} options={options} onChange={setDraft} disabled={sending} />
          {failed ? <p className={styles.error} role="alert">{failed.message}</p> : null}
          <FormActions label="Save coffee preferences" sending={sending} blocked={changes.busy !== null} onCancel={() => { setEditing(false); changes.clearError() }} />
        </form>
      ) : (
        <div className={styles.buttons}>
          <button
            ref={editButton}
            type="button"
            className="btn btn-secondary"
            disabled={changes.busy !== null}
            onClick={() => { setDraft(preferencesFor(options, account.preferences)); setEditing(true) }}
          >
            Change grind or roast
          </button>
          {live ? <AppLink href={ROUTES.plans} className="btn btn-secondary">Compare and change plan</AppLink> : null}
        </div>
      )}
    </section>
  )
}
