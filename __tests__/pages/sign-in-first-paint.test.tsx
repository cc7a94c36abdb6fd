/**
 * `/sign-in` shows its form before the SDK has loaded; a code requested that early waits for the
 * SDK and nothing typed is lost. Only a stored customer session is checked before the form shows.
 */
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readRioConfig } from '@/lib/rio/config'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import { renderRoute } from '@/test/app-harness'
import { secondTabClient } from '@/test/render'

const LOAD = { timeout: 5000 }

function gatedClient() {
  let release!: () => void
  const gate = new Promise<void>((resolve) => { release = resolve })
  return { release, createClient: async () => { await gate; return secondTabClient() } }
}

test('the form is there before the SDK has loaded, and a code requested then waits for it', async () => {
  const { release, createClient } = gatedClient()
  const user = userEvent.setup()
  renderRoute('/sign-in', { createClient })
  const email = screen.getByLabelText('Email address')
  await user.type(email, 'early@example.com{Enter}')
  // Still waiting for the SDK: what was typed stays, nothing failed.
  expect(screen.getByLabelText('Email address')).toHaveValue('early@example.com')
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()

  await act(async () => { release() })
  expect(await screen.findByLabelText('Verification code', {}, LOAD)).toBeInTheDocument()
  expect(screen.getByText('early@example.com')).toBeInTheDocument()
})

test('with a customer session stored in this browser, the page checks it before showing any form', () => {
  const projectId = readRioConfig(undefined, window.location.host).projectId
  window.localStorage.setItem(tokenStorageKey(projectId), JSON.stringify({
    accessToken: 'stored', refreshToken: 'stored', accessTokenDecoded: { userId: 'u1', anonymous: false },
  }))
  renderRoute('/sign-in', { createClient: () => new Promise(() => undefined) })
  expect(screen.getByRole('status')).toHaveTextContent('Checking your session…')
  expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument()
})
