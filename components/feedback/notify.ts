/**
 * The app's toasts. react-toastify and the toast outlet load with the first toast, not with the
 * page: most visits raise none. react-toastify queues a toast raised before its container has
 * mounted, so the first one shows as soon as the outlet is there.
 */
type ToastKind = 'success' | 'error' | 'info'

let raised = false
const listeners = new Set<() => void>()

/** True once the page has raised a toast (the outlet is wanted from then on). */
export function toastRaised(): boolean {
  return raised
}

/** Calls `listener` when the first toast is raised; returns the unsubscribe function. */
export function onToastRaised(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function show(kind: ToastKind, message: string): void {
  if (!raised) {
    raised = true
    for (const listener of [...listeners]) listener()
  }
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
