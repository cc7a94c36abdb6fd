import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { UndeliveredMail } from '@/components/roastery/UndeliveredMail'
import type { MailDeskView, UndeliveredMail as Mail } from '@/components/roastery/useMailDesk'
import { RioAppError } from '@/lib/rio/errors/app-error'

let desk: MailDeskView
jest.mock('@/components/roastery/useMailDesk', () => ({ useMailDesk: () => desk }))

const MAIL: Mail = {
  key: 'acct_1/m4',
  to: 'sam@example.com',
  subject: 'Your delivery address is saved',
  failedAt: '2026-11-24T13:05:00.000Z',
  attempts: 10,
  error: '421 Service not available',
}

beforeEach(() => {
  desk = { mails: [MAIL], live: true, error: null, resend: jest.fn<Promise<void>, [string]>().mockResolvedValue() }
})

test('lists each e-mail that could not be sent: to whom, what, when and why', () => {
  render(<UndeliveredMail />)
  const card = screen.getByRole('region', { name: 'E-mails that could not be sent' })
  const item = within(card).getByRole('listitem')
  expect(item).toHaveTextContent('Your delivery address is saved to sam@example.com')
  expect(item).toHaveTextContent('(10 tries): 421 Service not available')
  expect(within(item).getByRole('button', { name: 'Send again “Your delivery address is saved” to sam@example.com' })).toBeEnabled()
})

test('"Send again" asks for it by its key and says so; a refusal is said as the desk says it', async () => {
  const { rerender } = render(<UndeliveredMail />)
  await userEvent.click(screen.getByRole('button', { name: /Send again/ }))
  expect(desk.resend).toHaveBeenCalledWith('acct_1/m4')
  expect(await screen.findByText('“Your delivery address is saved” to sam@example.com is being sent again.')).toBeInTheDocument()

  desk = { ...desk, resend: jest.fn<Promise<void>, [string]>().mockRejectedValue(new RioAppError({ code: 'GONE', message: 'That e-mail is no longer held by its account.' })) }
  rerender(<UndeliveredMail />)
  await userEvent.click(screen.getByRole('button', { name: /Send again/ }))
  expect(await screen.findByText('That e-mail is no longer held by its account.')).toBeInTheDocument()
})

test('an empty list says every e-mail went out; a list read once says it is not live; a failure says why', () => {
  desk = { ...desk, mails: [], live: false }
  const { rerender } = render(<UndeliveredMail />)
  expect(screen.getByText('None: every e-mail went out.')).toBeInTheDocument()
  expect(screen.getByText(/Not live: reload the page/)).toBeInTheDocument()
  desk = { ...desk, mails: null, error: new RioAppError({ code: 'FORBIDDEN', message: 'Only the roastery staff may see the e-mails that could not be sent' }) }
  rerender(<UndeliveredMail />)
  expect(screen.getByRole('alert')).toHaveTextContent('The list could not be read: Only the roastery staff may see')
})
