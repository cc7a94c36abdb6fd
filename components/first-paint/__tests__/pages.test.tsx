import { translator } from '@/test/i18n'
/**
 * The pages before the SDK has said anything (their static HTML and hydration), as the first paint
 * shows them: a visitor's page as before; a returning customer's header, plan and account from
 * what this browser stored, never a "Sign in".
 */
import '@/test/intersection-observer'
/* eslint-disable testing-library/no-node-access -- the stored words are generated content, not DOM text: the first paint's parts are found by their marks. */
import { screen, within } from '@testing-library/react'
import { Layout } from '@/components/ui/layout/Layout'
import { FIRST_FRAME_TARGET_ID } from '@/lib/document/first-frame'
import { PlansPage } from '@/components/plans/PlansPage'
import { customerViewKey, type CustomerView } from '@/lib/first-paint/customer-view'
import { firstPaintConfig, paintFirstView } from '@/lib/first-paint/paint'
import { customerViewOf } from '@/lib/first-paint/view-of'
import { renderRoute } from '@/test/app-harness'
import { storeSession } from '@/test/first-paint'
import { renderApp } from '@/test/render'
import { PLANS as SERVED } from '@retter-shared/BeanBloomSubscription/plans'

const config = firstPaintConfig()
const UID = 'usr_1'
// The SDK never arrives: what shows is the page before the session is known.
const never = () => new Promise<never>(() => undefined)

function returningCustomer(): CustomerView {
  const account = {
    email: 'ana@example.com', memberSince: '2026-01-02T10:00:00.000Z', lastSignInAt: '2026-11-19T10:00:00.000Z',
    plan: 'taster', status: 'active' as const, startedAt: '2026-11-01T10:00:00.000Z',
    nextDeliveryAt: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    delivery: { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' },
  }
  const view = customerViewOf({ project: config.project, uid: UID, email: account.email, account, plans: [...SERVED], t: translator() })
  storeSession(config.project, UID)
  window.localStorage.setItem(customerViewKey(config.project), JSON.stringify(view))
  // What the page's inline script does before the body is parsed.
  paintFirstView(window, config, true)
  return view
}

const header = () => within(screen.getByRole('navigation', { name: 'Main' }))

/** Shown: neither it nor an ancestor is display: none (by the first paint's style or the fallback). */
function shown(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) if (getComputedStyle(node).display === 'none') return false
  return true
}
/** The "Your plan" badges shown (before the data, their words are generated content, see PlanCard). */
const shownBadges = (container: HTMLElement = document.body) =>
  [...within(container).queryAllByText('Your plan'), ...container.querySelectorAll('[data-label="Your plan"]')].filter(shown)

/** `/` as served: prerendered with the plans. */
function renderHome() {
  renderApp(<Layout><PlansPage prerenderedPlans={[...SERVED]} /></Layout>, { route: '/', createClient: never })
}

// The document holds a page's first frame until this element is in the page (pages/_document.tsx):
// after the main region, so the first frame has all of it, and on every page, so the hold ends.
test('the element the first frame waits for comes after the page’s main region, outside it', () => {
  renderHome()
  const main = screen.getByRole('main')
  const target = document.getElementById(FIRST_FRAME_TARGET_ID)
  expect(target).not.toBeNull()
  expect(main.contains(target)).toBe(false)
  expect(main.compareDocumentPosition(target as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
})

test('a visitor’s /: "Sign in" in the header, the plans to start through sign-in, nothing of a customer', async () => {
  paintFirstView(window, config, true)
  renderHome()
  expect(await header().findByRole('link', { name: 'Sign in' })).toBeVisible()
  expect(header().queryByRole('link', { name: 'Account' })).not.toBeInTheDocument()
  expect(screen.getAllByRole('link', { name: /^Start with / })).toHaveLength(SERVED.length)
  expect(screen.queryAllByRole('button', { name: /^(Start with|Switch to|Current plan)/ })).toEqual([])
  expect(shownBadges()).toEqual([])
  expect(screen.queryByTestId('current-plan-line')).not.toBeVisible()
})

test('a returning customer’s /: "Account", never "Sign in"; their line; their plan marked on its card only; "Switch to" on the others', async () => {
  returningCustomer()
  renderHome()
  expect(await header().findByRole('link', { name: 'Account' })).toBeVisible()
  expect(header().queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  expect(screen.getByTestId('current-plan-line')).toBeVisible()
  expect(screen.queryAllByRole('link', { name: /^Start with / })).toEqual([])
  const taster = screen.getByRole('article', { name: 'Taster' })
  expect(shownBadges(taster)).toHaveLength(1)
  expect(within(taster).getByRole('button', { name: 'Current plan' })).toBeDisabled()
  for (const plan of SERVED.filter((candidate) => candidate.id !== 'taster')) {
    const card = screen.getByRole('article', { name: plan.name })
    expect(within(card).getByRole('button', { name: `Switch to ${plan.name}` })).toBeVisible()
    expect(shownBadges(card)).toEqual([])
  }
})

test('a returning customer’s /account: their e-mail, "Sign out" and their subscription summary, no "Sign in"', async () => {
  returningCustomer()
  renderRoute('/account', { createClient: never })
  expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  expect(header().queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible()
  expect(screen.getByText('Signed in as')).toBeVisible()
  // The words are the stored ones, painted as generated content into these boxes.
  expect(screen.getByTestId('next-delivery')).toBeVisible()
  expect(document.querySelector('[data-slot="next-to"]')).toBeVisible()
})

test('a customer with no stored view yet: the signed-in shell, no customer words', async () => {
  storeSession(config.project, UID)
  paintFirstView(window, config, true)
  renderRoute('/account', { createClient: never })
  expect(await header().findByRole('link', { name: 'Account' })).toBeVisible()
  expect(header().queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  expect(screen.queryByTestId('next-delivery')).not.toBeVisible()
  expect(screen.queryByText('Signed in as')).not.toBeVisible()
})
