import { useEffect, useId, useRef, type ReactNode } from 'react'
import styles from './Dialog.module.css'

export interface DialogProps {
  title: string
  /** The dialog's explanation, read out with its title when it opens. */
  description: ReactNode
  /** Escape, the backdrop and the caller's own Close buttons end here. */
  onClose(): void
  children: ReactNode
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog: labelled by its title and described by its text, focus moves into it and stays
 * there (Tab wraps), Escape closes it, and focus returns to what opened it. Built on a `div` with
 * `role="dialog"` rather than `<dialog>.showModal()`, which jsdom does not implement.
 */
export function Dialog({ title, description, onClose, children }: DialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel.current)?.focus()
    return () => {
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
    <div className={styles.backdrop} onMouseDown={(event) => { if (event.target === event.currentTarget) closeRef.current() }}>
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
