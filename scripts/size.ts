/**
 * `npm run size`: first checks the first-load rules (./lib/first-load-rules.ts: what no visitor page
 * may import statically, failing with the import chain that brings it in), then builds the app into
 * its own folder and prints the first-load JS (gzip) of `/`,
 * `/sign-in` and `/account`, then proves that no script the HTML of `/` loads (and none of them is
 * render-blocking) holds the Retter SDK or Firebase: they must arrive later through a dynamic
 * import; and that every inline script of the prerendered pages is allowed by the page's own CSP
 * (a blocked one would leave part of the page unrevealed); and that no server page's file trace
 * names the project's own files (./lib/traced-files.ts: a whole-project trace). Exits 1 when any of these fails, or when
 * `/` is over its budget (HOME_BUDGET_KB).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { allChunks, firstLoadJs, gzipBytesOf, inlineScriptsOutsidePolicy, librariesIn, scriptsOfPrerenderedPage, LIBRARY_MARKERS } from './lib/bundle'
import { describeViolation, firstLoadViolations } from './lib/first-load-rules'
import { say, warn } from './lib/log'
import { projectFilesTraced } from './lib/traced-files'

const root = path.resolve(__dirname, '..')
const distName = process.env.SIZE_DIST_DIR || '.next-size'
const distDir = path.join(root, distName)
const ROUTES = ['/', '/sign-in', '/account']
/** The prerendered HTML of `/` in English and in another language, as the browser loads them. */
const HOME_PAGES: [string, string][] = [['/', 'en.html'], ['/de', 'de.html']]
/** The first-load JS budget of `/` (gzip): a visitor's first page, kept small for a fast first paint on a phone. */
export const HOME_BUDGET_KB = 125

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`

function build(): void {
  say(`Building into ${distName}/ …`)
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: distName, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    warn(`${result.stdout}\n${result.stderr}`)
    throw new Error(`next build failed (exit ${String(result.status)}).`)
  }
}

function main(): void {
  const violations = firstLoadViolations(root)
  if (violations.length > 0) {
    for (const violation of violations) warn(describeViolation(violation))
    throw new Error(`${violations.length} module(s) would be in a visitor's first load; nothing was built.`)
  }
  say('First-load rules: no visitor page imports the SDK, Firebase, the request layer or the error mapping statically.')
  if (process.argv.includes('--no-build')) say(`Using the existing build in ${distName}/.`)
  else build()

  say('\nFirst-load JS per route (gzip -9 of every script the route loads first):')
  say(`  ${'route'.padEnd(10)} ${'gzip'.padStart(10)} ${'raw'.padStart(10)}  files`)
  const problems: string[] = []
  for (const route of ROUTES) {
    const size = firstLoadJs(distDir, route)
    say(`  ${route.padEnd(10)} ${kb(size.gzipBytes).padStart(10)} ${kb(size.rawBytes).padStart(10)}  ${size.files.length}`)
    if (route === '/') {
      const over = size.gzipBytes > HOME_BUDGET_KB * 1024
      say(`  budget of /: ${HOME_BUDGET_KB} kB gzip, ${over ? 'OVER' : `${kb(HOME_BUDGET_KB * 1024 - size.gzipBytes)} to spare`}`)
      say(`  (${size.gzipBytes} bytes of ${HOME_BUDGET_KB * 1024})`)
      if (over) problems.push(`The first-load JS of / is ${kb(size.gzipBytes)}, over its ${HOME_BUDGET_KB} kB budget.`)
    }
  }

  // The detectors must find both libraries somewhere in the build, or "not found" would prove nothing.
  const everywhere = librariesIn(distDir, allChunks(distDir))
  for (const library of Object.keys(LIBRARY_MARKERS)) {
    const files = everywhere.get(library)
    if (!files) problems.push(`${library} was not found in any chunk: the markers ${LIBRARY_MARKERS[library]?.join(', ')} no longer detect it; update scripts/lib/bundle.ts.`)
    else say(`\n${library} lives in ${files.map((f) => `${path.basename(f)} (${kb(gzipBytesOf(distDir, f))} gzip)`).join(', ')}`)
  }

  // Each language of `/` is its own prerendered page (en.html is the root's, de.html is /de's).
  for (const [route, html] of HOME_PAGES) {
    const home = scriptsOfPrerenderedPage(distDir, html)
    const firstPaintFiles = home.sources.map((src) => src.replace(/^\/_next\//, ''))
    const inFirstLoad = librariesIn(distDir, firstPaintFiles)
    const gzip = firstPaintFiles.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipBytesOf(distDir, file), 0)
    say(`\nScripts the HTML of ${route} loads first: ${home.sources.length} (${home.blocking.length} without defer/async), ${kb(gzip)} gzip.`)
    // None found means the reader no longer understands the HTML, not that the page needs no script.
    if (home.sources.length === 0) problems.push(`No script found in the HTML of ${route}: scripts/lib/bundle.ts no longer reads how the document lists them.`)
    if (gzip > HOME_BUDGET_KB * 1024) problems.push(`The scripts the HTML of ${route} loads are ${kb(gzip)}, over the ${HOME_BUDGET_KB} kB budget of /.`)
    if (home.blocking.length > 0) problems.push(`Render-blocking scripts on ${route}: ${home.blocking.join(', ')}`)
    for (const [library, files] of inFirstLoad) problems.push(`${library} is in the first-load JS of ${route}: ${files.join(', ')}`)
  }

  const pagesWithBlockedScripts = ['en.html', 'en/sign-in.html', 'en/account.html', 'en/404.html', 'de.html', 'fr/sign-in.html'].filter((page) => {
    const blocked = inlineScriptsOutsidePolicy(distDir, page)
    if (blocked.length > 0) problems.push(`Inline scripts of ${page} its CSP does not allow: ${blocked.map((text) => JSON.stringify(text)).join(', ')}`)
    return blocked.length > 0
  })
  if (pagesWithBlockedScripts.length === 0) say('Every inline script of the prerendered pages is allowed by the page’s CSP (by hash).')

  const traced = projectFilesTraced(root, distDir)
  for (const [trace, files] of traced) problems.push(`${trace} traces ${files.length} project file(s) (e.g. ${files.slice(0, 3).join(', ')}): a filesystem call the build cannot scope`)
  if (traced.size === 0) say('No server page traces the project\'s own files.')

  if (problems.length > 0) {
    for (const problem of problems) warn(`FAIL ${problem}`)
    process.exit(1)
  }
  say('OK: no script the HTML of / loads holds @retter/sdk or firebase (and none blocks rendering); both arrive later via dynamic import.')
}

try {
  main()
} catch (error) {
  warn(`npm run size: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
