/**
 * The plan confirmation's "Paid with" row in another language: the saved method's name and its
 * mandate reference are the page's words, not English.
 */
import { screen, within } from '@testing-library/react'
import { renderApp } from '@/test/render'
import { I18nProvider } from '@/contexts/I18nContext'
import { ConfirmPlanDialog } from '@/components/plans/ConfirmPlanDialog'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { allMessages } from '@/test/i18n'

const barista = PLANS.find((plan) => plan.id === 'barista')!

test('a German start names the saved SEPA account „SEPA-Lastschrift“ with its Mandatsreferenz', () => {
  renderApp(<I18nProvider value={allMessages('de')}>{(
    <ConfirmPlanDialog
      plan={barista}
      preview={{ kind: 'start', firstDeliveryAt: '2026-12-07T00:00:00.000Z', paused: false }}
      account={{
        email: 'lena@example.com',
        preferences: { grind: 'wholeBean', roast: 'roastersChoice' },
        paymentMethod: { type: 'sepa_debit', last4: '3000', mandateReference: 'MANDATE-1', savedAt: '2026-11-27T09:00:00.000Z' },
      }}
      onConfirm={async () => undefined}
      onClose={() => undefined}
    />
  )}</I18nProvider>)
  const dialog = screen.getByRole('dialog')
  expect(within(dialog).getByText('Bezahlt mit')).toBeInTheDocument()
  expect(within(dialog).getByText('SEPA-Lastschrift •••• 3000, Mandatsreferenz MANDATE-1')).toBeInTheDocument()
  expect(dialog).not.toHaveTextContent('Direct Debit')
})
