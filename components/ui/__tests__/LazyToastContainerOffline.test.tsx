import { act, render, screen } from '@testing-library/react'
import { LazyToastContainer } from '@/components/ui/feedback/LazyToastContainer'
import { notify } from '@/components/ui/feedback/notify'

// The toasts' chunk (the outlet and the toast call) cannot arrive while the connection is down.
let mockOffline = true
let mockLoads = 0
jest.mock('@/components/ui/feedback/AppToastContainer', () => {
  mockLoads += 1
  if (mockOffline) throw new Error('Loading chunk failed')
  return jest.requireActual<typeof import('@/components/ui/feedback/AppToastContainer')>('@/components/ui/feedback/AppToastContainer')
})

test('when the toasts could not load, the next toast loads them again and shows', async () => {
  render(<LazyToastContainer />)
  act(() => notify.error('Cannot reach the service.'))
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(mockLoads).toBeGreaterThan(0)
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()

  mockOffline = false
  const failedLoads = mockLoads
  act(() => notify.success('Back online'))
  expect(await screen.findByText('Back online')).toBeInTheDocument()
  expect(mockLoads).toBeGreaterThan(failedLoads)
  // The toast raised while nothing could arrive is lost, not shown late beside the new one.
  expect(screen.queryByText('Cannot reach the service.')).not.toBeInTheDocument()
})
