/**
 * The app's toasts, with react-toastify loaded only when the first toast is shown: no page needs
 * it for first paint. react-toastify queues a toast raised before its container has mounted.
 */
type ToastKind = 'success' | 'error' | 'info'

function show(kind: ToastKind, message: string): void {
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message)
  })
}

/** Raises a toast (announced as an alert by the app's one container). */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
