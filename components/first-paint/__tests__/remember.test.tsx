/**
 * The app keeps a customer's view for the next load's first paint: written when their data
 * arrives and changes, never holding a token, and gone once they sign out, here or in another tab.
 */
import { act, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { RememberCustomerView } from '@/components/first-paint/RememberCustomerView'
import { customerViewKey, readCustomerView } from '@/lib/first-paint/customer-view'
import { STYLE_ID } from '@/lib/first-paint/names'
import { firstPaintConfig } from '@/lib/first-paint/paint'
import { softWrapped } from '@/lib/format/wrap'
import { renderApp, secondTabClient, signInThroughApp, useApp } from '@/test/render'
import { saveMethodThroughApp } from '@/test/save-card'
import { I18nProvider } from '@/contexts/I18nContext'
import { pageMessages } from '@/lib/i18n/page-messages'
import { PLANS_PAGE_MESSAGES } from '@/lib/plans/page-messages'

type App = ReturnType<typeof useApp>
type Holder = { current: App }

/** One tab: the app's values, handed out through `appRef`, and the keeper under test. */
function Tab({ appRef }: { appRef: Holder }) {
  const app = useApp()
  useEffect(() => { appRef.current = app })
  return <RememberCustomerView />
}

const project = firstPaintConfig().project
const stored = () => readCustomerView(window.localStorage, project)
// The style is the first paint's own element in <head>, outside what Testing Library queries.
// eslint-disable-next-line testing-library/no-node-access
const firstPaintStyle = () => document.getElementById(STYLE_ID)?.textContent ?? ''
const LOAD = { timeout: 5000 }
const ADDRESS = { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' }

function openTab(options: Parameters<typeof renderApp>[1] = {}): Holder {
  // Filled by the tab's first effect, before any test reads it (each test waits for the SDK first).
  const tab = { current: undefined as unknown as App }
  renderApp(<Tab appRef={tab} />, options)
  return tab
}

test('written once the customer’s data arrives and again when it changes; no token in it; the page repaints from it', async () => {
  const tab = openTab()
  await waitFor(() => expect(tab.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), LOAD)
  expect(stored()).toBeNull()

  await signInThroughApp(tab, 'ana@example.com')
  const now = () => stored()?.periods[0]
  await waitFor(() => expect(stored()).toMatchObject({ uid: tab.current.auth.uid }), LOAD)
  expect(now()).toMatchObject({ plan: null, texts: { email: softWrapped('ana@example.com'), 'next-heading': 'No subscription yet' } })
  expect(now()?.flags).toEqual(expect.arrayContaining(['start', 'next-none']))
  const raw = window.localStorage.getItem(customerViewKey(project)) ?? ''
  expect(raw).not.toMatch(/token|eyJ/i)

  await act(() => tab.current.account.changeSubscription({ kind: 'address', address: ADDRESS }))
  await act(() => saveMethodThroughApp(tab.current.account))
  await act(() => tab.current.account.choosePlan('barista'))
  await waitFor(() => expect(now()).toMatchObject({ plan: 'barista', texts: { 'next-what-plan': 'Barista', 'next-to': 'Mina Roast, Prinsengracht 263, 1016 GV Amsterdam, The Netherlands' } }), LOAD)
  expect(now()?.texts['plan-line']).toMatch(/^You’re on Barista · next delivery \w{3}/)
  expect(now()?.flags).toEqual(expect.arrayContaining(['switch', 'current', 'next-live']))
  // Weekly: the line of the week after names the next delivery after this one.
  const later = stored()?.periods.find((period) => period.texts['plan-line'] !== now()?.texts['plan-line'])
  expect(later?.texts['plan-line']).toMatch(/^You’re on Barista · next delivery \w{3}/)
  // This page's own first-paint style follows, so a later "loading" state shows the new words.
  await waitFor(() => expect(firstPaintStyle()).toContain('[data-plan-card="barista"]'))
})

test('removed when the customer signs out, and the page repaints as a visitor’s', async () => {
  const tab = openTab()
  await waitFor(() => expect(tab.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), LOAD)
  await signInThroughApp(tab, 'ben@example.com')
  await waitFor(() => expect(stored()).not.toBeNull(), LOAD)
  expect(firstPaintStyle()).toContain('[data-needs="customer"]')

  await act(() => tab.current.auth.signOut())
  await waitFor(() => expect(stored()).toBeNull(), LOAD)
  await waitFor(() => expect(firstPaintStyle()).not.toContain('customer'))
})

test('removed when another tab signs out, and not written back by this one', async () => {
  const tabA = openTab()
  await waitFor(() => expect(tabA.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), LOAD)
  const tabB = openTab({ createClient: secondTabClient })
  await waitFor(() => expect(tabB.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), LOAD)

  await signInThroughApp(tabA, 'cai@example.com')
  await waitFor(() => expect(tabB.current.account.account).toMatchObject({ email: 'cai@example.com' }), LOAD)
  await waitFor(() => expect(stored()).not.toBeNull(), LOAD)

  await act(() => tabB.current.auth.signOut())
  await waitFor(() => expect(tabA.current.auth.isSignedIn).toBe(false), LOAD)
  expect(stored()).toBeNull()
  // Tab A had the customer's data until it heard of the sign-out; it must not have kept it again.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(stored()).toBeNull()
})

test('a page not sent the view\'s words leaves the stored view as it was, instead of storing keys', async () => {
  const tab = { current: undefined as unknown as App }
  // Signed in on the legal pages' words, then on /'s.
  const legal = pageMessages('en', ['legal'])
  const plans = pageMessages('en', PLANS_PAGE_MESSAGES)
  const { rerender } = renderApp(<I18nProvider value={legal}><Tab appRef={tab} /></I18nProvider>)
  await waitFor(() => expect(tab.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), LOAD)
  await signInThroughApp(tab, 'noor@example.com')
  await waitFor(() => expect(tab.current.account.account).not.toBeNull(), LOAD)
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  expect(stored()).toBeNull()

  rerender(<I18nProvider value={plans}><Tab appRef={tab} /></I18nProvider>)
  await waitFor(() => expect(stored()?.periods[0]?.texts['next-heading']).toBe('No subscription yet'), LOAD)
  expect(JSON.stringify(stored())).not.toMatch(/subscription\.|delivery\.|payments\./)
})
