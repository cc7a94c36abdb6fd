import { render, screen } from '@testing-library/react'
import { Wrappable } from '@/components/ui/Wrappable'

test('long addresses keep their text and may wrap after "@" and before dots, plus signs and dashes', () => {
  render(
    <p>
      <Wrappable text="e2e.sign-in+tea@example.com" />
    </p>,
  )
  const paragraph = screen.getByText('e2e.sign-in+tea@example.com')
  // The pieces between soft breaks, in order.
  expect(paragraph.innerHTML.split('<wbr>')).toEqual(['e2e', '.sign', '-in', '+tea@', 'example', '.com'])
})

test('text without break points renders as is', () => {
  render(
    <p>
      <Wrappable text="active" />
    </p>,
  )
  expect(screen.getByText('active').innerHTML).toBe('active')
})
