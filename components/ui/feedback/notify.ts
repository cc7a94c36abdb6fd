/**
 * The app's toasts. react-toastify and the toast outlet load with the first toast, not with the
 * page: most visits raise none. react-toastify queues a toast raised before its container has
 * mounted, so the first one shows as soon as the outlet is there.
 */
type ToastKind = 'success' | 'error' | 'info'

let raised = 0
const listeners = new Set<() => void>()

/** How many toasts the page has raised (the outlet is wanted from the first one on). */
export function toastsRaised(): number {
  return raised
}

/** Calls `listener` whenever a toast is raised; returns the unsubscribe function. */
export function onToastRaised(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function show(kind: ToastKind, message: string): void {
  raised += 1
  for (const listener of [...listeners]) listener()
  import('./AppToastContainer').then(
    ({ toast }) => { toast[kind](message) },
    // Offline, the toast library itself cannot arrive: this toast is lost, the next one tries again.
    () => undefined,
  )
}

/** Raises a toast (announced as an alert by the app's one container). */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
