/** The data rights card in French: its words, the link to the privacy notice, the deletion's steps. */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { YourData } from '@/components/privacy/YourData'
import { I18nProvider } from '@/contexts/I18nContext'
import { toAppError } from '@/lib/rio/errors/map'
import { allMessages } from '@/test/i18n'

const account = {
  exportMyData: jest.fn<Promise<Record<string, unknown>>, []>(),
  requestAccountDeletion: jest.fn<Promise<void>, []>(),
  deleteMyAccount: jest.fn<Promise<void>, [string]>(),
  account: null,
}
jest.mock('@/contexts/AccountContext', () => ({ useCustomer: () => account, useCustomerCalls: () => account }))
jest.mock('@/contexts/AuthContext', () => ({ useAuth: () => ({ signOut: jest.fn() }) }))

beforeEach(() => mockRouter.setCurrentUrl('/account'))

function renderIn(locale: 'fr' | 'de') {
  return render(
    <MemoryRouterProvider><I18nProvider value={allMessages(locale)}><YourData /></I18nProvider></MemoryRouterProvider>,
  )
}

test('in French the card names each right, links the privacy notice, and asks for a code before deleting', async () => {
  const user = userEvent.setup()
  account.requestAccountDeletion.mockResolvedValue(undefined)
  renderIn('fr')
  expect(screen.getByRole('heading', { name: 'Vos droits sur vos données' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Télécharger mes données' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }))
  expect(screen.getByText(/conserver vos factures pendant 10 ans/)).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'M’envoyer un code par e-mail' }))
  expect(await screen.findByRole('status')).toHaveTextContent('Nous vous avons envoyé par e-mail un code')
  expect(screen.getByLabelText('Code reçu par e-mail')).toBeInTheDocument()
})

test('in German a failure of the service reads in German', async () => {
  const user = userEvent.setup()
  account.exportMyData.mockRejectedValue(toAppError({ isAxiosError: true, message: 'Network Error' }))
  renderIn('de')
  await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Der Dienst ist nicht erreichbar. Prüfe deine Verbindung und versuch es noch einmal.')
})
