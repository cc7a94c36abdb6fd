import '@/test/intersection-observer'
/**
 * `/` is prerendered with the plans (getStaticProps): they show at once, the browser still loads
 * them once the SDK starts (a visitor's when they act) and its answer replaces them when it differs;
 * an outage keeps them on screen.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { PlansPage } from '@/components/plans/PlansPage'
import type { SubscriptionPlan } from '@/lib/contract'
import { fetchPlansOnServer, PLANS_RETRY_SECONDS, PLANS_REVALIDATE_SECONDS } from '@/lib/rio/server-plans'
import { getStaticProps } from '@/pages/index'
import { server } from '@/test/msw/server'
import { watchRequests } from '@/test/msw/watch-requests'
import { renderApp } from '@/test/render'

const plansCall = /\/CALL\/Account\/getSubscriptionPlans\/static/
const LOAD = { timeout: 5000 }
const BACKEND = 'http://127.0.0.1:4000'
const localEnv = {
  NEXT_PUBLIC_RIO_LOCAL: '1',
  NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local',
  NEXT_PUBLIC_FIREBASE_API_KEY: 'local-dev-key',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-coffee-local',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: BACKEND,
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  RIO_LOCAL_PORT: '4000',
}

function plan(id: string, name: string, sortOrder: number): SubscriptionPlan {
  return { id, name, description: `${name} plan`, amount: 1000 + sortOrder, currency: 'EUR', interval: 'delivery', delivery: 'fourWeekly', bags: 1, bagGrams: 250, grinds: ['wholeBean'], roasts: ['roastersChoice'], features: [], sortOrder, recommended: false }
}

const headings = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent)

describe('the server-side plans client (getStaticProps of /)', () => {
  test('fetches the plans with the browser\'s call, sorted by sortOrder', async () => {
    const result = await fetchPlansOnServer(localEnv)
    expect(result.plans?.map((p) => p.name)).toEqual(['Taster', 'Daily Grind', "Roaster's Club", 'Barista'])
  })

  test('an unreachable backend gives no plans and a reason instead of failing the build', async () => {
    server.use(http.all(`${BACKEND}/*`, () => HttpResponse.error()))
    const result = await fetchPlansOnServer(localEnv)
    expect(result.plans).toBeNull()
    expect(result).toHaveProperty('reason')
  })

  test('getStaticProps carries the plans and revalidates every minute (a catalogue change shows within one); without a backend it retries sooner', async () => {
    const built = await getStaticProps({})
    expect(built).toMatchObject({ props: { plans: expect.any(Array), prices: expect.any(Object) }, revalidate: PLANS_REVALIDATE_SECONDS })
    expect(PLANS_REVALIDATE_SECONDS).toBe(60)
    expect(PLANS_RETRY_SECONDS).toBeLessThan(PLANS_REVALIDATE_SECONDS)
    // Each language's / is prerendered with its prices as that language writes them, and its words.
    const german = await getStaticProps({ locale: 'de' })
    expect(german).toMatchObject({ props: { i18n: { locale: 'de', messages: expect.objectContaining({ 'plans.card.perDelivery': 'pro Lieferung' }) } } })
    const prices = 'props' in german ? Object.values(german.props.prices ?? {}).map((texts) => texts.price) : []
    expect(prices).toContain('20,00\u00a0€')
    // And each plan with its own words in German only: the other languages are not in its HTML.
    const germanPlans = 'props' in german ? german.props.plans ?? [] : []
    expect(germanPlans.length).toBeGreaterThan(0)
    for (const plan of germanPlans) expect(Object.keys(plan.translations ?? {})).toEqual(['de'])
    const english = 'props' in built ? built.props.plans ?? [] : []
    for (const plan of english) expect(plan.translations ?? {}).toEqual({})

    server.use(http.all(`${BACKEND}/*`, () => HttpResponse.error()))
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      expect(await getStaticProps({})).toEqual({ props: { plans: null, prices: null, i18n: expect.objectContaining({ locale: 'en' }) }, revalidate: PLANS_RETRY_SECONDS })
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Plans not prerendered into \/ \(.+\); the browser will load them\.$/))
    } finally {
      warn.mockRestore()
    }
  })
})

describe('the page with prerendered plans', () => {
  test('shows them before the SDK has loaded, with no loading state', () => {
    renderApp(<PlansPage prerenderedPlans={[plan('a', 'Alpha', 1), plan('b', 'Beta', 2)]} />, { createClient: () => new Promise(() => undefined) })
    expect(headings()).toEqual(['Alpha', 'Beta'])
    expect(screen.queryByText('Loading plans…')).not.toBeInTheDocument()
  })

  test('for a visitor who has not acted, no load replaces them; their first click does', async () => {
    const calls = watchRequests(plansCall)
    try {
      renderApp(<PlansPage prerenderedPlans={[plan('old', 'Old plan', 1)]} />, { deferSdkStart: true })
      // Well past the idle start of a page that does not wait (the test below).
      await act(() => new Promise((resolve) => setTimeout(resolve, 1500)))
      expect(calls.urls).toEqual([])
      expect(headings()).toEqual(['Old plan'])
      fireEvent.click(screen.getByRole('heading', { name: 'Old plan' }))
      await screen.findByRole('heading', { name: 'Taster' }, LOAD)
      expect(calls.urls).toHaveLength(1)
    } finally {
      calls.stop()
    }
  })

  test('without plans in its HTML, a visitor\'s page loads them at once, without waiting for an act', async () => {
    renderApp(<PlansPage prerenderedPlans={null} />, { deferSdkStart: true })
    await screen.findByRole('heading', { name: 'Taster' }, LOAD)
    expect(headings()).toEqual(['Taster', 'Daily Grind', "Roaster's Club", 'Barista'])
  })

  test('the browser\'s own load (once, at start) replaces them when they differ', async () => {
    renderApp(<PlansPage prerenderedPlans={[plan('old', 'Old plan', 1)]} />)
    expect(headings()).toEqual(['Old plan'])
    await screen.findByRole('heading', { name: 'Taster' }, LOAD)
    expect(headings()).toEqual(['Taster', 'Daily Grind', "Roaster's Club", 'Barista'])
  })

  test('when the browser\'s load fails, the prerendered plans stay instead of an error', async () => {
    let calls = 0
    server.use(http.post(plansCall, () => {
      calls += 1
      return HttpResponse.json({ code: 'INTERNAL', message: 'down' }, { status: 500 })
    }))
    renderApp(<PlansPage prerenderedPlans={[plan('a', 'Alpha', 1)]} />)
    await waitFor(() => expect(calls).toBe(1), LOAD)
    // Give the failed answer time to reach the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(headings()).toEqual(['Alpha'])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
