/**
 * A code typed into `/sign-in`'s first paint before the page hydrated (its scripts load after the
 * first frame) is in the resumed code step's field afterwards, not lost with the first paint's
 * step. It is sent only when the customer sends it.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import type { ReactElement } from 'react'
import { I18nProvider } from '@/contexts/I18nContext'
import { SignInPage } from '@/components/sign-in/SignInPage'
import { writePendingSignIn } from '@/lib/sign-in/pending-sign-in'
import { allMessages } from '@/test/i18n'

const verifyOtp = jest.fn()

jest.mock('@/contexts/AuthContext', () => ({
  useAuth: () => ({
    isSignedIn: false, identity: null, restoringSession: false,
    sendOtp: jest.fn(),
    verifyOtp: (...args: unknown[]) => verifyOtp(...args),
  }),
}))

jest.mock('@/contexts/AccountContext', () => ({
  usePlanList: () => ({ plans: [], plansStatus: 'loading', plansError: null, reloadPlans: jest.fn() }),
}))

const page = (): ReactElement => <I18nProvider value={allMessages('en')}><SignInPage /></I18nProvider>

/** The server's HTML in the document, with `typed` in the first paint's code field; then hydrated. */
function hydrateWithCodeTyped(typed: string) {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(page())
  const early = within(container).getByLabelText<HTMLInputElement>('Verification code')
  early.value = typed
  return render(page(), { container, hydrate: true })
}

beforeEach(() => {
  verifyOtp.mockReset()
  window.sessionStorage.clear()
  writePendingSignIn({ email: 'jane@example.com', sentTo: 'jane@example.com', resendAt: null, expiresAt: Date.now() + 300_000 })
})

afterEach(() => {
  document.body.innerHTML = ''
})

test('a code typed before hydration stays in the field of the resumed step, and is sent when the customer sends it', async () => {
  hydrateWithCodeTyped('123456')
  const field = await screen.findByLabelText('Verification code')
  expect(screen.getAllByLabelText('Verification code')).toHaveLength(1)
  expect(field).toHaveValue('123456')
  expect(verifyOtp).not.toHaveBeenCalled()

  await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }))
  expect(verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com')
})

test('part of a code typed before hydration is kept to finish', async () => {
  hydrateWithCodeTyped('12')
  const field = await screen.findByLabelText('Verification code')
  expect(field).toHaveValue('12')
  await userEvent.setup().type(field, '3456')
  expect(verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com')
})

test('with nothing typed, the resumed step starts empty', async () => {
  hydrateWithCodeTyped('')
  expect(await screen.findByLabelText('Verification code')).toHaveValue('')
})
