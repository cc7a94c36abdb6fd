/** A dialog opens at its top: focusing its safe button must not scroll the title out of view. */
import { render, screen } from '@testing-library/react'
import { Dialog } from '@/core/ui/Dialog'

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
