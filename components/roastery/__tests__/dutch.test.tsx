/**
 * The roastery follows the staff member's language: a day's board on /nl/roastery reads in Dutch,
 * its day in Dutch words, its amounts the Dutch way ("€ 20,00"), its plans, grinds and roasts and
 * payments in Dutch, and so do the refund dialog and the refusal of a bad amount.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DayBoard } from '@/components/roastery/DayBoard'
import { I18nProvider } from '@/contexts/I18nContext'
import type { RefundResult, ShipAllResult } from '@/contexts/RoasteryContext'
import { addRefund, emptyBoard, setDeliveryMoney, setDeliveryPayment, upsertDelivery, type Board, type BoardPayment } from '@/lib/roastery/board'
import { boardLabels } from '@/lib/roastery/labels'
import { allMessages, translator } from '@/test/i18n'

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const address = { line1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG', country: 'NL' }

function boardOf(): Board {
  let board = emptyBoard(DAY)
  const people: Array<[string, BoardPayment | undefined]> = [['Ada Paid', 'paid'], ['Bo Refunded', 'paid'], ['Cy Later', undefined]]
  people.forEach(([name, payment], i) => {
    const id = `acct_${i}:${DAY}`
    board = upsertDelivery(board, id, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name, address }, AT).board
    if (payment) {
      board = setDeliveryPayment(board, id, payment, AT).board
      board = setDeliveryMoney(board, id, { amountCents: 2000 }, AT).board
    }
  })
  return addRefund(board, `acct_1:${DAY}`, 750, undefined, AT)
}

function showDutchDay() {
  const onRefund = jest.fn<Promise<RefundResult>, [string, string, number, string]>(() => Promise.resolve({ amountCents: 550, refundedCents: 550, creditNote: null }))
  // No plan list: the plan's name comes from the catalogue by its id.
  const plans: Parameters<typeof boardLabels>[1] = []
  render(
    <I18nProvider value={allMessages('nl')}>
      <DayBoard
        day={{ date: DAY, board: boardOf(), live: true, error: null }} offset={1} leadDays={2} labels={boardLabels(translator('nl'), plans)}
        onShip={() => Promise.resolve()} onShipAll={() => Promise.resolve<ShipAllResult>({ shipped: 0, failed: [], onHold: 0 })} onRefund={onRefund}
        onSetTracking={(_date: string, entries: unknown[]) => Promise.resolve({ updated: entries.length })}
      />
    </I18nProvider>,
  )
  return { onRefund, user: userEvent.setup() }
}

test('a day of the board in Dutch: its words, its date and its amounts', () => {
  showDutchDay()
  const heading = screen.getByRole('heading', { level: 2 })
  expect(heading).toHaveTextContent('Morgen')
  expect(heading).toHaveTextContent(/wo\.? 25 nov\.? 2026/)
  expect(screen.getByText('3 leveringen · 6 zakken · 0 verzonden · 1 aangehouden')).toBeInTheDocument()
  expect(screen.getByText('In voorbereiding: klanten kunnen deze leveringen niet meer wijzigen.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Alles als verzonden markeren (2)' })).toBeInTheDocument()

  const roast = screen.getByRole('table', { name: 'Te branden' })
  expect(within(roast).getByRole('columnheader', { name: 'Maling' })).toBeInTheDocument()
  expect(within(roast).getByRole('row', { name: /Barista/ })).toHaveTextContent('Gemalen voor espresso')
  expect(within(roast).getByRole('row', { name: /Barista/ })).toHaveTextContent('Donkere branding')

  const packing = screen.getByRole('table', { name: 'Paklijst' })
  const bo = within(packing).getByRole('row', { name: /Bo Refunded/ })
  expect(bo).toHaveTextContent('Betaald')
  expect(bo).toHaveTextContent(/€\s7,50 terugbetaald/)
  expect(within(packing).getByRole('button', { name: 'Als verzonden markeren: Ada Paid' })).toBeInTheDocument()
  const held = screen.getByRole('table', { name: 'Aangehouden: wacht op betaling' })
  expect(within(held).getByRole('row', { name: /Cy Later/ })).toHaveTextContent('Nog niet afgeschreven')
  expect(document.body).not.toHaveTextContent(/Packing list|Mark shipped|deliveries|Ground for/)
})

test('the refund dialog in Dutch: what was paid, what is left, and a bad amount refused in Dutch', async () => {
  const { onRefund, user } = showDutchDay()
  await user.click(screen.getByRole('button', { name: 'Terugbetalen: Bo Refunded' }))
  const dialog = screen.getByRole('dialog', { name: /Levering van Bo Refunded op wo\.? 25 nov\.? 2026 terugbetalen/ })
  expect(dialog).toHaveTextContent(/Betaald €\s20,00, al €\s7,50 terugbetaald: tot €\s12,50 kan worden terugbetaald/)
  expect(within(dialog).getByRole('button', { name: /^€\s12,50 terugbetalen$/ })).toBeInTheDocument()
  await user.clear(within(dialog).getByLabelText('Bedrag (€)'))
  await user.type(within(dialog).getByLabelText('Bedrag (€)'), '13')
  await user.type(within(dialog).getByLabelText('Reden'), 'Kapot aangekomen')
  await user.click(within(dialog).getByRole('button', { name: 'Terugbetalen' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Er kan nog maximaal €\s12,50 worden terugbetaald\.$/)
  expect(onRefund).not.toHaveBeenCalled()
  expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument()
})

test('the tracking dialog in Dutch refuses a malformed number in Dutch, and sends nothing', async () => {
  showDutchDay()
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Trackingnummer toevoegen: Ada Paid' }))
  const dialog = screen.getByRole('dialog', { name: 'Trackingnummer voor Ada Paid' })
  await user.type(within(dialog).getByLabelText('Trackingnummer'), '12<3')
  await user.click(within(dialog).getByRole('button', { name: 'Trackingnummer opslaan' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Het trackingnummer moet uit 6 tot 40 letters en cijfers bestaan (spaties en streepjes tellen niet mee).')
})
