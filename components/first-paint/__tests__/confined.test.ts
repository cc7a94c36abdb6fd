/**
 * The first paint stays confined to one slot component per page (docs/decisions/0003): only those
 * modules use its marks (`needs`, `unless`, `planCard` from lib/first-paint/names.ts) and its text
 * slots (components/first-paint/Slot.tsx), or write `data-needs`, `data-unless`, `data-slot` or
 * `data-plan-card` themselves. Every other component renders the live UI only.
 */
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..', '..', '..')

/** The slot component of each page, and the layout's. */
const SLOT_MODULES = [
  'components/plans/PlansFirstPaint.tsx',
  'components/account/AccountFirstPaint.tsx',
  'components/sign-in/SignInFirstPaint.tsx',
  'components/ui/layout/SessionNavItems.tsx',
]

/** Where the app's components live. */
const SCANNED = ['components', 'contexts', 'pages']
/** The first paint's own text-slot helper, which the slot components use. */
const HELPERS = ['components/first-paint/Slot.tsx']

function componentFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : componentFiles(relative)
    return entry.name.endsWith('.tsx') ? [relative] : []
  })
}

/** A component module that marks first-paint variants or slots: by the helpers or by hand. */
const MARKS = [
  /from '@\/(lib|components)\/first-paint\/(names|Slot)'/,
  /\b(needs|unless|planCard)\(/,
  /<Slot\b/,
  /data-(needs|unless|slot|plan-card)/,
]

function knowsTheFirstPaint(file: string): boolean {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
  return MARKS.some((mark) => mark.test(text))
}

test('only the slot components render first-paint variants or slots', () => {
  const files = SCANNED.flatMap(componentFiles).filter((file) => !HELPERS.includes(file))
  expect(files.length).toBeGreaterThan(50)
  expect(files.filter(knowsTheFirstPaint).sort()).toEqual([...SLOT_MODULES].sort())
})

test('the check finds a component that marks a variant by hand', () => {
  expect(knowsTheFirstPaint('components/first-paint/Slot.tsx')).toBe(true)
  expect(knowsTheFirstPaint('components/plans/PlanCard.tsx')).toBe(false)
})
