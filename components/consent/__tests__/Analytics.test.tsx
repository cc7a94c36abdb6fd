import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { ConsentAndAnalytics } from '@/components/consent/ConsentAndAnalytics'
import { CookieSettingsLink } from '@/components/ui/layout/CookieSettingsLink'
import { CONSENT_STORAGE_KEY, readConsent, saveConsent } from '@/lib/analytics/consent'

/* eslint-disable testing-library/no-node-access -- <script> elements have no role; the DOM is the only way to see the tag. */
const GA_SCRIPT = 'script[src^="https://www.googletagmanager.com/gtag/js"]'

type DataLayerEntry = ArrayLike<unknown>

function commands(): unknown[][] {
  return ((window.dataLayer ?? []) as DataLayerEntry[]).map((entry) => Array.from(entry))
}
function pageViews(): string[] {
  return commands().filter((args) => args[0] === 'event' && args[1] === 'page_view')
    .map((args) => (args[2] as { page_path: string }).page_path)
}
const disabled = () => (window as unknown as Record<string, unknown>)['ga-disable-G-TEST123']

const original = process.env.NEXT_PUBLIC_GA_ID

beforeEach(() => {
  mockRouter.setCurrentUrl('/')
  delete window.dataLayer
  delete (window as unknown as Record<string, unknown>)['ga-disable-G-TEST123']
  window.localStorage.clear()
  document.querySelectorAll('script').forEach((script) => script.remove())
  process.env.NEXT_PUBLIC_GA_ID = 'G-TEST123'
})
afterEach(() => {
  if (original === undefined) delete process.env.NEXT_PUBLIC_GA_ID
  else process.env.NEXT_PUBLIC_GA_ID = original
})

test('without NEXT_PUBLIC_GA_ID nothing loads and nothing asks, even with a stored Accept', async () => {
  delete process.env.NEXT_PUBLIC_GA_ID
  saveConsent('granted')
  render(<><ConsentAndAnalytics /><CookieSettingsLink /></>)
  await act(() => mockRouter.push('/account'))
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
  expect(pageViews()).toEqual([])
  expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull()
})

test('a first visit is asked, and until it answers no tag loads and nothing is queued', async () => {
  render(<ConsentAndAnalytics />)
  expect(screen.getByRole('region', { name: 'Cookies and analytics' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy')
  await act(() => mockRouter.push('/sign-in'))
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
  expect(commands()).toEqual([])
})

test('Accept and Reject are the same kind of button, side by side', () => {
  render(<ConsentAndAnalytics />)
  const accept = screen.getByRole('button', { name: 'Accept analytics' })
  const reject = screen.getByRole('button', { name: 'Reject analytics' })
  expect(accept.className).toBe(reject.className)
  expect(accept.parentElement).toBe(reject.parentElement)
})

test('Reject is kept, closes the banner and loads nothing', async () => {
  render(<ConsentAndAnalytics />)
  await userEvent.click(screen.getByRole('button', { name: 'Reject analytics' }))
  expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull()
  expect(readConsent()?.analytics).toBe('denied')
  await act(() => mockRouter.push('/account'))
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
  expect(pageViews()).toEqual([])
})

test('Accept starts the tag with Consent Mode v2 denied by default, then grants analytics only', async () => {
  render(<ConsentAndAnalytics />)
  await userEvent.click(screen.getByRole('button', { name: 'Accept analytics' }))
  expect(document.querySelector(GA_SCRIPT)).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-TEST123')
  const queued = commands()
  expect(queued[0]).toEqual(['consent', 'default', expect.objectContaining({
    ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied',
  })])
  const grant = queued.findIndex((args) => args[0] === 'consent' && args[1] === 'update')
  const config = queued.findIndex((args) => args[0] === 'config')
  expect(queued[grant]).toEqual(['consent', 'update', { analytics_storage: 'granted' }])
  expect(grant).toBeLessThan(config)
  expect(queued[config]).toEqual(['config', 'G-TEST123'])
})

test('after an Accept, one page view per route change; a withdrawal stops it at once', async () => {
  saveConsent('granted')
  render(<><ConsentAndAnalytics /><CookieSettingsLink /></>)
  expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull()
  await act(() => mockRouter.push('/sign-in'))
  await act(() => mockRouter.push('/account'))
  await act(() => mockRouter.replace('/account'))
  expect(pageViews()).toEqual(['/sign-in', '/account'])

  document.cookie = '_ga=GA1.1.123; path=/'
  await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }))
  expect(screen.getByText('You allowed analytics.')).toBeInTheDocument()
  await userEvent.click(screen.getByRole('button', { name: 'Reject analytics' }))

  expect(disabled()).toBe(true)
  expect(commands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }])
  expect(document.cookie).not.toContain('_ga=')
  await act(() => mockRouter.push('/'))
  expect(pageViews()).toEqual(['/sign-in', '/account'])
  expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({ analytics: 'denied' })
})

test('a damaged stored choice counts as none: asked again, nothing tracked', () => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, '{"analytics":"yes please"}')
  render(<ConsentAndAnalytics />)
  expect(screen.getByRole('region', { name: 'Cookies and analytics' })).toBeInTheDocument()
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
})
