/**
 * The import rules of eslint.config.mjs say what they mean: every folder a layer zone names exists,
 * and lint refuses exactly what the rules forbid (the layers, the local runtime, the Retter classes,
 * a relative path into retter/, a dependency's index) while the one named path passes.
 * ESLint runs in a child Node process: its config is an ES module that jest's CommonJS runtime
 * cannot load.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '../..')

interface Zone { target: string | string[]; from: string | string[]; except?: string[] }
interface Probe { file: string; text: string }

const PROBES: Array<Probe & { refusedBy: string[] }> = [
  { file: 'components/Probe.tsx', text: "import Home from '@/pages/index'\nexport default Home\n", refusedBy: ['import/no-restricted-paths'] },
  { file: 'lib/probe.ts', text: "import { AppLink } from '@/components/ui/AppLink'\nexport default AppLink\n", refusedBy: ['import/no-restricted-paths'] },
  { file: 'contexts/Probe.tsx', text: "import { Layout } from '@/components/layout/Layout'\nexport default Layout\n", refusedBy: ['import/no-restricted-paths'] },
  { file: 'lib/probe.ts', text: "import { loadConfig } from '../rio-local/config'\nexport default loadConfig\n", refusedBy: ['import/no-restricted-paths'] },
  { file: 'lib/probe.ts', text: "import { getSubscriptionPlans } from '@/retter/classes/Account/plans'\nexport default getSubscriptionPlans\n",
    refusedBy: ['import/no-restricted-paths', 'no-restricted-imports'] },
  { file: 'components/Probe.tsx', text: "import { checkEmail } from '../retter/dependencies/BeanBloomIdentity/email'\nexport default checkEmail\n",
    refusedBy: ['no-restricted-imports'] },
  { file: 'lib/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity'\nexport default checkEmail\n", refusedBy: ['no-restricted-imports'] },
  { file: 'lib/probe.ts', text: "import { checkEmail } from '@retter-shared/BeanBloomIdentity/email'\nexport default checkEmail\n", refusedBy: [] },
  { file: 'components/Probe.tsx', text: "import { ROUTES } from '@/lib/routes'\nexport default ROUTES\n", refusedBy: [] },
]

/** Lints each probe as if it were that file, and reads the zones, in one child process. */
function lintProbes(probes: Probe[]): { zones: Zone[]; rules: string[][] } {
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
  return JSON.parse(child.stdout) as { zones: Zone[]; rules: string[][] }
}

let linted: { zones: Zone[]; rules: string[][] }
beforeAll(() => {
  linted = lintProbes(PROBES)
}, 120_000)

test('every folder a layer zone names exists', () => {
  const named = linted.zones.flatMap((zone) => {
    const from = ([] as string[]).concat(zone.from)
    return [...([] as string[]).concat(zone.target), ...from,
      ...(zone.except ?? []).flatMap((except) => from.map((base) => path.join(base, except)))]
  })
  expect(named.length).toBeGreaterThan(5)
  expect(named.filter((folder) => !fs.existsSync(path.join(root, folder)))).toEqual([])
})

test.each(PROBES.map((probe, index) => [index, probe.file, probe.text.split('\n')[0], probe.refusedBy] as const))(
  'probe %i: %s with `%s` is refused by %j', (index, _file, _line, refusedBy) => {
    expect([...new Set(linted.rules[index])].sort()).toEqual([...refusedBy].sort())
  })
