import { render, screen } from '@testing-library/react'
import { PrivacyNotice } from '@/components/legal/PrivacyNotice'
import { Imprint } from '@/components/legal/Imprint'
import { missingOperatorSettings, OPERATOR_SETTINGS, operatorFrom, placeholderOf } from '@/lib/legal/operator'

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

test('a production build says only what is configured: no placeholder, no empty label, and a way to reach support', () => {
  const { container } = render(<Imprint operator={operatorFrom({ NODE_ENV: 'production', OPERATOR_EMAIL: 'hello@beanandbloom.example' })} />)
  expect(container.textContent).not.toMatch(/PLACEHOLDER|Represented by|Register:|VAT identification number|Telephone/)
  expect(screen.queryByRole('note')).toBeNull()
  const contact = screen.getByRole('heading', { name: 'Contact and support' })
  expect(contact).toHaveAttribute('id', 'contact')
  expect(screen.getAllByRole('link', { name: 'hello@beanandbloom.example' })[0]).toHaveAttribute('href', 'mailto:hello@beanandbloom.example')
})

test('the privacy notice describes analytics and "Cookie settings" only when analytics is configured', () => {
  const { container, unmount } = render(<PrivacyNotice operator={operatorFrom({ ...CONFIGURED, NODE_ENV: 'production' })} />)
  expect(container.textContent).not.toMatch(/Google Analytics|Cookie settings|analytics script/)
  expect(container.textContent).toContain('This shop uses no analytics and no tracking cookies')
  unmount()
  const { container: withAnalytics } = render(<PrivacyNotice operator={operatorFrom({ ...CONFIGURED, NODE_ENV: 'production', NEXT_PUBLIC_GA_ID: 'G-TEST123' })} />)
  expect(withAnalytics.textContent).toContain('Google Analytics (Google Ireland Ltd.)')
  expect(withAnalytics.textContent).toContain('“Cookie settings”')
})

test('start:local names the operator settings still missing, and none once all are set', () => {
  expect(missingOperatorSettings({ ...CONFIGURED, OPERATOR_PHONE: ' ' })).toEqual(['OPERATOR_PHONE (the contact telephone number)'])
  expect(missingOperatorSettings(CONFIGURED)).toEqual([])
  expect(missingOperatorSettings({})).toHaveLength(Object.keys(OPERATOR_SETTINGS).length)
})
