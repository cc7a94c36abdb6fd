import { act, render } from '@testing-library/react'
import mockRouter from 'next-router-mock'
import { Analytics } from '@/lib/analytics/Analytics'

/* eslint-disable testing-library/no-node-access -- <script> elements have no role; the DOM is the only way to see the tag. */
const GA_SCRIPT = 'script[src^="https://www.googletagmanager.com/gtag/js"]'

type DataLayerEntry = ArrayLike<unknown>

function pageViews(): unknown[][] {
  const layer = (window.dataLayer ?? []) as DataLayerEntry[]
  return layer.map((entry) => Array.from(entry)).filter((args) => args[0] === 'event' && args[1] === 'page_view')
}

const original = process.env.NEXT_PUBLIC_GA_ID

// GoogleAnalytics marks its use with performance.mark, which this jsdom lacks (browsers have it).
if (typeof performance.mark !== 'function') {
  Object.defineProperty(performance, 'mark', { value: () => undefined, configurable: true })
}

beforeEach(() => {
  mockRouter.setCurrentUrl('/')
  delete window.dataLayer
  document.querySelectorAll('script').forEach((script) => script.remove())
})
afterEach(() => {
  if (original === undefined) delete process.env.NEXT_PUBLIC_GA_ID
  else process.env.NEXT_PUBLIC_GA_ID = original
})

test('loads nothing and records nothing without NEXT_PUBLIC_GA_ID', async () => {
  delete process.env.NEXT_PUBLIC_GA_ID
  render(<Analytics />)
  await act(() => mockRouter.push('/account'))
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
  expect(pageViews()).toEqual([])
})

test('a blank id counts as unset', () => {
  process.env.NEXT_PUBLIC_GA_ID = '   '
  render(<Analytics />)
  expect(document.querySelector(GA_SCRIPT)).toBeNull()
})

test('with an id, loads the Google tag and records exactly one page view per route change', async () => {
  process.env.NEXT_PUBLIC_GA_ID = 'G-TEST123'
  render(<Analytics />)
  expect(document.querySelector(GA_SCRIPT)).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-TEST123')
  // The initial load is counted by the tag's own config call, not by us.
  expect(pageViews()).toEqual([])

  await act(() => mockRouter.push('/sign-in'))
  await act(() => mockRouter.push('/account'))
  // Same URL again (e.g. a replace that resolved to where we are): not a new view.
  await act(() => mockRouter.replace('/account'))

  expect(pageViews().map((args) => (args[2] as { page_path: string }).page_path)).toEqual(['/sign-in', '/account'])
  expect(pageViews()[1]?.[2]).toMatchObject({ page_location: 'http://localhost/account' })
})
