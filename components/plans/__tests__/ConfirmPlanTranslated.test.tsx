/**
 * The plan confirmation in another language: a change compares the two plans with prices, spend
 * and dates in the page's language, and the line under the plans links to the account.
 */
import { render, screen, within } from '@testing-library/react'
import { renderApp } from '@/test/render'
import type { ReactNode } from 'react'
import { I18nProvider } from '@/contexts/I18nContext'
import { ConfirmPlanDialog } from '@/components/plans/ConfirmPlanDialog'
import { PlanLine } from '@/components/plans/PlanLine'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { Locale } from '@/lib/i18n/types'
import { allMessages } from '@/test/i18n'

const barista = PLANS.find((plan) => plan.id === 'barista')!
const taster = PLANS.find((plan) => plan.id === 'taster')!
const ACCOUNT = { email: 'claire@example.com', preferences: { grind: 'wholeBean' as const, roast: 'roastersChoice' as const } }

function inLocale(locale: Locale, children: ReactNode) {
  return render(<I18nProvider value={allMessages(locale)}>{children}</I18nProvider>)
}

test('a switch reads in French: title, comparison, four-week spend and the date it applies from', () => {
  renderApp(<I18nProvider value={allMessages('fr')}>{(
    <ConfirmPlanDialog
      plan={barista}
      currentPlan={taster}
      preview={{ kind: 'change', firstDeliveryAt: '2026-12-07T00:00:00.000Z', firstSentAt: '2026-12-07T00:00:00.000Z', paused: false }}
      account={ACCOUNT}
      onConfirm={async () => undefined}
      onClose={() => undefined}
    />
  )}</I18nProvider>)
  const dialog = screen.getByRole('dialog', { name: 'Passer à Barista\u202f?' })
  expect(dialog).toHaveTextContent('Le changement s’applique à partir de votre livraison du lun. 7 déc. 2026')
  const table = within(dialog).getByRole('table')
  expect(within(table).getByRole('columnheader', { name: 'À partir du lun. 7 déc. 2026\u202f: Barista' })).toBeInTheDocument()
  expect(within(table).getByRole('rowheader', { name: 'Prix par livraison' })).toBeInTheDocument()
  expect(table.textContent).toContain('80,00\u00a0€ (4 livraisons)')
  expect(dialog.textContent).toContain('Vous dépenseriez ')
  expect(within(dialog).getByRole('button', { name: 'Passer à Barista' })).toBeInTheDocument()
  expect(within(dialog).getByRole('button', { name: 'Pas maintenant' })).toBeInTheDocument()
})

test('the line above the plans links to the account in German', () => {
  inLocale('de', <PlanLine text="Dein Abo: Barista" />)
  expect(screen.getByRole('link', { name: 'Abo verwalten' })).toBeInTheDocument()
})
