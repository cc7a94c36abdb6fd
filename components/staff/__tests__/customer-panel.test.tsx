/**
 * The customer panel's own actions for support, against a customer API double (the class's side is
 * tested with the classes): a delivery that left offers a free replacement, sent with the reason
 * and shown as sent once the customer is read again; a receipt and a credit note offer "Send again";
 * a member who may refund refunds a paid delivery from here, on its day's board.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CustomerPanel } from '@/components/staff/CustomerPanel'
import type { CustomerApi, CustomerForStaff, StaffAct } from '@/lib/staff/customer-api'
import { renderApp } from '@/test/render'

const act = jest.fn<Promise<void>, [StaffAct, string]>()
/** What the customer reads as before any act, and after the first. */
let before: CustomerForStaff
let after: CustomerForStaff
jest.mock('@/lib/staff/customer-api', () => ({
  openCustomer: (): Promise<CustomerApi> => Promise.resolve({
    read: () => Promise.resolve(act.mock.calls.length + refundDelivery.mock.calls.length > 0 ? after : before),
    act: (what: StaffAct, reason: string) => act(what, reason),
  }),
}))

const SAM: CustomerForStaff = {
  accountId: 'acct_sam', email: 'sam@example.com', status: 'active', plan: 'barista', planName: 'Barista', amountCents: 2000,
  delivery: { name: 'Sam Müller', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' },
  upcomingDeliveries: [],
  shipped: [{ date: '2026-11-25T00:00:00.000Z', plan: 'barista', shippedAt: '2026-11-25T10:00:00.000Z' }],
  payments: [{ date: '2026-11-25T00:00:00.000Z', status: 'paid', amountCents: 2000, receipt: 'R-000042', refunds: [{ amountCents: 500, reason: 'Bag torn', creditNote: 'C-000007' }] }],
  mails: [],
  timeline: [],
}
const refundDelivery = jest.fn<Promise<{ amountCents: number; refundedCents: number; creditNote: string | null }>, [string, string, number, string]>()
jest.mock('@/lib/roastery/roastery-api', () => ({
  refundOnDay: (_rio: unknown, ...args: [string, string, number, string]) => refundDelivery(...args),
}))

const FOUND = { accountId: 'acct_sam', email: 'sam@example.com', name: 'Sam Müller', postalCode: '10119', status: 'active' as const }

beforeEach(() => {
  refundDelivery.mockReset()
  act.mockReset()
  act.mockResolvedValue(undefined)
})

test('support sends a free replacement for a delivery that left, with the reason; the panel shows it on its way', async () => {
  before = SAM
  after = { ...SAM, shipped: [{ ...SAM.shipped[0]!, replacement: { date: '2026-11-27T00:00:00.000Z' } }] }
  const user = userEvent.setup()
  renderApp(<CustomerPanel found={FOUND} onClose={() => undefined} />, { route: '/roastery' })
  const panel = await screen.findByRole('region', { name: 'Sam Müller' })
  const send = await within(panel).findByRole('button', { name: /^Send a free replacement for the delivery of / })
  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Parcel lost, customer phoned')
  await user.click(send)
  expect(act).toHaveBeenCalledWith({ method: 'sendReplacement', body: { date: '2026-11-25' } }, 'Parcel lost, customer phoned')
  expect(await within(panel).findByText(/replacement leaves on .*27/)).toBeInTheDocument()
  expect(within(panel).queryByRole('button', { name: /^Send a free replacement/ })).toBeNull()
})

test('a receipt and a credit note can be e-mailed again; the panel says where they went', async () => {
  before = SAM
  after = SAM
  const user = userEvent.setup()
  renderApp(<CustomerPanel found={FOUND} onClose={() => undefined} />, { route: '/roastery' })
  const panel = await screen.findByRole('region', { name: 'Sam Müller' })
  await user.type(await within(panel).findByRole('textbox', { name: /Reason/ }), 'Customer did not get it')
  await user.click(within(panel).getByRole('button', { name: 'E-mail R-000042 to the customer again' }))
  expect(act).toHaveBeenCalledWith({ method: 'resendDocument', body: { number: 'R-000042' } }, 'Customer did not get it')
  expect(await within(panel).findByText('R-000042 is on its way to sam@example.com again.')).toBeInTheDocument()
  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Again, for the accountant')
  await user.click(within(panel).getByRole('button', { name: 'E-mail C-000007 to the customer again' }))
  await waitFor(() => expect(act).toHaveBeenLastCalledWith({ method: 'resendDocument', body: { number: 'C-000007' } }, 'Again, for the accountant'))
})

test('a member who may refund refunds what is left of a paid delivery on its board; support sees no refund', async () => {
  before = SAM
  after = { ...SAM, payments: [{ ...SAM.payments[0]!, refunds: [...SAM.payments[0]!.refunds, { amountCents: 1500, reason: 'Lost parcel', creditNote: 'C-000008' }] }] }
  refundDelivery.mockResolvedValue({ amountCents: 1500, refundedCents: 2000, creditNote: 'C-000008' })
  const user = userEvent.setup()
  const { unmount } = renderApp(<CustomerPanel found={FOUND} onClose={() => undefined} />, { route: '/roastery' })
  await screen.findByText(/receipt R-000042/)
  expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull()
  unmount()

  renderApp(<CustomerPanel found={FOUND} mayRefund onClose={() => undefined} />, { route: '/roastery' })
  const panel = await screen.findByRole('region', { name: 'Sam Müller' })
  await user.click(await within(panel).findByRole('button', { name: /^Refund: / }))
  const dialog = screen.getByRole('dialog')
  // €20.00 paid, €5.00 refunded: €15.00 left, the default.
  expect(within(dialog).getByLabelText('Amount (€)')).toHaveValue('15.00')
  await user.type(within(dialog).getByLabelText('Reason'), 'Lost parcel')
  await user.click(within(dialog).getByRole('button', { name: 'Refund €15.00' }))
  expect(refundDelivery).toHaveBeenCalledWith('2026-11-25', 'acct_sam:2026-11-25', 1500, 'Lost parcel')
  expect(await within(panel).findByText('€15.00 refunded to Sam Müller. Credit note C-000008 is on its way to the customer.')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(within(panel).queryByRole('button', { name: /^Refund: / })).toBeNull()
})

test('support sees what the customer added to each upcoming delivery', async () => {
  before = {
    ...SAM,
    upcomingDeliveries: [
      { date: '2026-12-02T00:00:00.000Z', plan: 'barista', skipped: false, extras: [{ itemId: 'gift-box', name: 'Gift box', quantity: 2 }] },
      { date: '2026-12-09T00:00:00.000Z', plan: 'barista', skipped: false },
    ],
  }
  renderApp(<CustomerPanel found={FOUND} onClose={() => undefined} />, { route: '/roastery' })
  const panel = await screen.findByRole('region', { name: 'Sam Müller' })
  const rows = await within(panel).findAllByRole('listitem')
  expect(rows.find((row) => /2 Dec/.test(row.textContent ?? ''))).toHaveTextContent('with 2 × Gift box')
  expect(rows.find((row) => /9 Dec/.test(row.textContent ?? ''))).not.toHaveTextContent('Gift box')
})

test('support sees a customer\'s gifts: starts one offered to them, and takes one they gave back for a refund, each with the reason', async () => {
  before = {
    ...SAM,
    giftOffers: [{ giftId: 'gift_aaaaaaaaaaaaaaaaaaaaaaaa', from: 'gina@example.com', planName: 'Barista', deliveries: 3 }],
    giftsGiven: [
      { giftId: 'gift_bbbbbbbbbbbbbbbbbbbbbbbb', recipientEmail: 'otto@example.com', planName: 'Barista', deliveries: 6, status: 'sent', amountCents: 12000 },
      { giftId: 'gift_dddddddddddddddddddddddd', recipientEmail: 'ida@example.com', planName: 'Barista', deliveries: 1, status: 'cancelled', amountCents: 2000 },
      { giftId: 'gift_cccccccccccccccccccccccc', recipientEmail: 'rita@example.com', planName: 'Barista', deliveries: 3, status: 'redeemed', amountCents: 6000, delivered: 1, receipt: 'R-000050' },
    ],
  }
  after = { ...before, giftOffers: [], gift: { giftId: 'gift_aaaaaaaaaaaaaaaaaaaaaaaa', from: 'gina@example.com', deliveries: 3, used: 0 } }
  const user = userEvent.setup()
  renderApp(<CustomerPanel found={FOUND} onClose={() => undefined} />, { route: '/roastery' })
  const panel = await screen.findByRole('region', { name: 'Sam Müller' })
  expect(await within(panel).findByText(/^Gave Barista, 3 deliveries, to rita@example\.com for €60\.00 · started: 1 of 3 delivered · R-000050$/)).toBeInTheDocument()
  // One never paid says so, not "refunded".
  expect(within(panel).getByText(/ida@example\.com/)).toHaveTextContent('cancelled, nothing charged')
  // A started gift cannot be taken back; one sent and not started can.
  expect(within(panel).getAllByRole('button', { name: /^Cancel and refund/ })).toHaveLength(1)
  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Recipient asked us by phone')
  await user.click(within(panel).getByRole('button', { name: 'Start it for them' }))
  expect(act).toHaveBeenCalledWith({ method: 'redeemGift', body: { giftId: 'gift_aaaaaaaaaaaaaaaaaaaaaaaa' } }, 'Recipient asked us by phone')
  expect(await within(panel).findByText('Gift from gina@example.com: 3 of 3 deliveries left')).toBeInTheDocument()
  expect(within(panel).queryByRole('button', { name: 'Start it for them' })).toBeNull()
  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Customer phoned, wrong address given')
  await user.click(within(panel).getByRole('button', { name: 'Cancel and refund €120.00' }))
  await waitFor(() => expect(act).toHaveBeenLastCalledWith({ method: 'cancelGift', body: { giftId: 'gift_bbbbbbbbbbbbbbbbbbbbbbbb' } }, 'Customer phoned, wrong address given'))
})
