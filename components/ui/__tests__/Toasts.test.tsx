import { act, fireEvent, render, screen } from '@testing-library/react'
import { toast } from 'react-toastify'
import { AppToastContainer } from '@/components/ui/feedback/AppToastContainer'

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
  test('a toast is announced as an alert, its close timer runs 5000 ms, and the timer\'s end removes it', async () => {
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

  /** A finger's pointer event (jsdom has no PointerEvent; react-toastify drags touch only by default). */
  function touch(type: string, target: EventTarget, clientX: number) {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX, clientY: 0 })
    Object.defineProperty(event, 'pointerType', { value: 'touch' })
    act(() => { target.dispatchEvent(event) })
  }

  /** Drags the toast sideways by `distance` px. */
  function drag(toast: HTMLElement, distance: number) {
    touch('pointerdown', toast, 0)
    touch('pointermove', document, distance)
    touch('pointerup', document, distance)
  }

  test('a toast dragged across 80 % of its width is dismissed; a shorter drag puts it back', async () => {
    render(<AppToastContainer />)
    act(() => {
      toast.info('Drag me away.')
    })
    const alert = await screen.findByRole('alert')
    // jsdom lays nothing out: give the toast a 200 px width, so 80 % is 160 px.
    Object.defineProperty(alert, 'offsetWidth', { configurable: true, value: 200 })

    drag(alert, 158)
    act(() => jest.advanceTimersByTime(1000))
    expect(screen.getByText('Drag me away.')).toBeInTheDocument()

    drag(alert, 162)
    act(() => jest.advanceTimersByTime(1000))
    expect(screen.queryByText('Drag me away.')).not.toBeInTheDocument()
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
