import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/** Whether the /account payment method card is being changed, for the buttons elsewhere that open it. */
export interface MethodEditor {
  editing: boolean
  /** Opens the card's form and brings it into view (a failed payment's "Use another card"). */
  open(): void
  close(): void
}

const MethodEditorContext = createContext<MethodEditor | null>(null)

/** The id of the payment method card, which `open` scrolls to. */
export const PAYMENT_METHOD_ID = 'payment-method'

/** Holds whether the payment method is being changed, for the card and the deliveries' buttons. */
export function MethodEditorProvider({ children }: { children: ReactNode }) {
  const [editing, setEditing] = useState(false)
  const open = useCallback(() => {
    setEditing(true)
    // After React has shown the form: bring the card into view (jsdom has no scrolling).
    window.setTimeout(() => document.getElementById(PAYMENT_METHOD_ID)?.scrollIntoView?.({ block: 'start' }), 0)
  }, [])
  const close = useCallback(() => setEditing(false), [])
  const value = useMemo(() => ({ editing, open, close }), [editing, open, close])
  return <MethodEditorContext.Provider value={value}>{children}</MethodEditorContext.Provider>
}

/** The editor of the page, or null outside a MethodEditorProvider (nothing to open then). */
export function useMethodEditor(): MethodEditor | null {
  return useContext(MethodEditorContext)
}
