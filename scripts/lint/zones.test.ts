/**
 * The import rules of eslint.config.mjs say what they mean: every folder a zone names exists, every
 * feature has its public entry, and lint refuses exactly what the rules forbid (a feature's or a
 * page's deep import into another feature, the core importing a feature, the SDK outside core/rio,
 * an error worded or mapped outside its home, the local runtime, the Retter classes, a relative path
 * into retter/, a dependency's index) while the allowed imports pass.
 * ESLint runs in a child Node process: its config is an ES module that jest's CommonJS runtime
 * cannot load.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

interface Zone { target: string | string[]; from: string | string[]; except?: string[] }
interface Probe { file: string; text: string }
interface Linted { zones: Zone[]; rules: string[][] }

const DEEP = 'import/no-restricted-paths'
const IMPORTS = 'no-restricted-imports'
const SYNTAX = 'no-restricted-syntax'

const PROBES: Array<Probe & { refusedBy: string[] }> = [
  // A feature reaches another feature through its public entry only, by alias or relative path.
  { file: 'features/plans/components/Probe.tsx', text: "import { Row } from '@/features/subscription/components/Row'\nexport default Row\n", refusedBy: [DEEP] },
  { file: 'features/plans/components/Probe.tsx', text: "import { subscriptionOf } from '../../subscription/rules/view'\nexport default subscriptionOf\n", refusedBy: [DEEP] },
  { file: 'features/account/components/Probe.tsx', text: "import { useAccount } from '@/features/customer/state/AccountContext'\nexport default useAccount\n", refusedBy: [DEEP] },
  { file: 'features/plans/components/Probe.tsx', text: "import { Row } from '@/features/subscription'\nexport default Row\n", refusedBy: [] },
  { file: 'features/plans/components/Probe.tsx', text: "import { chosenPlanOf } from '../rules/chosen-plan'\nexport default chosenPlanOf\n", refusedBy: [] },
  { file: 'features/plans/components/Probe.tsx', text: "import { ROUTES } from '@/core/routes'\nexport default ROUTES\n", refusedBy: [] },
  // The core imports no feature, not even an entry.
  { file: 'core/ui/Probe.tsx', text: "import { Row } from '@/features/subscription'\nexport default Row\n", refusedBy: [DEEP] },
  { file: 'core/rio/probe.ts', text: "import { loadPlans } from '../../features/customer/api/account-api'\nexport default loadPlans\n", refusedBy: [DEEP] },
  // Pages import a feature's entry, never its parts.
  { file: 'pages/probe.tsx', text: "import { AccountPage } from '@/features/account/components/AccountPage'\nexport default AccountPage\n", refusedBy: [DEEP] },
  { file: 'pages/probe.tsx', text: "import { AccountPage } from '@/features/account'\nexport default AccountPage\n", refusedBy: [] },
  // Only core/rio touches the SDK or Firebase.
  { file: 'features/roastery/api/probe.ts', text: "import { RetterSDK } from '@retter/sdk'\nexport default RetterSDK\n", refusedBy: [IMPORTS] },
  { file: 'core/session/Probe.tsx', text: "import { getAuth } from 'firebase/auth'\nexport default getAuth\n", refusedBy: [IMPORTS] },
  { file: 'core/rio/probe.ts', text: "import { getAuth } from 'firebase/auth'\nexport default getAuth\n", refusedBy: [] },
  // Errors are worded in core/rio/errors/; a component never maps one; a feature's request layer builds its own.
  { file: 'features/plans/components/Probe.tsx', text: "import { toAppError } from '@/core/rio/errors/map'\nexport default toAppError\n", refusedBy: [IMPORTS] },
  { file: 'features/roastery/state/Probe.tsx', text: "import { RioAppError } from '@/core/rio/errors/app-error'\nexport const refuse = () => new RioAppError({ code: 'X', message: 'x' })\n", refusedBy: [SYNTAX] },
  { file: 'features/roastery/api/probe.ts', text: "import { RioAppError } from '@/core/rio/errors/app-error'\nexport const refuse = () => new RioAppError({ code: 'X', message: 'x' })\n", refusedBy: [] },
  // The local runtime over HTTP only; of retter/ only the shared modules, one at a time, by their one name.
  { file: 'core/probe.ts', text: "import { loadConfig } from '../rio-local/config'\nexport default loadConfig\n", refusedBy: [DEEP] },
  { file: 'core/probe.ts', text: "import { getSubscriptionPlans } from '@/retter/classes/Account/subscription/plans'\nexport default getSubscriptionPlans\n",
    refusedBy: [DEEP, IMPORTS] },
  { file: 'features/sign-in/components/Probe.tsx', text: "import { checkEmail } from '../../../retter/dependencies/BeanBloomIdentity/email'\nexport default checkEmail\n",
    refusedBy: [IMPORTS] },
  { file: 'core/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity'\nexport default checkEmail\n", refusedBy: [IMPORTS] },
  { file: 'core/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity/email'\nexport default checkEmail\n", refusedBy: [] },
]

/** Lints each probe as if it were that file, and reads the zones, in one child process. */
function lintProbes(probes: Probe[]): Linted {
  const script = `
    import { ESLint } from 'eslint'
    const { FEATURE_ZONES } = await import(${JSON.stringify(path.join(root, 'eslint.config.mjs'))})
    // import/no-cycle reads the linted file from disk, and a probe has none.
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })
    const rules = []
    for (const probe of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(probe.text, { filePath: probe.file })
      rules.push(result.messages.map((message) => message.ruleId ?? message.message))
    }
    process.stdout.write(JSON.stringify({ zones: FEATURE_ZONES, rules }))
  `
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], { cwd: root, encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`ESLint did not run: ${child.stderr}`)
  return JSON.parse(child.stdout) as Linted
}

let linted: Linted
beforeAll(() => {
  linted = lintProbes(PROBES)
}, 120_000)

test('every folder a zone names exists', () => {
  const named = linted.zones.flatMap((zone) => {
    const from = ([] as string[]).concat(zone.from)
    return [...([] as string[]).concat(zone.target), ...from,
      ...(zone.except ?? []).flatMap((except) => from.map((base) => path.join(base, except)))]
  })
  expect(named.length).toBeGreaterThan(5)
  expect(named.filter((folder) => !fs.existsSync(path.join(root, folder)))).toEqual([])
})

test('every feature folder has its one public entry', () => {
  const onDisk = fs.readdirSync(path.join(root, 'features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()
  expect(onDisk.length).toBeGreaterThanOrEqual(7)
  expect(onDisk.filter((name) => !fs.existsSync(path.join(root, 'features', name, 'index.ts')))).toEqual([])
})

test.each(PROBES.map((probe, index) => [index, probe.file, probe.text.split('\n')[0], probe.refusedBy] as const))(
  'probe %i: %s with `%s` is refused by %j', (index, _file, _line, refusedBy) => {
    expect([...new Set(linted.rules[index])].sort()).toEqual([...refusedBy].sort())
  })
