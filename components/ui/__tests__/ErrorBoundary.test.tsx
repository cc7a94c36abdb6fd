import '@/test/intersection-observer'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { useState } from 'react'
import { ErrorBoundary } from '@/components/ui/feedback/ErrorBoundary'

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('boom')
  return <p>All good</p>
}

function Harness() {
  const [explode, setExplode] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setExplode(false)}>
        Fix it
      </button>
      <ErrorBoundary resetKey="/">
        <Bomb explode={explode} />
      </ErrorBoundary>
    </>
  )
}

beforeEach(() => {
  // React and the boundary report the crash on the console; that output is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => jest.restoreAllMocks())

test('a render error shows a fallback with ways back instead of a blank page', async () => {
  const user = userEvent.setup()
  render(<Harness />, { wrapper: MemoryRouterProvider })

  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/')

  await user.click(screen.getByRole('button', { name: 'Fix it' }))
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(screen.getByText('All good')).toBeInTheDocument()
})

test('navigating elsewhere clears the error', () => {
  const { rerender } = render(
    <ErrorBoundary resetKey="/account">
      <Bomb explode />
    </ErrorBoundary>,
    { wrapper: MemoryRouterProvider },
  )
  expect(screen.getByRole('alert')).toBeInTheDocument()
  rerender(
    <ErrorBoundary resetKey="/">
      <Bomb explode={false} />
    </ErrorBoundary>,
  )
  expect(screen.getByText('All good')).toBeInTheDocument()
})
