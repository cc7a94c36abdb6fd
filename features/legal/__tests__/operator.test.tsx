import { render, screen } from '@testing-library/react'
import { PrivacyNotice } from '@/features/legal/components/PrivacyNotice'
import { Imprint } from '@/features/legal/components/Imprint'
import { OPERATOR_SETTINGS, operatorFrom, placeholderOf } from '@/features/legal/rules/operator'

const CONFIGURED = {
  SELLER_NAME: 'Bean & Bloom GmbH',
  SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin | Germany',
  SELLER_VAT_NUMBER: 'DE123456789',
  OPERATOR_EMAIL: 'hello@beanandbloom.example',
  OPERATOR_PHONE: '+49 30 1234567',
  OPERATOR_REPRESENTATIVE: 'Rosa Bean',
  OPERATOR_REGISTER: 'Amtsgericht Charlottenburg, HRB 123456',
  OPERATOR_PRIVACY_CONTACT: 'privacy@beanandbloom.example',
  OPERATOR_SUPERVISORY_AUTHORITY: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
  OPERATOR_MAIL_PROVIDER: 'Amazon SES (Ireland)',
}

test('an unconfigured shop shows a placeholder per detail that names the variable to set, and says so', () => {
  const operator = operatorFrom({ SELLER_NAME: '  ' })
  expect(operator.missing).toEqual(Object.keys(OPERATOR_SETTINGS))
  expect(operator.name).toBe('PLACEHOLDER: set SELLER_NAME (the legal name of the business)')
  render(<Imprint operator={operator} />)
  expect(screen.getByRole('note')).toHaveTextContent(/not configured yet.*SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER, OPERATOR_EMAIL/)
  expect(screen.getAllByText(placeholderOf('vatNumber'), { exact: false }).length).toBeGreaterThan(0)
})

test('a configured shop names its operator, address lines and contact, with no placeholder left', () => {
  const operator = operatorFrom(CONFIGURED)
  expect(operator.missing).toEqual([])
  expect(operator.address).toEqual(['Kastanienallee 7', '10435 Berlin', 'Germany'])
  const { container } = render(<PrivacyNotice operator={operator} />)
  expect(screen.queryByRole('note')).toBeNull()
  expect(container.textContent).not.toContain('PLACEHOLDER')
  expect(screen.getByRole('link', { name: 'hello@beanandbloom.example' })).toHaveAttribute('href', 'mailto:hello@beanandbloom.example')
  // What tax law keeps after a deletion, and for how long.
  expect(screen.getByRole('cell', { name: /10 years from the end of the year they were issued/ })).toBeInTheDocument()
  expect(screen.getByText(/Berliner Beauftragte/)).toBeInTheDocument()
})
