import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { SignInFlow } from '@/components/sign-in/SignInFlow'
import { invalidOtpError, toAppError } from '@/lib/rio/errors/map'

const SENT = { sentTo: 'jane@example.com', resendAfterSeconds: 30, expiresInSeconds: 300 }

function setup(overrides: Partial<Parameters<typeof SignInFlow>[0]> = {}) {
  const props = {
    sendOtp: jest.fn().mockResolvedValue(SENT),
    verifyOtp: jest.fn().mockResolvedValue(undefined),
    onSignedIn: jest.fn(),
    ...overrides,
  }
  const user = userEvent.setup()
  const { unmount } = render(<SignInFlow {...props} />)
  return { user, unmount, ...props }
}

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
  return screen.findByLabelText('Verification code')
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

  it('sends the address typed or autofilled before the page hydrated, which only the field held', async () => {
    const props = { sendOtp: jest.fn().mockResolvedValue(SENT), verifyOtp: jest.fn(), onSignedIn: jest.fn() }
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(<SignInFlow {...props} />)
    const early = within(container).getByLabelText<HTMLInputElement>('Email address')
    early.value = 'jane@example.com'

    render(<SignInFlow {...props} />, { container, hydrate: true })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }))
    expect(props.sendOtp).toHaveBeenCalledWith('jane@example.com')
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument()
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
    const sendOtp = jest.fn().mockRejectedValue(toAppError({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 25 }))
    const { user } = setup({ sendOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 25 seconds')
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com')
  })

  it('shows a network failure inline and keeps the address', async () => {
    const sendOtp = jest.fn().mockRejectedValue(toAppError({ code: 'NETWORK', message: 'Cannot reach the service.' }))
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
    await waitFor(() => expect(verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com'))
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

  // The provider rejects with the one mapping's errors; the form shows their message as it is.
  it.each([
    [invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 2 }), 'Invalid OTP. That code is not right. 2 attempts left.'],
    [invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 1 }), 'Invalid OTP. That code is not right. 1 attempt left.'],
    [invalidOtpError({ code: 'CODE_EXPIRED' }), 'Invalid OTP. This code has expired. Request a new one.'],
    [invalidOtpError({ code: 'TOO_MANY_ATTEMPTS' }), 'Invalid OTP. Too many attempts. Request a new code.'],
    [toAppError({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 9 }), 'Too many requests. Please wait 9 seconds and try again.'],
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
      .mockRejectedValueOnce(toAppError({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 15 }))
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

describe('the flow as a state machine', () => {
  it('focuses the e-mail field when the page opens', () => {
    setup()
    expect(screen.getByLabelText('Email address')).toHaveFocus()
  })

  it('submits on its own once six digits are typed', async () => {
    const { user, verifyOtp } = setup()
    await reachCodeStep(user)
    await user.keyboard('12345')
    expect(verifyOtp).not.toHaveBeenCalled()
    await user.keyboard('6')
    await waitFor(() => expect(verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com'))
    expect(verifyOtp).toHaveBeenCalledTimes(1)
  })

  it('selects a wrong code, so typing the next attempt replaces it', async () => {
    const verifyOtp = jest.fn().mockRejectedValueOnce(invalidOtpError({ code: 'INVALID_CODE', attemptsLeft: 4 })).mockResolvedValue(undefined)
    const { user, onSignedIn } = setup({ verifyOtp })
    const codeInput = (await reachCodeStep(user)) as HTMLInputElement
    await user.keyboard('111111')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. That code is not right. 4 attempts left.')
    expect(codeInput).toHaveFocus()
    expect([codeInput.selectionStart, codeInput.selectionEnd]).toEqual([0, 6])

    await user.keyboard('654321')
    expect(codeInput).toHaveValue('654321')
    await waitFor(() => expect(verifyOtp).toHaveBeenLastCalledWith('654321', 'jane@example.com'))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
  })

  it('a reload returns to code entry for the same address, and the code itself is never stored', async () => {
    const first = setup()
    await reachCodeStep(first.user)
    await first.user.keyboard('987')
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('987')

    // A reload (or Back then Forward, or a discarded tab) mounts the flow afresh.
    first.unmount()
    const again = setup()
    const codeInput = screen.getByLabelText('Verification code')
    expect(screen.getByText('jane@example.com')).toBeInTheDocument()
    expect(codeInput).toHaveValue('')
    expect(codeInput).toHaveFocus()
    await again.user.keyboard('123456')
    // Checked for the address of the pending sign-in, even though this mount sent nothing.
    await waitFor(() => expect(again.verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com'))
    expect(again.sendOtp).not.toHaveBeenCalled()
  })

  it('"Use another e-mail" ends the pending sign-in, so a reload shows step 1', async () => {
    const { user, unmount } = setup()
    await reachCodeStep(user)
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }))
    unmount()
    setup()
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument()
  })

  it('a successful sign-in ends the pending sign-in', async () => {
    const { user } = setup()
    await reachCodeStep(user)
    await user.keyboard('123456')
    await waitFor(() => expect(window.sessionStorage.length).toBe(0))
  })
})

describe('waits that count down live', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function renderFlow(props: Partial<Parameters<typeof SignInFlow>[0]> = {}) {
    const all = { sendOtp: jest.fn().mockResolvedValue(SENT), verifyOtp: jest.fn().mockResolvedValue(undefined), onSignedIn: jest.fn(), ...props }
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    const view = render(<SignInFlow {...all} />)
    return { user, view, ...all }
  }

  it('a refused send counts its wait down and then clears it', async () => {
    const sendOtp = jest.fn().mockRejectedValue(toAppError({ code: 'RATE_LIMITED', message: 'Too many requests', status: 429, retryAfterSeconds: 25 }))
    const { user } = renderFlow({ sendOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 25 seconds and try again.')
    act(() => jest.advanceTimersByTime(5_000))
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please wait 20 seconds and try again.')
    act(() => jest.advanceTimersByTime(19_000))
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please wait 1 second and try again.')
    act(() => jest.advanceTimersByTime(1_000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com')
  })

  /** A 429 of one of the Account class's sign-in limits, as the request layer maps it. */
  const limited = (code: string, retryAfterSeconds: number) =>
    toAppError({ isAxiosError: true, message: 'Request failed with status code 429', response: { status: 429, data: { code, message: 'x', retryAfterSeconds }, headers: {} } })

  it.each([
    ['IP_SEND_LIMIT', 'Too many codes were requested from your network. Try again in 60:00 minutes.', 'Too many codes were requested from your network. Try again in 59:59 minutes.'],
    ['EMAIL_SEND_LIMIT', 'Too many codes were sent to this e-mail in the last hour. Try again in 60:00 minutes.', 'Too many codes were sent to this e-mail in the last hour. Try again in 59:59 minutes.'],
  ])('a send refused by %s says which limit and counts its wait down', async (code, first, second) => {
    const sendOtp = jest.fn().mockRejectedValue(limited(code, 3600))
    const { user } = renderFlow({ sendOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(first)
    act(() => jest.advanceTimersByTime(1_000))
    expect(screen.getByRole('alert')).toHaveTextContent(second)
    act(() => jest.advanceTimersByTime(3599_000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a send refused because a code went out moments ago goes to the code step, with the resend wait', async () => {
    const sendOtp = jest.fn().mockRejectedValue(limited('RATE_LIMITED', 23))
    const verifyOtp = jest.fn().mockResolvedValue(undefined)
    const { user, onSignedIn } = renderFlow({ sendOtp, verifyOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    const code = await screen.findByLabelText('Verification code')
    expect(screen.getByText('A code was sent to jane@example.com moments ago: enter it below.')).toBeInTheDocument()
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Resend/ })).toBeDisabled()
    await user.type(code, '123456')
    await waitFor(() => expect(verifyOtp).toHaveBeenCalledWith('123456', 'jane@example.com'))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled())
  })

  it.each([
    ['EMAIL_CHECK_LIMIT', 'Too many wrong codes were entered for this e-mail from your network, so sign-in from it is paused. Try again in'],
    ['EMAIL_CHECK_LIMIT_ALL', 'Too many wrong codes were entered for this e-mail from several networks today, so sign-in is paused for it. Try again in'],
    ['IP_CHECK_LIMIT', 'Too many codes were checked from your network. Try again in'],
  ])('a code check refused by %s says which limit and counts its wait down', async (code, words) => {
    const verifyOtp = jest.fn().mockRejectedValue(limited(code, 65))
    const { user } = renderFlow({ verifyOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    await user.type(await screen.findByLabelText('Verification code'), '222222')
    expect(await screen.findByRole('alert')).toHaveTextContent(`${words} 1:05 minutes.`)
    act(() => jest.advanceTimersByTime(6_000))
    expect(screen.getByRole('alert')).toHaveTextContent(`${words} 59 seconds.`)
    act(() => jest.advanceTimersByTime(59_000))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('the resend wait keeps counting across a reload', async () => {
    const { user, view } = renderFlow()
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    await screen.findByRole('button', { name: 'Resend code in 30s' })
    act(() => jest.advanceTimersByTime(10_000))
    view.unmount()

    renderFlow()
    expect(screen.getByRole('button', { name: 'Resend code in 20s' })).toBeDisabled()
    act(() => jest.advanceTimersByTime(20_000))
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled()
  })

  it('after too many wrong codes Verify is off and "Send a new code" is the main action, with its wait', async () => {
    const verifyOtp = jest.fn().mockRejectedValue(invalidOtpError({ code: 'TOO_MANY_ATTEMPTS' }))
    const { user, sendOtp } = renderFlow({ verifyOtp })
    await user.type(screen.getByLabelText('Email address'), 'jane@example.com{Enter}')
    await user.type(await screen.findByLabelText('Verification code'), '222222')

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Too many attempts. Request a new code.')
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled()
    const sendNew = screen.getByRole('button', { name: /^Send a new code in \d+s$/ })
    expect(sendNew).toBeDisabled()
    expect(sendNew).toHaveClass('btn-primary')
    expect(screen.getByRole('button', { name: 'Verify' })).not.toHaveClass('btn-primary')
    expect(screen.getByText('This code can no longer be used. Send a new code to continue.')).toBeInTheDocument()
    // Typing or Enter cannot reach the backend any more.
    await user.clear(screen.getByLabelText('Verification code'))
    await user.type(screen.getByLabelText('Verification code'), '333333{Enter}')
    expect(verifyOtp).toHaveBeenCalledTimes(1)

    act(() => jest.advanceTimersByTime(30_000))
    await user.click(screen.getByRole('button', { name: 'Send a new code' }))
    expect(sendOtp).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled())
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveClass('btn-primary')
  })
})
