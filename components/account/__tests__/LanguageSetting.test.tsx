import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LanguageSetting } from '@/components/account/LanguageSetting'
import { I18nProvider } from '@/contexts/I18nContext'
import type { Locale } from '@/lib/account/language'
import { allMessages } from '@/test/i18n'

test('a German page offers the six languages by their own names and saves the one chosen', async () => {
  const saved: Locale[] = []
  render(
    <I18nProvider value={allMessages('de')}>
      <LanguageSetting current="fr" onSave={async (locale) => { saved.push(locale) }} />
    </I18nProvider>,
  )
  expect(screen.getByRole('heading', { name: 'Sprache für E-Mails und Rechnungen' })).toBeInTheDocument()
  const select = screen.getByRole('combobox', { name: 'Sprache' })
  expect(select).toHaveValue('fr')
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch', 'Français', 'Nederlands', 'Italiano', 'Español'])
  await userEvent.selectOptions(select, 'de')
  await userEvent.click(screen.getByRole('button', { name: 'Speichern' }))
  expect(saved).toEqual(['de'])
  expect(await screen.findByText('Gespeichert. Deine nächsten E-Mails sind auf Deutsch.')).toBeInTheDocument()
})

test('with no language stored it starts on English, as the Account reads it, and says when saving failed', async () => {
  render(<LanguageSetting onSave={() => Promise.reject(new Error('offline'))} />)
  expect(screen.getByRole('heading', { name: 'Language for e-mails and receipts' })).toBeInTheDocument()
  expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en')
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your language could not be saved. Try again.'))
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
})
