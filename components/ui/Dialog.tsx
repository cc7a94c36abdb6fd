import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import styles from './Dialog.module.css'

export interface DialogProps {
  title: string
  /** The dialog's explanation, read out with its title when it opens. */
  description: ReactNode
  /** Escape, the backdrop and the caller's own Close buttons end here. */
  onClose(): void
  /**
   * False while the dialog holds something typed: a click outside then does nothing, so a stray
   * click cannot throw the text away (Escape and the dialog's own buttons still close it).
   */
  closeOnBackdrop?: boolean
  children: ReactNode
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog: labelled by its title and described by its text, focus moves into it (to the
 * element marked `data-autofocus`, the safe choice, else the first focusable one) without scrolling
 * the dialog away from its title, and stays there
 * (Tab wraps), the page behind it does not scroll, Escape closes it, and focus returns to what
 * opened it. Built on a `div` with `role="dialog"` rather than `<dialog>.showModal()`, which jsdom
 * does not implement.
 */
export function Dialog({ title, description, onClose, closeOnBackdrop = true, children }: DialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  }, [onClose])

  const backdropCloses = useRef(closeOnBackdrop)
  useEffect(() => {
    backdropCloses.current = closeOnBackdrop
  }, [closeOnBackdrop])

  // A layout effect: focus is in the dialog in the same commit that shows it, before the browser
  // paints, so no frame shows it open with focus still on the page behind (or a key typed in that
  // moment lands there). The dialog is often lazily loaded, so it can appear outside any event.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const chosen = panel.current?.querySelector<HTMLElement>('[data-autofocus]')
    const first = chosen ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE)
    // Without preventScroll the browser scrolls a tall dialog down to that button (often its last
    // one), hiding the title and the lines that say what the choice does: it opens at its top.
    ;(first ?? panel.current)?.focus({ preventScroll: true })
    if (panel.current) panel.current.scrollTop = 0
    // The page behind stays where it was while the dialog is open.
    const body = document.body
    const overflow = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = overflow
      // Back to the button that opened it, when it is still on the page.
      if (opener && opener.isConnected) opener.focus()
    }
  }, [])

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      closeRef.current()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (focusable.length === 0) return
    const first = focusable[0] as HTMLElement
    const last = focusable[focusable.length - 1] as HTMLElement
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className={styles.backdrop} data-testid="dialog-backdrop" onMouseDown={(event) => { if (event.target === event.currentTarget && backdropCloses.current) closeRef.current() }}>
      <div
        ref={panel}
        className={`card ${styles.panel}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>{title}</h2>
        <div id={descriptionId} className={styles.description}>{description}</div>
        {children}
      </div>
    </div>
  )
}
