/**
 * What a visitor's first load must not carry, as rules a tool checks (scripts/lib/first-load.test.ts
 * in `npm test`, and `npm run size` before it builds): each names the entry files of a first load and
 * the modules none of them may import statically. These load later, through `import()`: when the SDK
 * starts, at the first failure, on the first toast, once the session is known.
 */
import { staticClosure } from './static-imports'

export interface FirstLoadRule {
  /** What the rule keeps small. */
  name: string
  /** The files a browser's first load of the page starts from (`pages/_app.tsx` is in every page's). */
  entries: string[]
  /** Modules (repository paths, or `npm:<package>`) no entry may reach through static imports. */
  forbidden: string[]
  /** Why, for the failure message. */
  why: string
}

/** Loaded with the SDK or later, never with a page: every visitor page's first load is without them. */
const LATER_FOR_EVERY_PAGE = [
  'npm:@retter/sdk', 'npm:firebase', 'npm:rxjs', 'npm:axios', 'npm:react-toastify', 'npm:@next/third-parties',
  'lib/rio/sdk-guards.ts', 'lib/rio/sign-in-api.ts', 'lib/customer/account-api.ts', 'lib/rio/session-api.ts', 'lib/rio/start.ts',
  'lib/roastery/roastery-api.ts',
  'lib/rio/client.ts', 'lib/rio/state.ts', 'lib/rio/local.ts', 'lib/clock/backend-clock.ts', 'lib/rio/live-gate.ts', 'lib/first-paint/remember.ts',
  'components/analytics/Analytics.tsx', 'components/ui/feedback/AppToastContainer.tsx',
  // The analytics choice and Google's tag: a chunk loaded after hydration, only when analytics is configured.
  'lib/analytics/consent.ts', 'lib/analytics/gtag.ts', 'components/consent/ConsentAndAnalytics.tsx', 'components/consent/ConsentBanner.tsx',
  // Stripe.js: only where a payment method is taken or a payment confirmed, never with a visitor's page.
  'lib/payments/stripe/load-stripe.ts',
]

export const FIRST_LOAD_RULES: FirstLoadRule[] = [
  {
    name: 'every visitor page',
    entries: ['pages/_app.tsx', 'pages/index.tsx', 'pages/sign-in.tsx', 'pages/404.tsx'],
    forbidden: LATER_FOR_EVERY_PAGE,
    why: 'the SDK, Firebase, the request layer, the toasts, the analytics and Stripe.js load after first paint (import()), so no visitor downloads them before the page shows',
  },
  {
    name: '/',
    entries: ['pages/_app.tsx', 'pages/index.tsx'],
    forbidden: ['lib/rio/errors/map.ts', 'components/plans/ConfirmPlanDialog.tsx', 'components/ui/Dialog.tsx'],
    why: 'the plans page is a visitor\'s first page: the error mapping loads on the first failure, the dialogs on the first click',
  },
]

/** A forbidden module some entry reaches, with the chain of static imports that brings it in. */
export interface FirstLoadViolation {
  rule: string
  module: string
  chain: string[]
  why: string
}

/** Every violation of the rules in the sources under `root`. */
export function firstLoadViolations(root: string, rules: readonly FirstLoadRule[] = FIRST_LOAD_RULES): FirstLoadViolation[] {
  const violations: FirstLoadViolation[] = []
  for (const rule of rules) {
    const reached = staticClosure(root, rule.entries)
    for (const banned of rule.forbidden) {
      const hit = reached.get(banned)
      if (hit) violations.push({ rule: rule.name, module: banned, chain: hit.chain, why: rule.why })
    }
  }
  return violations
}

/** One line per violation: the module, the import chain that brings it in, and why it must not. */
export function describeViolation(violation: FirstLoadViolation): string {
  return `${violation.module} is in the first load of ${violation.rule}: ${violation.chain.join(' -> ')} (${violation.why}; import it with import() where it is needed)`
}
