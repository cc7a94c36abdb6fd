/**
 * Words a page loads after its first paint join the page's own, in the page's language, for every
 * component of the view that loads them; a failed load is said and tried again by the next.
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { I18nProvider, useT } from '@/contexts/I18nContext'
import { WithMessageBundle, type BundleWords } from '@/contexts/MessageBundle'
import { pageMessages } from '@/lib/i18n/page-messages'
import { PLANS_PAGE_MESSAGES } from '@/lib/plans/page-messages'
import type { Locale } from '@/lib/i18n/types'
import { server } from '@/test/msw/server'
import { APP_MESSAGES } from '@/test/msw/handlers'

function Step({ words }: { words: BundleWords }) {
  const t = useT()
  const [failure, setFailure] = useState('')
  return (
    <>
      <p data-testid="ready">{String(words.ready)}</p>
      <p data-testid="title">{t('plans.confirm.title.start', { plan: 'Barista' })}</p>
      <p data-testid="own">{t('plans.hero.title')}</p>
      <button type="button" onClick={() => { words.load().then(() => setFailure(''), (error: Error) => setFailure(error.message)) }}>load</button>
      <p data-testid="failure">{failure}</p>
    </>
  )
}

function View() {
  return <WithMessageBundle bundle="confirmPlan">{(words) => <Step words={words} />}</WithMessageBundle>
}

function page(locale: Locale, view = <View />) {
  return <I18nProvider value={pageMessages(locale, PLANS_PAGE_MESSAGES)}>{view}</I18nProvider>
}

async function load() {
  await userEvent.click(screen.getByRole('button', { name: 'load' }))
}

test('a bundle is not there at first, then is, in the page\'s language; another language starts without it', async () => {
  const { rerender } = render(page('de'))
  expect(screen.getByTestId('ready')).toHaveTextContent('false')
  expect(screen.getByTestId('title')).toHaveTextContent('plans.confirm.title.start')
  await load()
  expect(await screen.findByText('true')).toBeInTheDocument()
  expect(screen.getByTestId('title')).toHaveTextContent('Mit Barista starten?')
  expect(screen.getByTestId('own')).toHaveTextContent(pageMessages('de', ['plans.hero']).messages['plans.hero.title'] as string)

  rerender(page('en'))
  expect(screen.getByTestId('ready')).toHaveTextContent('false')
  expect(screen.getByTestId('title')).toHaveTextContent('plans.confirm.title.start')
  await load()
  expect(await screen.findByText('Start with Barista?')).toBeInTheDocument()
})

test('a failed load says what failed and keeps nothing; the next load asks again', async () => {
  let failing = true
  server.use(http.get(APP_MESSAGES, () => (failing ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined)))
  render(page('fr'))
  await load()
  expect(await screen.findByText('The words of confirmPlan (fr) did not load: HTTP 503.')).toBeInTheDocument()
  expect(screen.getByTestId('ready')).toHaveTextContent('false')
  failing = false
  await load()
  expect(await screen.findByText('true')).toBeInTheDocument()
  expect(screen.getByTestId('failure')).toHaveTextContent('')
  expect(screen.getByTestId('title')).not.toHaveTextContent('plans.confirm')
})

test('a late answer for the page\'s previous language leaves the current language\'s words in place', async () => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => { release = resolve })
  server.use(http.get(APP_MESSAGES, async ({ request }) => {
    if (new URL(request.url).searchParams.get('locale') === 'it') await held
    return undefined
  }))
  const { rerender } = render(page('it'))
  await load()
  rerender(page('es'))
  await load()
  expect(await screen.findByText('true')).toBeInTheDocument()
  const spanish = screen.getByTestId('title').textContent
  // The Italian answer lands after the Spanish one; the page is Spanish.
  await act(async () => {
    release()
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
  expect(screen.getByTestId('ready')).toHaveTextContent('true')
  expect(screen.getByTestId('title')).toHaveTextContent(spanish ?? '')
  expect(spanish).not.toContain('plans.confirm')
})

test('a view mounted again has the words it loaded at once, without asking again', async () => {
  const asked: string[] = []
  const note = ({ request }: { request: Request }) => { if (APP_MESSAGES.test(request.url)) asked.push(request.url) }
  server.events.on('request:start', note)
  try {
    const { rerender } = render(page('nl'))
    await load()
    expect(await screen.findByText('true')).toBeInTheDocument()
    rerender(page('nl', <p>elsewhere</p>))
    rerender(page('nl'))
    expect(screen.getByTestId('ready')).toHaveTextContent('true')
    expect(asked).toHaveLength(1)
  } finally {
    server.events.removeListener('request:start', note)
  }
})

test('outside any page (a component on its own) the whole catalogue is there and nothing is asked for', async () => {
  render(<View />)
  expect(screen.getByTestId('ready')).toHaveTextContent('true')
  expect(screen.getByTestId('title')).toHaveTextContent('Start with Barista?')
  await load()
  expect(screen.getByTestId('failure')).toHaveTextContent('')
})
