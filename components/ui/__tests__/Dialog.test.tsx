/** A dialog opens at its top: focusing its safe button must not scroll the title out of view. */
import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Dialog } from '@/components/ui/Dialog'

test('focus moves to the safe choice without scrolling the dialog away from its title', () => {
  const focused: Array<{ element: HTMLElement; options: FocusOptions | undefined }> = []
  const original = HTMLElement.prototype.focus
  const focus = jest.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
    focused.push({ element: this, options })
    original.call(this, options)
  })
  render(
    <Dialog title="Switch to Barista?" description={<p>The switch applies from your delivery on Friday.</p>} onClose={() => {}}>
      <div style={{ height: 2000 }} />
      <button type="button">Switch</button>
      <button type="button" data-autofocus>Not now</button>
    </Dialog>,
  )
  const safe = screen.getByRole('button', { name: 'Not now' })
  expect(safe).toHaveFocus()
  expect(focused.find((entry) => entry.element === safe)?.options).toEqual({ preventScroll: true })
  expect(screen.getByRole('dialog', { name: 'Switch to Barista?' }).scrollTop).toBe(0)
  focus.mockRestore()
})

test('focus is in the dialog the moment it is on the page, even when it appears outside any event', async () => {
  // A lazily loaded dialog appears when its code arrives, not inside the click that asked for it:
  // React then renders it on its own schedule. Whoever sees it on the page must find focus in it.
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  const wasAct = act.IS_REACT_ACT_ENVIRONMENT
  act.IS_REACT_ACT_ENVIRONMENT = false
  let show: () => void = () => {}
  function Later() {
    const [open, setOpen] = useState(false)
    show = () => setOpen(true)
    return (
      <>
        <button type="button">Start with Barista</button>
        {open ? (
          <Dialog title="Start with Barista?" description={<p>Your first delivery is on Friday.</p>} onClose={() => {}}>
            <input aria-label="Full name" data-autofocus />
          </Dialog>
        ) : null}
      </>
    )
  }
  try {
    const { container } = render(<Later />)
    screen.getByRole('button', { name: 'Start with Barista' }).focus()
    const focusWhenShown = new Promise<string | null>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!screen.queryByRole('dialog')) return
        observer.disconnect()
        resolve(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null)
      })
      observer.observe(container, { childList: true, subtree: true })
    })
    setTimeout(() => show(), 0)
    expect(await focusWhenShown).toBe('Full name')
  } finally {
    act.IS_REACT_ACT_ENVIRONMENT = wasAct
  }
})
