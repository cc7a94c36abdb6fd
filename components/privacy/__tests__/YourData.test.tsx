import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { YourData } from '@/components/privacy/YourData'
import { saveConsent } from '@/lib/analytics/consent'
import { RioAppError } from '@/lib/rio/errors/app-error'

const account = {
  exportMyData: jest.fn<Promise<Record<string, unknown>>, []>(),
  requestAccountDeletion: jest.fn<Promise<void>, []>(),
  deleteMyAccount: jest.fn<Promise<void>, [string]>(),
  account: null,
}
const auth = { signOut: jest.fn<Promise<void>, []>() }
jest.mock('@/contexts/AccountContext', () => ({ useCustomer: () => account, useCustomerCalls: () => account }))
jest.mock('@/contexts/AuthContext', () => ({ useAuth: () => auth }))
jest.mock('@/components/ui/feedback/notify', () => ({ notify: { success: jest.fn(), info: jest.fn(), error: jest.fn() } }))

let saved: Blob[] = []
let fileNames: string[] = []
beforeEach(() => {
  jest.clearAllMocks()
  saved = []
  fileNames = []
  // jsdom cannot download: the click hands the file to the browser, so record what it would save as.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { fileNames.push(this.download) })
  window.localStorage.clear()
  mockRouter.setCurrentUrl('/account')
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => { saved.push(blob); return 'blob:export' },
    revokeObjectURL: () => undefined,
  })
})

// The test environment's Blob may lack text(); Response reads any Blob.
function text(blob: Blob): Promise<string> {
  return typeof blob.text === 'function' ? blob.text() : new Response(blob).text()
}

test('"Download my data" saves what the Account answered plus this browser\'s cookie choice', async () => {
  account.exportMyData.mockResolvedValue({ format: 'bean-and-bloom-personal-data/1', account: { email: 'sam@example.com' } })
  saveConsent('denied', new Date('2026-11-27T08:00:00Z'))
  render(<YourData />)
  await userEvent.click(screen.getByRole('button', { name: 'Download my data' }))
  await waitFor(() => expect(saved).toHaveLength(1))
  expect(fileNames).toEqual([expect.stringMatching(/^bean-and-bloom-my-data-\d{4}-\d{2}-\d{2}\.json$/)])
  expect(JSON.parse(await text(saved[0] as Blob))).toEqual({
    format: 'bean-and-bloom-personal-data/1',
    account: { email: 'sam@example.com' },
    browser: { cookieChoice: { analytics: 'denied', decidedAt: '2026-11-27T08:00:00.000Z' } },
  })
})

test('deleting asks first, needs the e-mailed code, shows a wrong code\'s reason and keeps the session', async () => {
  account.requestAccountDeletion.mockResolvedValue()
  account.deleteMyAccount.mockRejectedValueOnce(new RioAppError({ code: 'INVALID_CODE', message: 'That code is not right (4 tries left). Nothing has been deleted.' }))
  render(<YourData />)
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }))
  expect(screen.getByText(/Tax law requires us to keep your receipts for 10 years/)).toBeInTheDocument()
  expect(account.requestAccountDeletion).not.toHaveBeenCalled()
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }))
  expect(account.requestAccountDeletion).toHaveBeenCalledTimes(1)

  await userEvent.type(screen.getByLabelText('Code from the e-mail'), '111111')
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has been deleted')
  expect(auth.signOut).not.toHaveBeenCalled()
  expect(mockRouter.asPath).toBe('/account')
})

test('the right code deletes, leaves /account for the plans, then signs this browser out', async () => {
  account.requestAccountDeletion.mockResolvedValue()
  account.deleteMyAccount.mockResolvedValue()
  auth.signOut.mockImplementation(async () => {
    // Signed out only once the visitor is off /account.
    expect(mockRouter.asPath).toBe('/')
  })
  render(<YourData />)
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }))
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }))
  await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456')
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }))
  await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1))
  expect(account.deleteMyAccount).toHaveBeenCalledWith('123456')
})

test('the code step can be left with "Keep my account", and says a code was sent beside its field, not in a toast over it', async () => {
  const { notify } = jest.requireMock<{ notify: { info: jest.Mock } }>('@/components/ui/feedback/notify')
  account.requestAccountDeletion.mockResolvedValue()
  render(<YourData />)
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }))
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }))
  const field = await screen.findByLabelText('Code from the e-mail')
  expect(field).toHaveFocus()
  expect(field).toHaveAccessibleDescription('We e-mailed you a code to confirm deleting your account.')
  expect(notify.info).not.toHaveBeenCalled()
  await userEvent.type(field, '12')
  await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }))
  expect(screen.queryByLabelText('Code from the e-mail')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeInTheDocument()
  expect(account.deleteMyAccount).not.toHaveBeenCalled()
})
