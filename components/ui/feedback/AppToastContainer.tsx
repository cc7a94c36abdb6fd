import { ToastContainer } from 'react-toastify'

// The toast call comes from here too (./notify.ts): one dynamic import brings the outlet and the
// library, where two would each cost every page a loader in its first-load JS.
export { toast } from 'react-toastify'

/** Toasts close themselves after 5 s (a product constant; components/ui/__tests__/Toasts.test.tsx pins it). */
export const TOAST_AUTO_CLOSE_MS = 5000
/** A toast is dismissed once dragged across 80 % of its width (a product constant, pinned by the same test). */
export const TOAST_DRAG_PERCENT = 80

/**
 * Where toasts show: bottom left. A page's actions sit at the right end of their rows (Skip,
 * Unskip, Change, Edit), so a toast there covered the next button the customer reaches for; on a
 * phone toasts take the width of the screen at the bottom either way.
 */
export const TOAST_POSITION = 'bottom-left'

/** The app's one toast outlet; every toast is announced as an alert. */
export function AppToastContainer() {
  return (
    <ToastContainer
      position={TOAST_POSITION}
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggablePercent={TOAST_DRAG_PERCENT}
      role="alert"
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="light"
    />
  )
}
