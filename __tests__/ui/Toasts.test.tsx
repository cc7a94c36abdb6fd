import { act, fireEvent, render, screen } from '@testing-library/react'
import { toast } from 'react-toastify'
import { AppToastContainer } from '@/components/feedback/AppToastContainer'

// Inside a describe so real timers are back before the shared afterEach (test/setup-app.ts) runs.
describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    act(() => toast.dismiss())
    jest.useRealTimers()
  })

  /*
   * react-toastify times auto-close with a CSS animation on the progress bar and removes the toast
   * when its exit animation ends. jsdom runs no CSS animations, so the test checks the 5000 ms
   * duration the container sets and then plays the animation events a browser would fire.
   */
  test('a toast is announced as an alert and closes itself after 5000 ms', async () => {
    render(<AppToastContainer />)
    act(() => {
      toast.success('Your plan changed.')
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your plan changed.')

    expect(alert).toHaveClass('Toastify__toast')
    const progress = screen.getByRole('progressbar', { name: 'notification timer' })
    expect(progress).toHaveStyle({ animationDuration: '5000ms' })

    act(() => jest.advanceTimersByTime(4999))
    expect(screen.getByRole('alert')).toBeInTheDocument()

    // The end of the 5000 ms progress animation closes the toast; then its exit animation ends.
    fireEvent.animationEnd(progress)
    fireEvent.animationEnd(alert)
    act(() => jest.advanceTimersByTime(1000))
    expect(screen.queryByText('Your plan changed.')).not.toBeInTheDocument()
  })

  test('a toast the user hovers does not run down (pause on hover keeps it readable)', async () => {
    render(<AppToastContainer />)
    act(() => {
      toast.error('Could not switch plans.')
    })
    const alert = await screen.findByRole('alert')
    fireEvent.mouseEnter(alert)
    expect(screen.getByRole('progressbar', { name: 'notification timer' })).toHaveStyle({ animationPlayState: 'paused' })
  })
})
