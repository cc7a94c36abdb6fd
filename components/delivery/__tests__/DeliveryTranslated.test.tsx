/**
 * The address and coffee fields in another language: labels, the countries named and ordered in
 * the page's language, and the grinds and roasts a plan offers.
 */
import { act, render, renderHook, screen, within } from '@testing-library/react'
import { useAddressDraft } from '@/components/delivery/useAddressDraft'
import type { ReactNode } from 'react'
import { I18nProvider } from '@/contexts/I18nContext'
import { AddressFields, EMPTY_ADDRESS } from '@/components/delivery/AddressFields'
import { PreferenceFields } from '@/components/delivery/PreferenceFields'
import { DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'
import type { Locale } from '@/lib/i18n/types'
import { allMessages } from '@/test/i18n'

function inLocale(locale: Locale, children: ReactNode) {
  return render(<I18nProvider value={allMessages(locale)}>{children}</I18nProvider>)
}

const noop = () => undefined

test('the address fields speak German and list the countries by their German names, in German order', () => {
  inLocale('de', <AddressFields value={EMPTY_ADDRESS} onChange={noop} problem={null} />)
  const group = screen.getByRole('group', { name: 'Lieferadresse' })
  for (const label of ['Vor- und Nachname', 'Straße und Hausnummer', 'Wohnung, Etage, Firma (optional)', 'Postleitzahl', 'Ort']) {
    expect(within(group).getByLabelText(label)).toBeInTheDocument()
  }
  const country = within(group).getByLabelText('Land')
  const names = within(country).getAllByRole('option').map((option) => option.textContent)
  expect(names[0]).toBe('Land auswählen …')
  expect(names).toContain('Niederlande')
  expect(names).toContain('Vereinigtes Königreich')
  expect(names).toHaveLength(DELIVERY_COUNTRY_CODES.length + 1)
  const countries = names.slice(1) as string[]
  expect(countries).toEqual([...countries].sort(new Intl.Collator('de').compare))
  // German order: Österreich sorts with O, not after Z.
  expect(countries.indexOf('Österreich')).toBeLessThan(countries.indexOf('Polen'))
})

test('the coffee fields speak French: each grind and roast the plan offers', () => {
  inLocale('fr', (
    <PreferenceFields value={{ grind: 'wholeBean', roast: 'dark' }} options={{ grinds: ['wholeBean', 'espresso'], roasts: ['dark', 'roastersChoice'] }} onChange={noop} />
  ))
  const group = screen.getByRole('group', { name: 'Votre café' })
  const grind = within(group).getByLabelText('Mouture')
  expect(within(grind).getAllByRole('option').map((option) => option.textContent)).toEqual(['En grains', 'Moulu pour espresso'])
  const roast = within(group).getByLabelText('Torréfaction')
  expect(within(roast).getAllByRole('option').map((option) => option.textContent)).toEqual(['Torréfaction foncée', 'Choix du torréfacteur'])
})

test('the problems of an address read in German under their fields', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider value={allMessages('de')}>{children}</I18nProvider>
  const { result } = renderHook(() => useAddressDraft(undefined, 'de-address'), { wrapper })
  act(() => result.current.edit({ ...EMPTY_ADDRESS, line1: 'Torstraße 1 ☕', city: 'x'.repeat(61), country: 'US' }))
  act(() => { result.current.check() })
  expect(result.current.problems).toEqual([
    { field: 'name', message: 'Der Name fehlt.' },
    { field: 'line1', message: 'Die Straße mit Hausnummer enthält „☕“: Emojis und Bildsymbole lassen sich nicht auf ein Paketetikett drucken. Verwende nur Buchstaben, Ziffern und Satzzeichen.' },
    { field: 'city', message: 'Der Ort ist zu lang: höchstens 60 Zeichen.' },
    { field: 'postalCode', message: 'Die Postleitzahl fehlt.' },
    { field: 'country', message: 'Wir liefern nur in die EU und ins Vereinigte Königreich; „US“ gehört nicht dazu.' },
  ])
})
