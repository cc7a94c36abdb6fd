/**
 * The legal pages in another language: translated faithfully, each saying first that the English
 * text is the binding one and linking to it.
 */
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { Imprint } from '@/components/legal/Imprint'
import { PrivacyNotice } from '@/components/legal/PrivacyNotice'
import { Terms } from '@/components/legal/Terms'
import { I18nProvider } from '@/contexts/I18nContext'
import type { Locale } from '@/lib/i18n/types'
import { operatorFrom } from '@/lib/legal/operator'
import { allMessages } from '@/test/i18n'

const OPERATOR = operatorFrom({
  NODE_ENV: 'production', SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin | Germany',
  SELLER_VAT_NUMBER: 'DE123456789', OPERATOR_EMAIL: 'hello@beanandbloom.example', OPERATOR_PHONE: '+49 30 1234567',
})

function inLanguage(locale: Locale) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouterProvider><I18nProvider value={allMessages(locale)}>{children}</I18nProvider></MemoryRouterProvider>
  }
}

test('the German imprint is in German and links to the binding English one', () => {
  render(<Imprint operator={OPERATOR} />, { wrapper: inLanguage('de') })
  expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument()
  expect(screen.getByRole('note')).toHaveTextContent('Verbindlich ist allein die englische Fassung')
  expect(screen.getByRole('link', { name: 'auf Englisch lesen' })).toHaveAttribute('href', '/imprint')
  expect(screen.getByText(/Umsatzsteuer-Identifikationsnummer: DE123456789/)).toBeInTheDocument()
  expect(screen.getByText(/oder ruf an unter \+49 30 1234567/)).toBeInTheDocument()
  expect(screen.getAllByRole('link', { name: 'hello@beanandbloom.example' })[0]).toHaveAttribute('href', 'mailto:hello@beanandbloom.example')
})

test('the French terms say when a delivery is charged and point to the English terms', () => {
  render(<Terms operator={OPERATOR} />, { wrapper: inLanguage('fr') })
  expect(screen.getByRole('heading', { level: 1, name: 'Conditions générales de l’abonnement' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'la lire en anglais' })).toHaveAttribute('href', '/terms')
  expect(screen.getByText(/au début \(00:00 UTC\) de la veille de son arrivée/)).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Droit de rétractation (14\u202fjours)' })).toBeInTheDocument()
})

test('the Spanish privacy notice keeps the receipts’ period and links to the English notice', () => {
  render(<PrivacyNotice operator={OPERATOR} />, { wrapper: inLanguage('es') })
  expect(screen.getByRole('link', { name: 'léela en inglés' })).toHaveAttribute('href', '/privacy')
  expect(screen.getByRole('cell', { name: /10 años desde el final del año en que se emitieron/ })).toBeInTheDocument()
  expect(screen.getByRole('columnheader', { name: 'Por qué (base jurídica)' })).toBeInTheDocument()
})

test('the English pages carry no translation note', () => {
  render(<Terms operator={OPERATOR} />, { wrapper: inLanguage('en') })
  expect(screen.queryByRole('note')).toBeNull()
  expect(screen.getByText(/at the start \(00:00 UTC\) of the day before it arrives/)).toBeInTheDocument()
})
