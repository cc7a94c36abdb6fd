/**
 * `npm run lighthouse`: a benchmark, not a test. Starts the `npm run start:local` stack (production
 * build over HTTPS, local backend, Firestore emulator) on free ports, runs Lighthouse (the npm
 * package, mobile preset, Debian's Chromium: never a downloaded browser) three times on `/` and
 * `/sign-in`, and prints the median of each figure, the first-load JS of `/`, whether the HTML of `/`
 * already holds the plans, and every host the pages asked for besides the app, the backend and the
 * emulators.
 *
 * LIGHTHOUSE_URL=https://localhost:3000 measures a stack that already runs instead (its first-load
 * JS is then read from start:local's build folder); LIGHTHOUSE_RUNS changes the number of runs;
 * LIGHTHOUSE_BIN names another Lighthouse CLI (to measure a commit that predates this script);
 * LIGHTHOUSE_REPORTS=<dir> keeps every run's JSON report there (open one in the Lighthouse viewer to
 * see what delayed a paint).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { PLANS } from '../retter/classes/Account/plans'
import { firstLoadJs } from './lib/bundle'
import { loadEnv } from './lib/config'
import { findFreePort } from './lib/firestore-emulator'
import { say, warn } from './lib/log'
import { startLocalStack, type LocalStack } from './lib/stack'

const root = path.resolve(__dirname, '..')
const CHROMIUM = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const PAGES = ['/', '/sign-in']
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
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
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number | null }>
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ url?: string }> } }>
}

function runLighthouse(url: string, outFile: string): Promise<void> {
  const bin = process.env.LIGHTHOUSE_BIN || path.join(root, 'node_modules', '.bin', 'lighthouse')
  const args = [url, '--quiet', '--output=json', `--output-path=${outFile}`, '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`]
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: root, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${String(code)} on ${url}:\n${stderr.slice(-2000)}`))))
  })
}

function figuresOf(report: LighthouseReport, ownHosts: Set<string>): Figures {
  const numeric = (id: string): number => report.audits[id]?.numericValue ?? Number.NaN
  const hosts = new Set<string>()
  for (const item of report.audits['network-requests']?.details?.items ?? []) {
    if (!item.url || !/^(https?|wss?):/.test(item.url)) continue
    const host = new URL(item.url).host
    if (!ownHosts.has(host)) hosts.add(host)
  }
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    hosts: [...hosts],
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
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

async function main(): Promise<void> {
  loadEnv(root)
  let stack: LocalStack | undefined
  let appUrl = process.env.LIGHTHOUSE_URL
  let distDir = path.join(root, DIST_DIR)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffee-lighthouse-'))
  try {
    if (!appUrl) {
      say(`Building into ${DIST_DIR}/ and starting the start:local stack on free ports…`)
      stack = await startLocalStack({
        root,
        ports: { app: await findFreePort(), backend: await findFreePort(), firestoreHost: '127.0.0.1', firestore: await findFreePort() },
        app: { kind: 'production', distDir: DIST_DIR },
        backendEnv: { RIO_LOCAL_DATA_DIR: dataDir, RIO_LOCAL_STORAGE: 'sqlite', RIO_LOG_LEVEL: 'warn' },
        output: fs.createWriteStream(path.join(dataDir, 'stack.log')),
      })
      appUrl = stack.appUrl
    } else {
      distDir = path.join(root, process.env.LIGHTHOUSE_DIST_DIR || '.next-local')
    }
    const ownHosts = new Set([new URL(appUrl).host])
    if (stack) {
      ownHosts.add(new URL(stack.backendUrl).host)
      if (stack.firestoreHost) ownHosts.add(stack.firestoreHost)
    }

    const results = new Map<string, Figures[]>()
    for (const page of PAGES) {
      for (let run = 1; run <= RUNS; run++) {
        const out = path.join(dataDir, `lh-${page.replace(/\W/g, '_')}-${run}.json`)
        try {
          await runLighthouse(new URL(page, appUrl).href, out)
        } catch (error) {
          // Chrome sometimes loses a trace (NO_NAVSTART, NO_FCP): that run is made again, once.
          warn(`  ${page} run ${run} failed, running it again: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
          await runLighthouse(new URL(page, appUrl).href, out)
        }
        const figures = figuresOf(JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport, ownHosts)
        if (process.env.LIGHTHOUSE_REPORTS) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
          fs.copyFileSync(out, path.join(process.env.LIGHTHOUSE_REPORTS, path.basename(out)))
        }
        results.set(page, [...(results.get(page) ?? []), figures])
        say(`  ${page} run ${run}: performance ${figures.performance}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms`)
      }
    }

    say(`\nLighthouse ${RUNS} runs per page, mobile preset, median of each figure:`)
    say(`  ${'page'.padEnd(10)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)}`)
    const otherHosts = new Set<string>()
    for (const [page, runs] of results) {
      for (const run of runs) run.hosts.forEach((host) => otherHosts.add(host))
      say(`  ${page.padEnd(10)} ${String(median(runs.map((r) => r.performance))).padStart(5)} ${String(median(runs.map((r) => r.accessibility))).padStart(5)} `
        + `${`${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(median(runs.map((r) => r.tbtMs)))} ms`.padStart(8)} `
        + `${median(runs.map((r) => r.cls)).toFixed(3).padStart(6)}`)
    }
    if (fs.existsSync(path.join(distDir, 'build-manifest.json'))) {
      say(`\nFirst-load JS of /: ${(firstLoadJs(distDir, '/').gzipBytes / 1024).toFixed(1)} kB gzip`)
    }
    const names = planNames()
    const html = await getText(new URL('/', appUrl).href)
    const missing = names.filter((name) => !html.includes(name))
    say(`Plans in the HTML of /: ${names.length > 0 && missing.length === 0 ? 'yes' : `no${missing.length ? ` (missing ${missing.join(', ')})` : ''}`}`)
    say(`Requests to other hosts: ${otherHosts.size === 0 ? 'none' : [...otherHosts].join(', ')}`)
  } finally {
    await stack?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  warn(`npm run lighthouse: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
