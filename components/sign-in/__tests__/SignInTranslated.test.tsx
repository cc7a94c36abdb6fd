import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import type { ReactNode } from 'react'
import { I18nProvider } from '@/contexts/I18nContext'
import { SignInFlow } from '@/components/sign-in/SignInFlow'
import { SignInPage } from '@/components/sign-in/SignInPage'
import { allMessages } from '@/test/i18n'
import type { Locale } from '@/lib/i18n/types'
import { invalidOtpError, toAppError } from '@/lib/rio/errors/map'

const SENT = { sentTo: 'jane@example.com', resendAfterSeconds: 30, expiresInSeconds: 300 }

jest.mock('@/contexts/AuthContext', () => ({
  useAuth: () => ({
    isSignedIn: false, identity: null, restoringSession: false,
    sendOtp: jest.fn().mockResolvedValue({ sentTo: 'jane@example.com', resendAfterSeconds: 30, expiresInSeconds: 300 }),
    verifyOtp: jest.fn(),
  }),
}))

// The plan list has not arrived (the page's first paint): the seed's plans name the pick.
jest.mock('@/contexts/AccountContext', () => ({
  usePlanList: () => ({ plans: [], plansStatus: 'loading', plansError: null, reloadPlans: jest.fn() }),
}))

function inLocale(locale: Locale, children: ReactNode) {
  return render(<I18nProvider value={allMessages(locale)}>{children}</I18nProvider>)
}

beforeEach(() => window.sessionStorage.clear())

test('the e-mail step, the code step and a new code speak German', async () => {
  const user = userEvent.setup()
  const sendOtp = jest.fn().mockResolvedValue(SENT)
  inLocale('de', <SignInFlow sendOtp={sendOtp} verifyOtp={jest.fn()} onSignedIn={jest.fn()} initialPending={null} />)

  expect(screen.getByText('Schritt 1 von 2')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
  expect(screen.getByText('Wir schicken dir einen 6-stelligen Code. Kein Passwort nötig.')).toBeInTheDocument()
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jane@example.com')
  await user.click(screen.getByRole('button', { name: 'Code senden' }))

  expect(await screen.findByLabelText('Bestätigungscode')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Schau in dein Postfach' })).toBeInTheDocument()
  expect(screen.getByText(/^Wir haben einen Code an/)).toHaveTextContent(
    'Wir haben einen Code an jane@example.com geschickt. Es kann eine Minute dauern; schau auch in deinen Spam-Ordner.')
  expect(screen.getByRole('button', { name: /^Code erneut senden in \d+ s$/ })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Andere E-Mail-Adresse verwenden' })).toBeEnabled()
})

test('a code sent moments ago is announced in French, with the narrow space before the colon', async () => {
  const user = userEvent.setup()
  const recently = toAppError({ isAxiosError: true, message: 'Request failed', response: { status: 429, data: { code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 20 }, headers: {} } })
  inLocale('fr', <SignInFlow sendOtp={jest.fn().mockRejectedValue(recently)} verifyOtp={jest.fn()} onSignedIn={jest.fn()} initialPending={null} />)
  await user.type(screen.getByLabelText('Adresse e-mail'), 'jean@example.com{Enter}')
  expect((await screen.findByRole('status')).textContent).toBe('Un code vient d’être envoyé à jean@example.com\u202f: saisissez-le ci-dessous.')
  expect(screen.getByRole('button', { name: 'Vérifier' })).toBeInTheDocument()
})

test('the plan picked before signing in is named with its price in German', async () => {
  await mockRouter.push('/sign-in?next=%2F%3Fplan%3Dbarista')
  inLocale('de', <SignInPage />)
  expect((await screen.findByTestId('picked-plan')).textContent).toBe(
    'Du hast Barista gewählt: 20,00\u00a0€ pro Lieferung. Nach der Anmeldung bestätigst du es mit deiner Lieferadresse; vorher wird nichts abgebucht.')
  expect(screen.getByText('Neu hier? Derselbe Code legt dein Konto an, ganz ohne eigene Registrierung.')).toBeInTheDocument()
})

test('the form\'s own errors read in German: the e-mail problem, the code length and a wrong code', async () => {
  const user = userEvent.setup()
  const wrong = invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 2 })
  inLocale('de', <SignInFlow sendOtp={jest.fn().mockResolvedValue(SENT)} verifyOtp={jest.fn().mockRejectedValue(wrong)} onSignedIn={jest.fn()} initialPending={null} />)
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jane@{Enter}')
  expect(await screen.findByText('„jane@“ ist keine gültige E-Mail-Adresse.')).toBeInTheDocument()
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'example.com{Enter}')

  const code = await screen.findByLabelText('Bestätigungscode')
  await user.type(code, '123{Enter}')
  expect(await screen.findByText('Der Code hat 6 Ziffern; du hast 3 eingegeben.')).toBeInTheDocument()
  await user.type(code, '456{Enter}')
  expect(await screen.findByText('Ungültiger Code. Der Code stimmt nicht. Noch 2 Versuche.')).toBeInTheDocument()
})

test('a sign-in limit counts down in German', async () => {
  const user = userEvent.setup()
  const limited = toAppError({ isAxiosError: true, message: 'Request failed', response: { status: 429, data: { code: 'IP_SEND_LIMIT', message: 'x', retryAfterSeconds: 125 }, headers: {} } })
  inLocale('de', <SignInFlow sendOtp={jest.fn().mockRejectedValue(limited)} verifyOtp={jest.fn()} onSignedIn={jest.fn()} initialPending={null} />)
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jane@example.com{Enter}')
  expect(await screen.findByText(/^Aus deinem Netzwerk wurden zu viele Codes angefordert\. Versuch es in 2:0[45] Minuten wieder\.$/)).toBeInTheDocument()
})
