import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChangeEmail } from '@/components/privacy/ChangeEmail'
import { notify } from '@/components/ui/feedback/notify'
import { RioAppError } from '@/lib/rio/errors/app-error'

const account = {
  requestEmailChange: jest.fn<Promise<{ sentTo: string; currentCodeSentTo?: string }>, [string]>(),
  confirmEmailChange: jest.fn<Promise<{ email: string; signedIn: boolean }>, [string, string]>(),
}
const auth = { signOut: jest.fn<Promise<void>, []>() }
jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => account }))
jest.mock('@/contexts/AuthContext', () => ({ useAuth: () => auth }))
jest.mock('@/components/ui/feedback/notify', () => ({ notify: { success: jest.fn(), info: jest.fn(), error: jest.fn() } }))

beforeEach(() => {
  jest.clearAllMocks()
  auth.signOut.mockResolvedValue()
})

async function askForCode(newEmail: string): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: 'Change e-mail address…' }))
  await userEvent.type(screen.getByLabelText('New e-mail address'), newEmail)
  await userEvent.click(screen.getByRole('button', { name: 'E-mail a code to this address' }))
}

const NEW_CODE = 'Code sent to sam@new.example (new address)'
const CURRENT_CODE = 'Code sent to sam@example.com (current address)'

test('sends a code to each address, asks for both saying where each went, then moves the account and stays signed in', async () => {
  account.requestEmailChange.mockResolvedValue({ sentTo: 'sam@new.example', currentCodeSentTo: 'sam@example.com' })
  account.confirmEmailChange.mockResolvedValue({ email: 'sam@new.example', signedIn: true })
  render(<ChangeEmail />)
  // The page names the current address once, at its top: not here again before a code is sent.
  expect(screen.queryByText(/sam@example\.com/)).not.toBeInTheDocument()
  await askForCode('Sam@New.example')
  expect(account.requestEmailChange).toHaveBeenCalledWith('Sam@New.example')
  expect(await screen.findByText(/We e-mailed two codes/)).toHaveTextContent('We e-mailed two codes: one to sam@new.example and one to sam@example.com.')
  await userEvent.type(screen.getByLabelText(NEW_CODE), '123 456')
  await userEvent.type(screen.getByLabelText(CURRENT_CODE), '654321')
  await userEvent.click(screen.getByRole('button', { name: 'Use the new address' }))
  expect(account.confirmEmailChange).toHaveBeenCalledWith('123 456', '654321')
  expect(notify.success).toHaveBeenCalledWith('Your account now uses sam@new.example. We e-mailed both addresses.')
  expect(auth.signOut).not.toHaveBeenCalled()
  expect(screen.getByRole('button', { name: 'Change e-mail address…' })).toBeInTheDocument()
})

test('a taken address or a wrong code is said as the server says it, and what was typed stays', async () => {
  account.requestEmailChange.mockRejectedValueOnce(new RioAppError({ code: 'EMAIL_IN_USE', message: 'That address already belongs to an account, so it cannot be moved to this one.' }))
  render(<ChangeEmail />)
  await askForCode('taken@example.com')
  expect(await screen.findByRole('alert')).toHaveTextContent('That address already belongs to an account')
  expect(screen.getByLabelText('New e-mail address')).toHaveValue('taken@example.com')

  account.requestEmailChange.mockResolvedValue({ sentTo: 'free@example.com', currentCodeSentTo: 'sam@example.com' })
  const wrong = 'About the code sent to your current address, sam@example.com: That code is not right (4 tries left). Your e-mail address has not changed.'
  account.confirmEmailChange.mockRejectedValueOnce(new RioAppError({ code: 'INVALID_CODE', message: wrong }))
  await userEvent.clear(screen.getByLabelText('New e-mail address'))
  await userEvent.type(screen.getByLabelText('New e-mail address'), 'free@example.com')
  await userEvent.click(screen.getByRole('button', { name: 'E-mail a code to this address' }))
  await userEvent.type(await screen.findByLabelText('Code sent to free@example.com (new address)'), '111111')
  await userEvent.type(screen.getByLabelText(CURRENT_CODE), '000000')
  await userEvent.click(screen.getByRole('button', { name: 'Use the new address' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(wrong)
  expect(screen.getByLabelText('Code sent to free@example.com (new address)')).toHaveValue('111111')
  expect(screen.getByLabelText(CURRENT_CODE)).toHaveValue('000000')
})

test('when signing in as the new address fails, it says to sign in with it and signs this browser out', async () => {
  account.requestEmailChange.mockResolvedValue({ sentTo: 'sam@new.example', currentCodeSentTo: 'sam@example.com' })
  account.confirmEmailChange.mockResolvedValue({ email: 'sam@new.example', signedIn: false })
  render(<ChangeEmail />)
  await askForCode('sam@new.example')
  await userEvent.type(await screen.findByLabelText(NEW_CODE), '123456')
  await userEvent.type(screen.getByLabelText(CURRENT_CODE), '654321')
  await userEvent.click(screen.getByRole('button', { name: 'Use the new address' }))
  expect(notify.info).toHaveBeenCalledWith('Your account now uses sam@new.example. Sign in with that address to go on.')
  expect(auth.signOut).toHaveBeenCalled()
})
