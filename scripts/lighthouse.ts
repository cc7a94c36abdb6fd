/**
 * `npm run lighthouse`: a benchmark, not a test. Starts the `npm run start:local` stack (production
 * build over HTTPS, local backend, Firestore emulator) on free ports, and beside it the floor: a bare
 * Next pages-router page built from this repository's own Next and React (./lib/floor.ts). Then:
 *
 * 1. Lighthouse (the npm package, mobile preset, Debian's Chromium: never a downloaded browser) three
 *    times on the floor, `/`, `/de` (the same page in German) and `/sign-in`, taking turns so a busy moment of the machine hits all
 *    three alike; prints the median of each figure, each page's LCP as a multiple of the floor's and
 *    its TBT as an excess over the floor's (absolute TBT swings with the machine's load, the excess
 *    much less), and whether each page is within the target (LCP_TARGET_RATIO, TBT_TARGET_EXCESS_MS).
 *    Twice: with Lighthouse's default simulated throttling, and with throttling applied to the page
 *    (`--throttling-method=devtools`: 4× CPU and slow 4G are imposed while the page loads). The
 *    simulation replays this machine's fast, unthrottled load as a phone's; it counts every request
 *    that had finished before the paint was observed as part of that paint, except a script whose
 *    run started after the paint in a task of 10 ms or more. So the table also prints how many
 *    scripts (and how many bytes) had finished before each page's observed paint (none, since pages
 *    load their scripts after their first frame: decision 0047).
 * 2. A returning customer (./lib/customer-load.ts): a customer with a plan, made once through the UI,
 *    opens `/`, `/account` and `/sign-in` with their stored session, at 4× CPU slowdown with and
 *    without Lighthouse's slow-4G network; prints the median time until their own plan (`/`) or
 *    subscription (`/account`, where `/sign-in` sends them) is on screen and until the page has
 *    hydrated, the CLS of those loads, and in how many loads any frame showed "Sign in" in the header
 *    or the e-mail field. A visitor's loads of `/` and `/sign-in` the same way: the median time of
 *    their first frame and of hydration (what loading scripts after the first frame costs).
 * 3. The first-load JS of `/`, whether the HTML of `/` already holds the plans, and every host the
 *    pages asked for besides the app, the backend and the emulators.
 *
 * LIGHTHOUSE_URL=https://localhost:3000 measures a stack that already runs instead (its first-load
 * JS is then read from start:local's build folder; the customer is made through the backend at
 * LIGHTHOUSE_BACKEND_URL, default http://127.0.0.1:4000); LIGHTHOUSE_RUNS changes the number of
 * Lighthouse runs (0: none) and LIGHTHOUSE_CUSTOMER_RUNS that of the customer's loads (default the
 * same; 0: none); LIGHTHOUSE_BIN names another Lighthouse CLI (to measure a commit that predates this
 * script); LIGHTHOUSE_THROTTLING names the methods to run (default `simulate,devtools`); LIGHTHOUSE_REPORTS=<dir> keeps every run's JSON report there (open one in the Lighthouse
 * viewer to see what delayed a paint); LIGHTHOUSE_SUMMARY=<file> writes the medians as JSON:
 * `{ uptime, lighthouse: { simulate?, devtools?: { <page>: figures } }, customer?: [...] }`, a
 * figure no run gave as null.
 *
 * LIGHTHOUSE_COMPARE_URL (with LIGHTHOUSE_COMPARE_BACKEND_URL, its backend) measures another running
 * stack in the same rounds, its rows marked "base": e.g. `npm run start:local` of an earlier commit
 * on other ports (PORT, RIO_LOCAL_PORT, FIRESTORE_EMULATOR_HOST), to see a change against it in one
 * run rather than across runs made at different moments of the machine.
 */
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { firstLoadJs } from './lib/bundle'
import { ensureLocalhostCert } from './lib/cert'
import { loadEnv } from './lib/config'
import { CUSTOMER_PAGES, PROFILES, VISITOR_PAGES, launchChromium, makeCustomer, measureLoad, type Customer, type LoadFigures } from './lib/customer-load'
import { findFreePort } from './lib/ports'
import { startFloor, type Floor } from './lib/floor'
import { say, warn } from './lib/log'
import { startChild } from './lib/processes'
import { startLocalStack, type LocalStack } from './lib/stack'
import { percentile } from './lib/stats'

const root = path.resolve(__dirname, '..')
const CHROMIUM = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PAGES = ['/', '/de', '/sign-in']
/** The floor's row in the tables. */
const FLOOR = 'bare Next'
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
/** Lighthouse's two ways to throttle: simulate a phone from a fast load, or impose it on the load. */
const THROTTLING_METHODS = ['simulate', 'devtools'] as const
type Throttling = (typeof THROTTLING_METHODS)[number]
const THROTTLING_LABELS: Record<Throttling, string> = {
  simulate: 'simulated throttling (Lighthouse\'s default)',
  devtools: 'applied throttling (--throttling-method=devtools)',
}
/** The target for visitors' pages: LCP within this multiple of the floor's, TBT within this many ms of it. */
const LCP_TARGET_RATIO = 1.3
const TBT_TARGET_EXCESS_MS = 50
const CUSTOMER_RUNS = Number(process.env.LIGHTHOUSE_CUSTOMER_RUNS ?? RUNS)
/** How often a run whose trace Chrome lost is made again. */
const RETRIES = 3
const DIST_DIR = process.env.LIGHTHOUSE_DIST_DIR || '.next-lighthouse'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--ignore-certificate-errors']

interface Figures {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  hosts: string[]
  /** Scripts that had finished downloading when the page was observed to paint its largest content. */
  scriptsBeforePaint: number
  scriptBytesBeforePaint: number
}

interface NetworkRequestItem {
  url?: string
  resourceType?: string
  networkEndTime?: number
  transferSize?: number
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number | null }>
  audits: Record<string, { numericValue?: number; details?: { items?: Array<NetworkRequestItem & { observedLargestContentfulPaint?: number }> } }>
}

/** The methods LIGHTHOUSE_THROTTLING names (default both), refused when it names another. */
function throttlingMethods(): Throttling[] {
  const named = (process.env.LIGHTHOUSE_THROTTLING ?? THROTTLING_METHODS.join(',')).split(',').map((one) => one.trim()).filter(Boolean)
  const unknown = named.filter((one) => !(THROTTLING_METHODS as readonly string[]).includes(one))
  if (unknown.length > 0 || named.length === 0) {
    throw new Error(`LIGHTHOUSE_THROTTLING is "${process.env.LIGHTHOUSE_THROTTLING ?? ''}"; it takes ${THROTTLING_METHODS.join(' and/or ')}, comma-separated.`)
  }
  return THROTTLING_METHODS.filter((method) => named.includes(method))
}

async function runLighthouse(url: string, outFile: string, throttling: Throttling): Promise<void> {
  const bin = process.env.LIGHTHOUSE_BIN || path.join(root, 'node_modules', '.bin', 'lighthouse')
  const args = [url, '--quiet', '--output=json', `--output-path=${outFile}`, '--only-categories=performance,accessibility',
    `--throttling-method=${throttling}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`]
  // Run to its end, never stopped; in our process group (scope 'process'), so a terminal's Ctrl-C reaches it and its Chrome directly.
  const stderr: string[] = []
  const child = startChild({
    name: 'lighthouse',
    command: bin,
    args,
    cwd: root,
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    scope: 'process',
    dieWithParent: 'exit',
    onLine: (line, stream) => {
      if (stream === 'stderr') stderr.push(line)
    },
  })
  const status = await child.exited
  if (status !== 0) throw new Error(`lighthouse exited ${String(status)} on ${url}:\n${stderr.join('\n').slice(-2000)}`)
}

function figuresOf(report: LighthouseReport, ownHosts: Set<string>): Figures {
  const numeric = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN
  const hosts = new Set<string>()
  for (const item of report.audits['network-requests']?.details?.items ?? []) {
    if (!item.url || !/^(https?|wss?):/.test(item.url)) continue
    const host = new URL(item.url).host
    if (!ownHosts.has(host)) hosts.add(host)
  }
  // The paint counts from the navigation's start, the requests from the document's request: the
  // same moment within a few milliseconds.
  const observedLcp = report.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN
  const scripts = Number.isNaN(observedLcp) ? null : (report.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && typeof item.networkEndTime === 'number' && item.networkEndTime <= observedLcp)
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    hosts: [...hosts],
    scriptsBeforePaint: scripts ? scripts.length : Number.NaN,
    scriptBytesBeforePaint: scripts ? scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) : Number.NaN,
  }
}

/** The median of the runs that have the figure (Lighthouse gives no TBT when it found no quiet window); NaN when none has. */
const median = (values: number[]): number => {
  const known = values.filter((value) => Number.isFinite(value))
  return known.length > 0 ? percentile(known.sort((a, b) => a - b), 50) : Number.NaN
}

function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https.get(url, { rejectUnauthorized: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

/** The HTML of `/` holds the plans when it holds every plan's name, as the Account class serves them. */
const planNames = (): string[] => PLANS.map((plan) => plan.name)

const ms = (value: number): string => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`)
const seconds = (value: number): string => (Number.isNaN(value) ? 'n/a' : `${(value / 1000).toFixed(2)} s`)
const signed = (value: number, format: (v: number) => string): string => (Number.isNaN(value) ? 'n/a' : value >= 0 ? `+${format(value)}` : `-${format(-value)}`)

interface PageSummary {
  runs: number
  /** How many runs gave an LCP and a TBT (Lighthouse gives no TBT when it found no quiet window). */
  runsWithLcp: number
  runsWithTbt: number
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  scriptsBeforePaint: number
  scriptBytesBeforePaint: number
}

function summarise(runs: Figures[]): PageSummary {
  return {
    runs: runs.length,
    runsWithLcp: runs.filter((r) => Number.isFinite(r.lcpMs)).length,
    runsWithTbt: runs.filter((r) => Number.isFinite(r.tbtMs)).length,
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    scriptsBeforePaint: median(runs.map((r) => r.scriptsBeforePaint)),
    scriptBytesBeforePaint: median(runs.map((r) => r.scriptBytesBeforePaint)),
  }
}

async function lighthouseRuns(targets: Array<{ name: string; url: string }>, ownHosts: Set<string>, dataDir: string, throttling: Throttling): Promise<Map<string, Figures[]>> {
  const results = new Map<string, Figures[]>()
  say(`Lighthouse with ${THROTTLING_LABELS[throttling]}:`)
  // Round by round, each page once per round: a slow minute of the machine costs every page alike.
  for (let run = 1; run <= RUNS; run++) {
    for (const { name, url } of targets) {
      const out = path.join(dataDir, `lh-${throttling}-${name.replace(/\W/g, '_')}-${run}.json`)
      // Chrome sometimes loses a trace (NO_NAVSTART, NO_FCP), on a busy machine twice in a row: a
      // failed run is made again, up to RETRIES times.
      for (let attempt = 0; ; attempt++) {
        try {
          await runLighthouse(url, out, throttling)
          break
        } catch (error) {
          if (attempt >= RETRIES) throw error
          warn(`  ${name} run ${run} failed, running it again: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
        }
      }
      const figures = figuresOf(JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport, ownHosts)
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
        fs.copyFileSync(out, path.join(process.env.LIGHTHOUSE_REPORTS, path.basename(out)))
      }
      results.set(name, [...(results.get(name) ?? []), figures])
      say(`  ${name} run ${run}: performance ${figures.performance}, LCP ${seconds(figures.lcpMs)}, TBT ${ms(figures.tbtMs)}`)
    }
  }
  return results
}

function printLighthouse(summaries: Map<string, PageSummary>, throttling: Throttling): void {
  const floor = summaries.get(FLOOR)
  say(`\nLighthouse ${RUNS} runs per page, mobile preset, ${THROTTLING_LABELS[throttling]}, median of each figure;`)
  say(`LCP × = the page's LCP over the floor's (${FLOOR}), TBT + = its TBT minus the floor's, in this run;`)
  say('scripts = those finished downloading before the observed paint of the largest content:')
  say(`  ${'page'.padEnd(14)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'LCP'.padStart(14)} ${'TBT'.padStart(14)} ${'CLS'.padStart(6)} `
    + `${'LCP ×'.padStart(6)} ${'TBT +'.padStart(8)} ${'scripts'.padStart(16)} ${'target'.padStart(7)}`)
  // A figure some runs lacked says in how many it was measured.
  const measured = (text: string, have: number, runs: number): string => (have < runs && have > 0 ? `${text} (${have}/${runs})` : text)
  const complete = (sum: PageSummary): boolean => sum.runsWithLcp === sum.runs && sum.runsWithTbt === sum.runs
  for (const [page, sum] of summaries) {
    const scripts = Number.isNaN(sum.scriptsBeforePaint) ? 'n/a' : `${sum.scriptsBeforePaint} (${(sum.scriptBytesBeforePaint / 1024).toFixed(1)} kB)`
    let versus = ''
    if (floor && page !== FLOOR) {
      const ratio = sum.lcpMs / floor.lcpMs
      const excess = sum.tbtMs - floor.tbtMs
      // Judged only on runs that all gave both figures, the floor's too: a page Lighthouse never
      // found quiet has no TBT, which is no pass.
      const verdict = !complete(sum) || !complete(floor) ? 'n/a' : ratio <= LCP_TARGET_RATIO && excess <= TBT_TARGET_EXCESS_MS ? 'met' : 'missed'
      versus = `${(Number.isNaN(ratio) ? 'n/a' : `${ratio.toFixed(2)}×`).padStart(6)} ${signed(excess, ms).padStart(8)} ${scripts.padStart(16)} ${verdict.padStart(7)}`
    } else {
      versus = `${''.padStart(6)} ${''.padStart(8)} ${scripts.padStart(16)}`
    }
    const cls = Number.isNaN(sum.cls) ? 'n/a' : sum.cls.toFixed(3)
    say(`  ${page.padEnd(14)} ${String(sum.performance).padStart(5)} ${String(sum.accessibility).padStart(5)} ${measured(seconds(sum.lcpMs), sum.runsWithLcp, sum.runs).padStart(14)} `
      + `${measured(ms(sum.tbtMs), sum.runsWithTbt, sum.runs).padStart(14)} ${cls.padStart(6)} ${versus}`)
  }
  say(`  target: median LCP within ${LCP_TARGET_RATIO}× the floor's and median TBT within ${TBT_TARGET_EXCESS_MS} ms of it (n/a: some run lacked a figure)`)
}

interface CustomerSummary {
  /** Which stack: the app, or the one compared with ("base"). */
  app: string
  /** A returning customer's loads, or a visitor's (no stored session). */
  who: 'customer' | 'visitor'
  page: string
  profile: string
  visibleMs: number
  paintMs: number
  hydratedMs: number
  cls: number
  loads: number
  signInSeen: number
  emailFieldSeen: number
  missed: number
}

interface Stack {
  label: string
  appUrl: string
  backendUrl: string
}

async function customerRuns(stacks: Stack[]): Promise<CustomerSummary[]> {
  const plan = [...PLANS].sort((a, b) => a.sortOrder - b.sortOrder)[0]
  if (!plan) throw new Error('retter/dependencies/BeanBloomSubscription/plans.ts has no plans.')
  const browser = await launchChromium(CHROMIUM)
  try {
    say(`\nA returning customer: signing in through the UI and starting ${plan.name}…`)
    const customers = new Map<string, Customer>()
    for (const stack of stacks) customers.set(stack.label, await makeCustomer(browser, stack.appUrl, stack.backendUrl, plan.name))
    const runs = new Map<string, LoadFigures[]>()
    const key = (who: string, stack: string, page: string, profile: string) => `${who}\u0000${stack}\u0000${page}\u0000${profile}`
    const pages = [
      ...CUSTOMER_PAGES.map((page) => ({ who: 'customer' as const, page })),
      ...VISITOR_PAGES.map((page) => ({ who: 'visitor' as const, page })),
    ]
    for (let run = 1; run <= CUSTOMER_RUNS; run++) {
      for (const profile of PROFILES) {
        for (const { who, page } of pages) {
          for (const stack of stacks) {
            const customer = who === 'customer' ? customers.get(stack.label) : null
            if (customer === undefined) continue
            const { figures, state } = await measureLoad(browser, stack.appUrl, customer, page, profile)
            // A token refreshed during the load is the one the next load must use.
            if (customer) customers.set(stack.label, { ...customer, state })
            const runKey = key(who, stack.label, page.path, profile.name)
            runs.set(runKey, [...(runs.get(runKey) ?? []), figures])
            say(`  ${who} ${labelled(stack.label, page.path)} (${profile.name}) run ${run}: `
              + `${who === 'customer' ? `visible ${seconds(figures.visibleMs)}, ` : ''}first paint ${seconds(figures.paintMs)}, hydrated ${seconds(figures.hydratedMs)}, CLS ${figures.cls.toFixed(3)}`
              + `${figures.signInSeen ? ', "Sign in" shown' : ''}${figures.emailFieldSeen ? ', e-mail field shown' : ''}`)
          }
        }
      }
    }
    const summaries: CustomerSummary[] = []
    for (const profile of PROFILES) {
      for (const { who, page } of pages) {
        for (const stack of stacks) {
          const loads = runs.get(key(who, stack.label, page.path, profile.name)) ?? []
          const shown = loads.filter((load) => !Number.isNaN(load.visibleMs))
          // A median of every load, or NaN when some load lacked the figure.
          const all = (figure: (load: LoadFigures) => number) =>
            loads.some((load) => Number.isNaN(figure(load))) ? Number.NaN : median(loads.map(figure))
          summaries.push({
            app: stack.label,
            who,
            page: page.path,
            profile: profile.name,
            visibleMs: all((load) => load.visibleMs),
            paintMs: all((load) => load.paintMs),
            hydratedMs: all((load) => load.hydratedMs),
            cls: median(loads.map((load) => load.cls)),
            loads: loads.length,
            signInSeen: loads.filter((load) => load.signInSeen).length,
            emailFieldSeen: loads.filter((load) => load.emailFieldSeen).length,
            missed: loads.length - shown.length,
          })
        }
      }
    }
    return summaries
  } finally {
    await browser.close()
  }
}

/** A page's name in the tables: the stack compared with is marked "base". */
const labelled = (stack: string, page: string): string => (stack === APP ? page : `${stack} ${page}`)
const APP = 'app'
const BASE = 'base'

function printCustomer(summaries: CustomerSummary[]): void {
  const figure = (value: number) => (Number.isNaN(value) ? 'n/a' : seconds(value))
  say(`\nA returning customer, ${CUSTOMER_RUNS} loads per page and profile (cold HTTP cache, stored session), median:`)
  say('  own view = their plan on /, their subscription on /account (where /sign-in sends them); hydrated = the page\'s scripts have run')
  say(`  ${'page'.padEnd(14)} ${'profile'.padEnd(18)} ${'own view'.padStart(9)} ${'hydrated'.padStart(9)} ${'CLS'.padStart(6)} ${'"Sign in" shown'.padStart(16)} ${'e-mail field'.padStart(13)}`)
  for (const s of summaries.filter((summary) => summary.who === 'customer')) {
    const visible = Number.isNaN(s.visibleMs) ? `never in ${s.missed}` : seconds(s.visibleMs)
    say(`  ${labelled(s.app, s.page).padEnd(14)} ${s.profile.padEnd(18)} ${visible.padStart(9)} ${figure(s.hydratedMs).padStart(9)} ${s.cls.toFixed(3).padStart(6)} `
      + `${`${s.signInSeen}/${s.loads}`.padStart(16)} ${`${s.emailFieldSeen}/${s.loads}`.padStart(13)}`)
  }
  say(`\nA visitor, ${CUSTOMER_RUNS} loads per page and profile (cold HTTP cache), median: first paint, and hydrated (a click is the app's from then on)`)
  say(`  ${'page'.padEnd(14)} ${'profile'.padEnd(18)} ${'first paint'.padStart(12)} ${'hydrated'.padStart(9)} ${'CLS'.padStart(6)}`)
  for (const s of summaries.filter((summary) => summary.who === 'visitor')) {
    say(`  ${labelled(s.app, s.page).padEnd(14)} ${s.profile.padEnd(18)} ${figure(s.paintMs).padStart(12)} ${figure(s.hydratedMs).padStart(9)} ${s.cls.toFixed(3).padStart(6)}`)
  }
}

async function main(): Promise<void> {
  loadEnv(root)
  let stack: LocalStack | undefined
  let floor: Floor | undefined
  let appUrl = process.env.LIGHTHOUSE_URL
  let backendUrl = process.env.LIGHTHOUSE_BACKEND_URL || `http://127.0.0.1:${process.env.RIO_LOCAL_PORT || '4000'}`
  let distDir = path.join(root, DIST_DIR)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-lighthouse-'))
  const log = fs.createWriteStream(path.join(dataDir, 'stack.log'))
  try {
    if (!appUrl) {
      say(`Building into ${DIST_DIR}/ and starting the start:local stack on free ports…`)
      stack = await startLocalStack({
        root,
        ports: { app: await findFreePort(), backend: await findFreePort(), firestoreHost: '127.0.0.1', firestore: await findFreePort(), stripe: await findFreePort() },
        app: { kind: 'production', distDir: DIST_DIR },
        backendEnv: { RIO_LOCAL_DATA_DIR: dataDir, RIO_LOCAL_STORAGE: 'sqlite', RIO_LOG_LEVEL: 'warn' },
        output: log,
      })
      appUrl = stack.appUrl
      backendUrl = stack.backendUrl
    } else {
      distDir = path.join(root, process.env.LIGHTHOUSE_DIST_DIR || '.next-local')
    }
    const stacks: Stack[] = [{ label: APP, appUrl, backendUrl }]
    const compareUrl = process.env.LIGHTHOUSE_COMPARE_URL
    if (compareUrl) {
      const compareBackend = process.env.LIGHTHOUSE_COMPARE_BACKEND_URL
      if (!compareBackend) throw new Error('LIGHTHOUSE_COMPARE_URL needs LIGHTHOUSE_COMPARE_BACKEND_URL (the compared stack\'s backend, for its customer\'s code).')
      stacks.push({ label: BASE, appUrl: compareUrl, backendUrl: compareBackend })
    }
    const ownHosts = new Set(stacks.flatMap((one) => [new URL(one.appUrl).host, new URL(one.backendUrl).host]))
    // The stack's backend is `backendUrl`, already among them; its emulator is not.
    if (stack?.firestoreHost) ownHosts.add(stack.firestoreHost)

    const summary: { uptime: string; lighthouse?: Partial<Record<Throttling, Record<string, PageSummary>>>; customer?: CustomerSummary[] } = { uptime: os.loadavg().map((l) => l.toFixed(2)).join(' ') }
    const methods = throttlingMethods()
    const otherHosts = new Set<string>()
    if (RUNS > 0) {
      say('Building the floor (a bare Next pages-router page) and serving it beside the app…')
      floor = await startFloor({ root, cert: stack?.cert ?? await ensureLocalhostCert(path.join(root, '.certs')), output: log })
      ownHosts.add(new URL(floor.url).host)
      const targets = [{ name: FLOOR, url: floor.url }, ...stacks.flatMap((one) => PAGES.map((page) => ({ name: labelled(one.label, page), url: new URL(page, one.appUrl).href })))]
      say(`Load average before the runs: ${summary.uptime}`)
      const tables = new Map<Throttling, Map<string, PageSummary>>()
      for (const method of methods) {
        const results = await lighthouseRuns(targets, ownHosts, dataDir, method)
        tables.set(method, new Map([...results].map(([page, runs]) => [page, summarise(runs)])))
        for (const runs of results.values()) for (const run of runs) run.hosts.forEach((host) => otherHosts.add(host))
      }
      await floor.stop()
      floor = undefined
      summary.lighthouse = {}
      for (const [method, summaries] of tables) {
        printLighthouse(summaries, method)
        summary.lighthouse[method] = Object.fromEntries(summaries)
      }
    }
    if (CUSTOMER_RUNS > 0) {
      summary.customer = await customerRuns(stacks)
      printCustomer(summary.customer)
    }

    if (fs.existsSync(path.join(distDir, 'build-manifest.json'))) {
      say(`\nFirst-load JS of /: ${(firstLoadJs(distDir, '/').gzipBytes / 1024).toFixed(1)} kB gzip`)
    }
    const names = planNames()
    const html = await getText(new URL('/', appUrl).href)
    const missing = names.filter((name) => !html.includes(name))
    say(`Plans in the HTML of /: ${names.length > 0 && missing.length === 0 ? 'yes' : `no${missing.length ? ` (missing ${missing.join(', ')})` : ''}`}`)
    // A new connection's first round trip brings about ten TCP segments (14.6 kB with the headers):
    // an HTML past that costs the first paint one more round trip.
    const htmlBytes = Buffer.byteLength(html)
    say(`HTML of /: ${(htmlBytes / 1024).toFixed(1)} kB, ${(zlib.gzipSync(html).length / 1024).toFixed(1)} kB gzip (first round trip of a new connection: about 14.3 kB)`)
    if (RUNS > 0) say(`Requests to other hosts: ${otherHosts.size === 0 ? 'none' : [...otherHosts].join(', ')}`)
    say(`Load average after the runs: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
    if (process.env.LIGHTHOUSE_SUMMARY) fs.writeFileSync(process.env.LIGHTHOUSE_SUMMARY, `${JSON.stringify(summary, null, 2)}\n`)
  } finally {
    await floor?.stop()
    await stack?.stop()
    log.end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  warn(`npm run lighthouse: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
