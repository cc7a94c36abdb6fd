/**
 * Reading a finished pages-router build: which JS each route loads first, how big it is gzipped,
 * and whether given code (the Retter SDK, Firebase) is in it.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { AFTER_FIRST_FRAME } from '../../lib/document/after-first-frame'

interface BuildManifest {
  pages: Record<string, string[]>
  lowPriorityFiles: string[]
  polyfillFiles: string[]
}

/** Strings that survive minification and occur only in the library named (checked against the build). */
export const LIBRARY_MARKERS: Record<string, string[]> = {
  '@retter/sdk': ['api.retter.io', 'authWithCustomToken'],
  firebase: ['@firebase/app', 'firestore.googleapis.com', 'identitytoolkit.googleapis.com'],
}

export interface RouteSize {
  route: string
  files: string[]
  rawBytes: number
  gzipBytes: number
}

function readManifest(distDir: string): BuildManifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest
}

const gzipCache = new Map<string, number>()
function gzipSize(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
    gzipCache.set(file, size)
  }
  return size
}

/**
 * First-load JS of a route as Next counts it: the `_app` chunks, the route's own chunks and the
 * small manifests every page loads (polyfills are `nomodule` and skipped by modern browsers).
 */
export function firstLoadJs(distDir: string, route: string): RouteSize {
  const manifest = readManifest(distDir)
  const own = manifest.pages[route]
  if (!own) throw new Error(`The build has no page ${route} (pages: ${Object.keys(manifest.pages).join(', ')}).`)
  const files = [...new Set([...(manifest.pages['/_app'] ?? []), ...own, ...manifest.lowPriorityFiles])].filter((f) => f.endsWith('.js'))
  let rawBytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const full = path.join(distDir, file)
    rawBytes += fs.statSync(full).size
    gzipBytes += gzipSize(full)
  }
  return { route, files, rawBytes, gzipBytes }
}

export interface PageScripts {
  /**
   * Every external script of the prerendered HTML, in order: a script element's `src`, or the address
   * a data block names for the page to load after its first frame (lib/document/after-first-frame.ts).
   */
  sources: string[]
  /** External scripts without `defer`/`async`/`type=module`: they would block parsing and first paint. */
  blocking: string[]
}

/** The scripts the prerendered HTML of a static page references (what the browser fetches first). */
export function scriptsOfPrerenderedPage(distDir: string, htmlName: string): PageScripts {
  const htmlFile = path.join(distDir, 'server', 'pages', htmlName)
  if (!fs.existsSync(htmlFile)) throw new Error(`${htmlFile} does not exist: the page is not prerendered, so its first-load scripts cannot be read from HTML.`)
  const html = fs.readFileSync(htmlFile, 'utf8')
  const sources: string[] = []
  const blocking: string[] = []
  const afterFirstFrame = new RegExp(`\\b${AFTER_FIRST_FRAME.sourceAttribute}="([^"]+)"`)
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = match[1] ?? ''
    const later = afterFirstFrame.exec(attrs)?.[1]
    if (later) {
      sources.push(later)
      continue
    }
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1]
    if (!src) continue
    sources.push(src)
    if (!/\b(defer|async)\b/.test(attrs) && !/type="module"/.test(attrs)) blocking.push(src)
  }
  return { sources, blocking }
}

/** Which of `LIBRARY_MARKERS` each file (relative to the dist dir) contains. */
export function librariesIn(distDir: string, files: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const file of files) {
    const text = fs.readFileSync(path.join(distDir, file), 'utf8')
    for (const [library, markers] of Object.entries(LIBRARY_MARKERS)) {
      if (markers.some((marker) => text.includes(marker))) found.set(library, [...(found.get(library) ?? []), file])
    }
  }
  return found
}

/** Every JS chunk of the build, relative to the dist dir. */
export function allChunks(distDir: string): string[] {
  const dir = path.join(distDir, 'static', 'chunks')
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join('static', 'chunks', name))
}

/** Bytes gzipped of a file relative to the dist dir. */
export function gzipBytesOf(distDir: string, file: string): number {
  return gzipSize(path.join(distDir, file))
}

/**
 * The inline scripts of a prerendered page that its own `<meta>` Content-Security-Policy does not
 * allow by hash (each as its first 80 characters). A browser would block them: React's scripts that
 * reveal a Suspense boundary it moved out of place are the ones this catches.
 */
export function inlineScriptsOutsidePolicy(distDir: string, htmlName: string): string[] {
  const html = fs.readFileSync(path.join(distDir, 'server', 'pages', htmlName), 'utf8')
  const policy = (/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '')
    .replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
  const allowed = new Set(policy.match(/'sha256-[^']+'/g) ?? [])
  const blocked: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs = '', text = ''] = match
    if (/\bsrc=/.test(attrs) || /type="application\/json"/.test(attrs) || text === '') continue
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
    if (!allowed.has(hash)) blocked.push(text.slice(0, 80))
  }
  return blocked
}
