/**
 * The import rules of eslint.config.mjs say what they mean: every folder a zone names exists, the
 * old layout (features/, core/) is gone, and lint refuses exactly what the rules forbid (imports
 * against the one-way order pages → components → contexts → lib, by alias or relative path; React
 * in lib/; the SDK or Firebase outside lib/rio; an error worded or mapped outside its home; the
 * local runtime; the Retter classes; a relative path into retter/; a dependency's index) while the
 * allowed imports pass.
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

const LAYER = 'import/no-restricted-paths'
const IMPORTS = 'no-restricted-imports'
const SYNTAX = 'no-restricted-syntax'

const PROBES: Array<Probe & { refusedBy: string[] }> = [
  // Imports point one way: pages → components → contexts → lib, by alias or relative path.
  { file: 'components/plans/Probe.tsx', text: "import Home from '@/pages/index'\nexport default Home\n", refusedBy: [LAYER] },
  { file: 'contexts/Probe.tsx', text: "import { Row } from '@/components/subscription/Row'\nexport default Row\n", refusedBy: [LAYER] },
  { file: 'contexts/Probe.tsx', text: "import { Row } from '../components/subscription/Row'\nexport default Row\n", refusedBy: [LAYER] },
  { file: 'lib/roastery/probe.ts', text: "import { useAccount } from '@/contexts/AccountContext'\nexport default useAccount\n", refusedBy: [LAYER] },
  { file: 'lib/plans/probe.ts', text: "import { PlanCard } from '../../components/plans/PlanCard'\nexport default PlanCard\n", refusedBy: [LAYER] },
  { file: 'lib/probe.ts', text: "import Home from '@/pages/index'\nexport default Home\n", refusedBy: [LAYER] },
  // ... and down they may: a page uses components, a component contexts, lib and another feature's UI.
  { file: 'pages/probe.tsx', text: "import { AccountPage } from '@/components/account/AccountPage'\nexport default AccountPage\n", refusedBy: [] },
  { file: 'components/plans/Probe.tsx', text: "import { Row } from '@/components/subscription/Row'\nexport default Row\n", refusedBy: [] },
  { file: 'components/plans/Probe.tsx', text: "import { useAccount } from '@/contexts/AccountContext'\nexport default useAccount\n", refusedBy: [] },
  { file: 'components/plans/Probe.tsx', text: "import { ROUTES } from '@/lib/routes'\nexport default ROUTES\n", refusedBy: [] },
  { file: 'contexts/Probe.tsx', text: "import { subscriptionOf } from '@/lib/subscription/view'\nexport default subscriptionOf\n", refusedBy: [] },
  // lib/ has no React.
  { file: 'lib/format/probe.ts', text: "import { useState } from 'react'\nexport default useState\n", refusedBy: [IMPORTS] },
  // Only lib/rio touches the SDK or Firebase.
  { file: 'lib/roastery/probe-api.ts', text: "import { RetterSDK } from '@retter/sdk'\nexport default RetterSDK\n", refusedBy: [IMPORTS] },
  { file: 'components/roastery/Probe.tsx', text: "import { RetterSDK } from '@retter/sdk'\nexport default RetterSDK\n", refusedBy: [IMPORTS] },
  { file: 'contexts/Probe.tsx', text: "import { getAuth } from 'firebase/auth'\nexport default getAuth\n", refusedBy: [IMPORTS] },
  { file: 'lib/rio/probe.ts', text: "import { getAuth } from 'firebase/auth'\nexport default getAuth\n", refusedBy: [] },
  // Errors are worded in lib/rio/errors/; a component never maps one; a feature's request layer builds its own.
  { file: 'components/plans/Probe.tsx', text: "import { toAppError } from '@/lib/rio/errors/map'\nexport default toAppError\n", refusedBy: [IMPORTS] },
  { file: 'contexts/Probe.tsx', text: "import { RioAppError } from '@/lib/rio/errors/app-error'\nexport const refuse = () => new RioAppError({ code: 'X', message: 'x' })\n", refusedBy: [SYNTAX] },
  { file: 'lib/roastery/probe.ts', text: "export const refusal = { code: 'X', message: 'x' }\n", refusedBy: [SYNTAX] },
  { file: 'lib/roastery/probe-api.ts', text: "import { RioAppError } from '@/lib/rio/errors/app-error'\nexport const refuse = () => new RioAppError({ code: 'X', message: 'x' })\n", refusedBy: [] },
  // The local runtime over HTTP only; of retter/ only the shared modules, one at a time, by their one name.
  { file: 'lib/probe.ts', text: "import { loadConfig } from '../rio-local/config'\nexport default loadConfig\n", refusedBy: [LAYER] },
  { file: 'lib/probe.ts', text: "import { getSubscriptionPlans } from '@/retter/classes/Account/subscription/plans'\nexport default getSubscriptionPlans\n",
    refusedBy: [LAYER, IMPORTS] },
  { file: 'components/sign-in/Probe.tsx', text: "import { checkEmail } from '../../retter/dependencies/BeanBloomIdentity/email'\nexport default checkEmail\n",
    refusedBy: [IMPORTS] },
  { file: 'lib/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity'\nexport default checkEmail\n", refusedBy: [IMPORTS] },
  { file: 'lib/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity/email'\nexport default checkEmail\n", refusedBy: [] },
]

/** Lints each probe as if it were that file, and reads the zones, in one child process. */
function lintProbes(probes: Probe[]): Linted {
  const script = `
    import { ESLint } from 'eslint'
    const { LAYER_ZONES } = await import(${JSON.stringify(path.join(root, 'eslint.config.mjs'))})
    // import/no-cycle reads the linted file from disk, and a probe has none.
    const eslint = new ESLint({ cwd: ${JSON.stringify(root)}, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })
    const rules = []
    for (const probe of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(probe.text, { filePath: probe.file })
      rules.push(result.messages.map((message) => message.ruleId ?? message.message))
    }
    process.stdout.write(JSON.stringify({ zones: LAYER_ZONES, rules }))
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

test('the app has the design card\'s top level, and the old layout is gone', () => {
  for (const folder of ['pages', 'components', 'contexts', 'lib', 'lib/rio']) expect(fs.existsSync(path.join(root, folder))).toBe(true)
  expect(['features', 'core'].filter((folder) => fs.existsSync(path.join(root, folder)))).toEqual([])
})

test.each(PROBES.map((probe, index) => [index, probe.file, probe.text.split('\n')[0], probe.refusedBy] as const))(
  'probe %i: %s with `%s` is refused by %j', (index, _file, _line, refusedBy) => {
    expect([...new Set(linted.rules[index])].sort()).toEqual([...refusedBy].sort())
  })
