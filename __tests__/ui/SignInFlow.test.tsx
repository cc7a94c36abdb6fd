import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AppError } from '@/contexts/types'
import { SignInFlow } from '@/components/sign-in/SignInFlow'

const SENT = { sentTo: 'jane@example.com', resendAfterSeconds: 30, expiresInSeconds: 300 }

function setup(overrides: Partial<Parameters<typeof SignInFlow>[0]> = {}) {
  const props = {
    sendOtp: jest.fn().mockResolvedValue(SENT),
    verifyOtp: jest.fn().mockResolvedValue(undefined),
    onSignedIn: jest.fn(),
    ...overrides,
  }
  const user = userEvent.setup()
  render(<SignInFlow {...props} />)
  return { user, ...props }
}

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
  return screen.findByLabelText('Verification code')
}

function otpFailure(fields: Partial<AppError>): AppError {
  return { code: 'INVALID_OTP', message: 'Invalid OTP', ...fields }
}

describe('step 1: e-mail', () => {
  it('validates the address before any request and keeps what was typed', async () => {
    const { user, sendOtp } = setup()
    const input = screen.getByLabelText('Email address')
    await user.type(input, 'jane@example')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(/valid e-mail address/i)
    expect(input).toHaveValue('jane@example')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveFocus()
    expect(sendOtp).not.toHaveBeenCalled()

    await user.type(input, '.com')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('rejects an empty address without a request', async () => {
    const { user, sendOtp } = setup()
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your e-mail address.')
    expect(sendOtp).not.toHaveBeenCalled()
  })

  it('submits on Enter, then shows where the code went and moves focus to the code field', async () => {
    const { user, sendOtp } = setup()
    const codeInput = await reachCodeStep(user)
    expect(sendOtp).toHaveBeenCalledWith('jane@example.com')
    expect(screen.getByText('jane@example.com')).toBeInTheDocument()
    expect(codeInput).toHaveFocus()
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code')
    expect(codeInput).toHaveAttribute('inputmode', 'numeric')
    expect(codeInput).not.toHaveAttribute('maxlength')
  })

  it('keeps the typed e-mail and says how long to wait when sending is rate-limited', async () => {
    const sendOtp = jest.fn().mockRejectedValue({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 25 })
    const { user } = setup({ sendOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 25 seconds')
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com')
  })

  it('shows a network failure inline and keeps the address', async () => {
    const sendOtp = jest.fn().mockRejectedValue({ code: 'NETWORK', message: 'Cannot reach the service.' })
    const { user } = setup({ sendOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the service.')
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com')
  })
})

describe('step 2: code', () => {
  it.each(['12 34 56', '123-456'])('normalises a pasted %j to 123456', async (pasted) => {
    const { user, verifyOtp } = setup()
    const codeInput = await reachCodeStep(user)
    await user.paste(pasted)
    expect(codeInput).toHaveValue('123456')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(verifyOtp).toHaveBeenCalledWith('123456'))
  })

  it('asks for 6 digits before sending a short code', async () => {
    const { user, verifyOtp } = setup()
    await reachCodeStep(user)
    await user.keyboard('123{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has 6 digits; you entered 3.')
    expect(verifyOtp).not.toHaveBeenCalled()
  })

  it('goes on after a correct code', async () => {
    const { user, onSignedIn } = setup()
    await reachCodeStep(user)
    await user.keyboard('123456{Enter}')
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
  })

  it.each([
    [otpFailure({ reason: 'INVALID_CODE', attemptsLeft: 2 }), 'Invalid OTP: that code is not right. 2 attempts left.'],
    [otpFailure({ reason: 'INVALID_CODE', attemptsLeft: 1 }), 'Invalid OTP: that code is not right. 1 attempt left.'],
    [otpFailure({ reason: 'CODE_EXPIRED' }), 'This code has expired. Send a new code to continue.'],
    [otpFailure({ reason: 'TOO_MANY_ATTEMPTS' }), 'Too many attempts with this code. Send a new code to try again.'],
    [{ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 9 }, 'Too many requests. Please wait 9 seconds before trying again.'],
  ])('shows a specific message for %j and clears it when the code is edited', async (failure, message) => {
    const verifyOtp = jest.fn().mockRejectedValue(failure)
    const { user } = setup({ verifyOtp })
    const codeInput = await reachCodeStep(user)
    await user.keyboard('123456{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(codeInput).toHaveValue('123456')
    expect(codeInput).toHaveAttribute('aria-invalid', 'true')

    await user.type(codeInput, '{Backspace}')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(codeInput).not.toHaveAttribute('aria-invalid')
  })

  it('"Use another e-mail" goes back with the address still typed', async () => {
    const { user } = setup()
    await reachCodeStep(user)
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }))
    const emailInput = screen.getByLabelText('Email address')
    expect(emailInput).toHaveValue('jane@example.com')
    expect(emailInput).toHaveFocus()
  })
})

describe('resend countdown', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('shows the seconds left, then enables "Resend code" and sends a new code', async () => {
    const sendOtp = jest.fn().mockResolvedValue({ ...SENT, resendAfterSeconds: 30 })
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    render(<SignInFlow sendOtp={sendOtp} verifyOtp={jest.fn()} onSignedIn={jest.fn()} />)
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')

    const resend = await screen.findByRole('button', { name: 'Resend code in 30s' })
    expect(resend).toBeDisabled()

    act(() => jest.advanceTimersByTime(10_000))
    expect(screen.getByRole('button', { name: 'Resend code in 20s' })).toBeDisabled()

    act(() => jest.advanceTimersByTime(20_000))
    const ready = screen.getByRole('button', { name: 'Resend code' })
    expect(ready).toBeEnabled()

    await user.click(ready)
    expect(sendOtp).toHaveBeenCalledTimes(2)
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way to jane@example.com')
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled()
  })

  it('restarts the countdown from the wait the backend gives when a resend is rate-limited', async () => {
    const sendOtp = jest
      .fn()
      .mockResolvedValueOnce({ ...SENT, resendAfterSeconds: 1 })
      .mockRejectedValueOnce({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 15 })
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    render(<SignInFlow sendOtp={sendOtp} verifyOtp={jest.fn()} onSignedIn={jest.fn()} />)
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    await screen.findByLabelText('Verification code')
    act(() => jest.advanceTimersByTime(1_000))
    await user.click(screen.getByRole('button', { name: 'Resend code' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 15 seconds')
    expect(screen.getByRole('button', { name: 'Resend code in 15s' })).toBeDisabled()
  })
})
