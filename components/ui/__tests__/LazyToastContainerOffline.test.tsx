import { act, render, screen } from '@testing-library/react'
import { LazyToastContainer } from '@/components/ui/feedback/LazyToastContainer'
import { notify } from '@/components/ui/feedback/notify'

// The outlet's chunk fails once (the connection dropped), then arrives.
let mockLoads = 0
jest.mock('@/components/ui/feedback/AppToastContainer', () => {
  mockLoads += 1
  if (mockLoads === 1) throw new Error('Loading chunk failed')
  return jest.requireActual<typeof import('@/components/ui/feedback/AppToastContainer')>('@/components/ui/feedback/AppToastContainer')
})

test('when the outlet could not load, the next toast loads it again and shows', async () => {
  render(<LazyToastContainer />)
  act(() => notify.error('Cannot reach the service.'))
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(mockLoads).toBe(1)
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()

  act(() => notify.success('Back online'))
  expect(await screen.findByText('Back online')).toBeInTheDocument()
  expect(mockLoads).toBe(2)
})
