import { ToastContainer } from 'react-toastify'

/** Toasts close themselves after 5 s (a product constant; __tests__/ui/Toasts.test.tsx pins it). */
export const TOAST_AUTO_CLOSE_MS = 5000
/** A toast is dismissed once dragged across 80 % of its width (a product constant, pinned by the same test). */
export const TOAST_DRAG_PERCENT = 80

/** The app's one toast outlet; every toast is announced as an alert. */
export function AppToastContainer() {
  return (
    <ToastContainer
      position="bottom-right"
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
