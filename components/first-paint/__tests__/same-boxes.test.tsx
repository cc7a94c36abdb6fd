import { translator } from '@/test/i18n'
import '@/test/intersection-observer'
/**
 * What the first paint shows from storage is laid out in exactly the boxes the customer's data
 * fills later: for each part (the line above the plans, the plan cards, the subscription summary,
 * the code step), the boxes a browser shows and their words are the same whether the part is
 * rendered from data or painted from the stored view. That is what keeps the swap free of layout
 * shift; the e2e first-paint journey measures it in Chromium.
 */
import { render } from '@testing-library/react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import type { ReactElement } from 'react'
import { PlanGrid } from '@/components/plans/PlanGrid'
import { FirstPaintPlanGrid, FirstPaintPlanLine } from '@/components/plans/PlansFirstPaint'
import { SignInFlow } from '@/components/sign-in/SignInFlow'
import { FirstPaintCodeStep } from '@/components/sign-in/SignInFirstPaint'
import { CurrentPlanLine } from '@/components/plans/CurrentPlanLine'
import { NextDelivery } from '@/components/subscription/NextDelivery'
import { FirstPaintNextDelivery } from '@/components/account/AccountFirstPaint'
import type { AccountView } from '@/lib/contract'
import { customerViewKey, type CustomerView } from '@/lib/first-paint/customer-view'
import { PENDING_SIGN_IN_KEY } from '@/lib/first-paint/names'
import { firstPaintConfig, paintFirstView } from '@/lib/first-paint/paint'
import { customerViewOf } from '@/lib/first-paint/view-of'
import { softWrapped } from '@/lib/format/wrap'
import { currentPlanId, subscriptionOf } from '@/lib/subscription/view'
import { storeSession } from '@/test/first-paint'
import { PLANS as SERVED } from '@retter-shared/BeanBloomSubscription/plans'

const PLANS = [...SERVED]
const config = firstPaintConfig('coffee-local')
const NOW = Date.parse('2026-11-20T09:00:00.000Z')
const UID = 'usr_1'
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The boxes a browser shows and their words: hidden parts left out, a text slot read as its stored
 * text and a data-label as its generated words (jsdom draws no generated content).
 */
const MODE_CLASSES = new Set(['firstPaint', 'current', 'badgesIfCurrent'])

function painted(node: Node, texts: Record<string, string | undefined>): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data
  // <wbr> is a wrap opportunity, as the zero-width space the stored texts carry in its place.
  if (node instanceof HTMLElement && node.tagName === 'WBR') return '\u200b'
  if (!(node instanceof HTMLElement)) return ''
  if (getComputedStyle(node).display === 'none') return ''
  const slot = node.getAttribute('data-slot')
  if (slot) return texts[slot] ?? ''
  // Words drawn as generated content from the element's own data-label.
  const label = node.getAttribute('data-label') ?? ''
  const inner = Array.from(node.childNodes, (child) => painted(child, texts)).join('')
  // Classes that only say which mode laid the box out (the phone order of the customer's card, which
  // the e2e first-paint journey measures in Chromium at a phone's width) are not boxes or words.
  const classes = node.className.split(' ').filter((name) => name && !MODE_CLASSES.has(name)).join(' ')
  return `<${node.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}>${label}${inner}</${node.tagName.toLowerCase()}>`
}

function withRouter(ui: ReactElement) {
  return render(<MemoryRouterProvider>{ui}</MemoryRouterProvider>)
}

/** Paints `view` as the page's inline script would for a customer whose session is stored. */
function paintStored(view: CustomerView | null): void {
  storeSession(config.project, UID)
  if (view) window.localStorage.setItem(customerViewKey(config.project), JSON.stringify(view))
  // Painted on the day the data was rendered for (the view holds the days after it too).
  const clock = jest.spyOn(Date, 'now').mockReturnValue(NOW)
  try {
    paintFirstView(window, config, false)
  } finally {
    clock.mockRestore()
  }
}

const base = { email: 'ana@example.com', memberSince: '2026-01-02T10:00:00.000Z', lastSignInAt: '2026-11-19T10:00:00.000Z' }
const ADDRESS = { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' }
const ACCOUNTS: Array<[string, AccountView]> = [
  ['no subscription yet', { ...base, plan: null, status: 'none' }],
  ['active, with address and coffee', { ...base, plan: 'barista', status: 'active', startedAt: '2026-11-01T10:00:00.000Z', nextDeliveryAt: iso(NOW + 3 * DAY), delivery: ADDRESS, preferences: { grind: 'espresso', roast: 'medium' } } as AccountView],
  ['active, no address yet', { ...base, plan: 'taster', status: 'active', startedAt: '2026-11-01T10:00:00.000Z', nextDeliveryAt: iso(NOW + 9 * DAY) }],
  ['paused', { ...base, plan: 'daily-grind', status: 'paused', startedAt: '2026-10-01T10:00:00.000Z', pausedFrom: iso(NOW - DAY), pausedUntil: iso(NOW + 14 * DAY), nextDeliveryAt: iso(NOW + 14 * DAY), delivery: ADDRESS }],
  ['cancelled', { ...base, plan: 'roasters-club', status: 'cancelled', startedAt: '2026-09-01T10:00:00.000Z', cancelledAt: '2026-11-10T10:00:00.000Z' }],
]

describe.each(ACCOUNTS)('a customer with %s', (_case, account) => {
  const view = customerViewOf({ project: config.project, uid: UID, email: account.email, account, plans: PLANS, nowMs: NOW, t: translator() })
  const texts = view.periods[0]?.texts ?? {}
  const subscription = subscriptionOf(account, PLANS, NOW)

  test('the subscription summary of /account', () => {
    const { container: fromData } = withRouter(<NextDelivery account={account} subscription={subscription} plan={PLANS.find((plan) => plan.id === subscription.plan)} />)
    paintStored(view)
    const { container: fromStorage } = withRouter(<FirstPaintNextDelivery />)
    expect(painted(fromStorage, texts)).toBe(painted(fromData, {}))
  })

  test('the line above the plans', () => {
    const { container: fromData } = withRouter(<CurrentPlanLine subscription={subscription} plans={PLANS} />)
    paintStored(view)
    const { container: fromStorage } = withRouter(<FirstPaintPlanLine />)
    expect(painted(fromStorage, texts)).toBe(painted(fromData, {}))
  })

  test('the plan cards', () => {
    const current = currentPlanId(subscription)
    const common = { plans: PLANS, status: 'success' as const, error: null, onRetry: jest.fn(), pendingPlanId: null, onChoose: jest.fn() }
    const { container: fromData } = withRouter(<PlanGrid {...common} signedIn currentPlanId={current} hasPlan={current !== null} />)
    paintStored(view)
    const { container: fromStorage } = withRouter(<FirstPaintPlanGrid {...common} />)
    expect(painted(fromStorage, texts)).toBe(painted(fromData, {}))
  })
})

test('a visitor’s plan cards are the same before and after the session is known', () => {
  const common = { plans: PLANS, status: 'success' as const, error: null, onRetry: jest.fn(), pendingPlanId: null, onChoose: jest.fn() }
  const { container: known } = withRouter(<PlanGrid {...common} signedIn={false} currentPlanId={null} />)
  paintFirstView(window, config, false)
  const { container: firstPaint } = withRouter(<FirstPaintPlanGrid {...common} />)
  expect(painted(firstPaint, {})).toBe(painted(known, {}))
})

test('the code step of a sign-in kept in this tab, waiting to resend or not', () => {
  for (const resendIn of [20_500, 0]) {
    const pending = { email: 'ana.roast+beans@example.com', sentTo: 'ana.roast+beans@example.com', expiresAt: Date.now() + 240_000, resendAt: resendIn ? Date.now() + resendIn : null }
    window.sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending))
    const { container: resumed, unmount: unmountResumed } = withRouter(<SignInFlow initialPending={pending} sendOtp={jest.fn()} verifyOtp={jest.fn()} onSignedIn={jest.fn()} />)
    paintFirstView(window, config, false)
    const { container: firstPaint, unmount: unmountFirstPaint } = withRouter(<FirstPaintCodeStep />)
    const texts = { 'sent-to': softWrapped(pending.sentTo), 'resend-wait': resendIn ? String(Math.ceil(resendIn / 1000)) : undefined }
    expect(painted(firstPaint, texts)).toBe(painted(resumed, {}))
    unmountResumed()
    unmountFirstPaint()
  }
})
