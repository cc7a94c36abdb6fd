import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { readOtp } from '@/test/render'
import { renderRoute, signInThroughPage } from '@/test/app-harness'

const LOAD = { timeout: 5000 }
const EMAIL = 'Jane.Doe+beans@example.com'

async function requestCode(user: ReturnType<typeof userEvent.setup>, email = EMAIL) {
  await user.type(await screen.findByLabelText('Email address', {}, LOAD), `${email}{Enter}`)
  return screen.findByLabelText('Verification code', {}, LOAD)
}

/** From /sign-in, types only the six digits of the code (they submit themselves); resolves on /account. */
async function signInWithSixDigits(user: ReturnType<typeof userEvent.setup>, email: string) {
  renderRoute('/sign-in')
  await requestCode(user, email)
  await user.type(screen.getByLabelText('Verification code'), await readOtp(email))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/account' }), LOAD)
}

/** A 6-digit code that is not the one the backend sent. */
function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000'
}

test('signs in with the e-mailed code pasted with spaces and returns to the page in ?next=', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in?next=/')
  const codeInput = await requestCode(user)
  expect(screen.getByText('jane.doe+beans@example.com')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled()

  const code = await readOtp(EMAIL.toLowerCase())
  await user.paste(`${code.slice(0, 2)} ${code.slice(2, 4)} ${code.slice(4)}`)
  expect(codeInput).toHaveValue(code)
  await user.keyboard('{Enter}')

  await waitFor(() => expect(mockRouter).toMatchObject({ asPath: '/' }), LOAD)
  expect(await screen.findAllByRole('button', { name: /^Start with / }, LOAD)).toHaveLength(4)
  expect(screen.getByRole('link', { name: 'Account' })).toBeInTheDocument()
})

test.each([
  ['without ?next=', 'kim@example.com', undefined],
  ['with an unsafe ?next=', 'lee@example.com', 'https://evil.example/'],
])('%s a successful sign-in lands on /account', async (_case, email, next) => {
  await signInThroughPage(userEvent.setup(), email, { next, landing: '/account' })
  expect(await screen.findByRole('heading', { name: 'Your account', level: 1 }, LOAD)).toBeInTheDocument()
})

test('a wrong code says "Invalid OTP" with the attempts left, keeps the code, and clears on edit', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in')
  const codeInput = await requestCode(user)
  const wrong = wrongCodeFor(await readOtp(EMAIL.toLowerCase()))
  await user.type(codeInput, `${wrong}{Enter}`)

  const alert = await screen.findByRole('alert', {}, LOAD)
  expect(alert).toHaveTextContent(/Invalid OTP/)
  expect(alert).toHaveTextContent(/\d+ attempts? left/)
  expect(codeInput).toHaveValue(wrong)
  expect(mockRouter).toMatchObject({ pathname: '/sign-in' })

  await user.type(codeInput, '{Backspace}')
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('after too many wrong codes the code is locked out with its own message', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in')
  const codeInput = await requestCode(user)
  const wrong = wrongCodeFor(await readOtp(EMAIL.toLowerCase()))
  let message = ''
  for (let attempt = 0; attempt < 10 && !/Too many attempts/.test(message); attempt += 1) {
    await user.clear(codeInput)
    await user.type(codeInput, `${wrong}{Enter}`)
    message = (await screen.findByRole('alert', {}, LOAD)).textContent ?? ''
  }
  expect(message).toMatch(/Too many attempts/)
})

test('a visitor who is already signed in is sent on to /account', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in?next=/')
  await requestCode(user)
  await user.type(screen.getByLabelText('Verification code'), `${await readOtp(EMAIL.toLowerCase())}{Enter}`)
  await waitFor(() => expect(mockRouter).toMatchObject({ asPath: '/' }), LOAD)

  await act(() => mockRouter.push('/sign-in'))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/account' }), LOAD)
  await screen.findByRole('region', { name: 'Sign-in' }, LOAD)
  // The e-mail heads the page once ("Signed in as …"); <wbr> breaks split its text nodes.
  expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Signed in as jane.doe+beans@example.com')).toBeInTheDocument()
})

test('six digits sign in on their own, and focus lands on the main heading of the next page', async () => {
  await signInWithSixDigits(userEvent.setup(), 'mo@example.com')
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Your account', level: 1 })).toHaveFocus(), LOAD)
})

test('after signing in and out, /sign-in starts again at the e-mail step', async () => {
  const user = userEvent.setup()
  await signInWithSixDigits(user, 'oz@example.com')
  await user.click(await screen.findByRole('button', { name: 'Sign out' }, LOAD))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/' }), LOAD)

  await act(() => mockRouter.push('/sign-in'))
  expect(await screen.findByLabelText('Email address', {}, LOAD)).toHaveValue('')
  expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument()
})

test('a reload during code entry returns to code entry, and the code already e-mailed still signs in', async () => {
  const user = userEvent.setup()
  const { unmount } = renderRoute('/sign-in')
  await requestCode(user, 'nia@example.com')
  unmount()

  renderRoute('/sign-in')
  const codeInput = await screen.findByLabelText('Verification code', {}, LOAD)
  expect(screen.getByText('nia@example.com')).toBeInTheDocument()
  // The wait from the first request still runs instead of starting over.
  expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled()
  await user.type(codeInput, await readOtp('nia@example.com'))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/account' }), LOAD)
})

test('a plan picked before signing in is named on the sign-in page, with its price', async () => {
  renderRoute(`/sign-in?next=${encodeURIComponent('/?plan=daily-grind')}`)
  expect(await screen.findByTestId('picked-plan', {}, LOAD)).toHaveTextContent(
    'You picked Daily Grind: €12.00 per delivery. After signing in you confirm it with your delivery address; nothing is charged before that.',
  )
})

test('no plan, or one we do not offer, names none', async () => {
  renderRoute(`/sign-in?next=${encodeURIComponent('/?plan=free-coffee-forever')}`)
  await screen.findByLabelText('Email address', {}, LOAD)
  expect(screen.queryByTestId('picked-plan')).not.toBeInTheDocument()
})

describe('staff', () => {
  const STAFF = 'rosa@example.com'
  beforeEach(() => {
    process.env.STAFF_EMAILS = STAFF
  })
  afterEach(() => {
    delete process.env.STAFF_EMAILS
  })

  test('staff signing in without a page to return to land on the roastery, customers on their account', async () => {
    await signInThroughPage(userEvent.setup(), STAFF, { landing: '/roastery' })
    expect(await screen.findByRole('heading', { name: 'Roastery', level: 1 }, LOAD)).toBeInTheDocument()
  })

  test('staff sent to sign in from another page go back to it', async () => {
    await signInThroughPage(userEvent.setup(), STAFF, { next: '/', landing: '/' })
  })
})
