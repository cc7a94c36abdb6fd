/**
 * A page sent part of a namespace still has every word its code can show. The code of `/` (the page
 * and every module it imports, its lazily loaded customer view included) is read for the catalogue's
 * keys it names; each must be among the messages `/` is sent, or, for the confirmation step's code,
 * among those and the step's bundle, or a customer would read a key where a sentence belongs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { CATALOGUE } from '@retter-shared/BeanBloomKit/i18n/messages'
import { pageMessages } from '@/lib/i18n/page-messages'
import { CONFIRM_PLAN_MESSAGES, PLANS_PAGE_MESSAGES } from '@/lib/plans/page-messages'
import { bundleMessages } from '@/lib/i18n/page-messages'

const ROOT = path.resolve(__dirname, '../../..')
/** The catalogue itself names every key; it is what is sent, not what is shown. */
const CATALOGUE_DIR = path.join(ROOT, 'retter/dependencies/BeanBloomKit/i18n/messages')
/** Nor are the lists of what `/` is sent (read by its getStaticProps), which name parts of it. */
const SENT_LISTS = path.join(ROOT, 'lib/plans/page-messages.ts')

/** The file an import names: the app's `@/`, the shared `@retter-shared/` and relative paths; a package is none. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2))
  else if (specifier.startsWith('@retter-shared/')) base = path.join(ROOT, 'retter/dependencies', specifier.slice('@retter-shared/'.length))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return undefined
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]
    .find((file) => existsSync(file) && statSync(file).isFile() && /\.tsx?$/.test(file))
}

/** Every source file `entry` loads, at once or lazily (`import()`), type-only imports aside; not past `stop`. */
function moduleGraph(entry: string, stop: readonly string[] = []): Map<string, string> {
  const sources = new Map<string, string>()
  const pending = [entry]
  const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
  while (pending.length > 0) {
    const file = pending.pop() as string
    if (sources.has(file)) continue
    const source = readFileSync(file, 'utf8')
    sources.set(file, source)
    for (const match of source.matchAll(IMPORT)) {
      if (match[2]) continue
      const resolved = resolveImport(file, (match[3] ?? match[4]) as string)
      if (resolved && !stop.includes(resolved) && resolved !== SENT_LISTS && !resolved.startsWith(CATALOGUE_DIR)) pending.push(resolved)
    }
  }
  return sources
}

/** The catalogue's keys a source names as string literals. */
function keysNamedIn(source: string): string[] {
  return [...source.matchAll(/'([^'\n]+)'|"([^"\n]+)"/g)].map((m) => (m[1] ?? m[2]) as string).filter((text) => text in CATALOGUE.en)
}

const CONFIRMATION = path.join(ROOT, 'components/plans/ConfirmPlanDialog.tsx')

test('every key the code of / names, the confirmation step aside, is among the messages / is sent', () => {
  // The page's code and the keeper of a returning customer's first paint, which _app mounts on every page.
  const graph = new Map([
    ...moduleGraph(path.join(ROOT, 'pages/index.tsx'), [CONFIRMATION]),
    ...moduleGraph(path.join(ROOT, 'components/first-paint/RememberCustomerView.tsx'), [CONFIRMATION]),
  ])
  // The graph reaches the customer view (a lazy chunk) and the plans' grid, not only the page file.
  expect([...graph.keys()].map((file) => path.relative(ROOT, file))).toEqual(expect.arrayContaining([
    'components/plans/CustomerPlans.tsx', 'components/plans/PlanGrid.tsx', 'components/plans/usePlanChoice.tsx',
    'components/first-paint/RememberCustomerView.tsx',
  ]))
  const sent = pageMessages('en', PLANS_PAGE_MESSAGES).messages
  const named = new Set([...graph.values()].flatMap(keysNamedIn))
  expect(named.size).toBeGreaterThan(100)
  expect([...named].filter((key) => !(key in sent)).sort()).toEqual([])
})

test('every key the confirmation step names is among those and its bundle, which / does not carry', () => {
  const graph = moduleGraph(CONFIRMATION)
  expect([...graph.keys()].map((file) => path.relative(ROOT, file))).toEqual(expect.arrayContaining([
    'components/plans/StartForm.tsx', 'components/payments/PaymentMethodFields.tsx', 'components/delivery/AddressFields.tsx',
  ]))
  const sent = pageMessages('en', PLANS_PAGE_MESSAGES).messages
  const later = bundleMessages('en', CONFIRM_PLAN_MESSAGES)
  const named = new Set([...graph.values()].flatMap(keysNamedIn))
  expect([...named].filter((key) => !(key in sent) && !(key in later)).sort()).toEqual([])
  // The step's own words (its title, the address and payment forms) are what the HTML of / leaves out.
  for (const key of ['plans.confirm.title.start', 'delivery.address.line1', 'payments.form.iban', 'delivery.problem.required']) {
    expect(later).toHaveProperty([key])
    expect(sent).not.toHaveProperty([key])
  }
})

test('/ is sent a few of the account page\'s words, not all of them', () => {
  const sent = Object.keys(pageMessages('en', PLANS_PAGE_MESSAGES).messages)
  const whole = Object.keys(pageMessages('en', ['plans', 'delivery', 'subscription', 'payments']).messages)
  expect(sent.filter((key) => key.startsWith('subscription.')).length).toBeLessThan(whole.filter((key) => key.startsWith('subscription.')).length / 4)
  expect(JSON.stringify(pageMessages('en', PLANS_PAGE_MESSAGES)).length).toBeLessThan(JSON.stringify(pageMessages('en', ['plans', 'delivery', 'subscription', 'payments'])).length * 0.7)
})

describe('a part of a namespace', () => {
  test('is its key and the keys under it, not keys that merely start with the same letters', () => {
    const keys = Object.keys(pageMessages('de', ['subscription.line']).messages).filter((key) => key.startsWith('subscription.'))
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key.startsWith('subscription.line.')).toBe(true)
    expect(Object.keys(pageMessages('en', ['subscription.list.and']).messages)).toContain('subscription.list.and')
  })

  test('that matches no key stops the build with what was asked for', () => {
    expect(() => pageMessages('en', ['subscription.lines'])).toThrow('No message of the catalogue is "subscription.lines" or starts with "subscription.lines."')
    expect(() => pageMessages('en', ['nonsense.key' as never])).toThrow('"nonsense.key" names no namespace of the catalogue')
  })
})
