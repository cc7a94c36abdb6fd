import { act, render, screen } from '@testing-library/react'
import { LazyToastContainer } from '@/components/ui/feedback/LazyToastContainer'
import { notify } from '@/components/ui/feedback/notify'

// Records when the outlet's chunk (with react-toastify) is loaded.
const mockOutletLoaded = jest.fn()
jest.mock('@/components/ui/feedback/AppToastContainer', () => {
  mockOutletLoaded()
  return jest.requireActual<typeof import('@/components/ui/feedback/AppToastContainer')>('@/components/ui/feedback/AppToastContainer')
})

// The outlet's chunk loads on the first toast; on a busy machine (CI, two workers) that takes
// longer than findBy's default second.
const LOAD = { timeout: 5000 }

test('the toast outlet loads with the first toast, not with the page, and shows it', async () => {
  render(<LazyToastContainer />)
  // Well after hydration: still nothing loaded.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(mockOutletLoaded).not.toHaveBeenCalled()

  act(() => notify.success('Saved'))
  expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('Saved')
  expect(mockOutletLoaded).toHaveBeenCalledTimes(1)

  // Later toasts use the same outlet.
  act(() => notify.error('Failed'))
  expect(await screen.findByText('Failed', {}, LOAD)).toBeInTheDocument()
  expect(mockOutletLoaded).toHaveBeenCalledTimes(1)
})
