/**
 * The stylesheets of a page, inlined into its HTML by `pages/_document.tsx` so nothing blocks the
 * first paint: the app's CSS is small (about 6 kB gz for `/`), and a separate stylesheet costs a
 * request before anything shows (a round trip and a TLS connection on a phone). Server-only: reads
 * the build's own files.
 *
 * Its paths are known only when the server runs (the build folder and the manifest's file names),
 * so each call that builds one carries `turbopackIgnore`: without it the build's file tracing
 * cannot scope them and takes in the whole project as this page's server files. What it reads is
 * the build's own output, which a deployment ships anyway.
 */
import fs from 'node:fs'
import path from 'node:path'

const cache = new Map<string, string | null>()

/**
 * What keeps a file linked instead of inlined: `</style` would end the element early, and a relative
 * `url(...)` or an `@import` would resolve against the page's address instead of the file's.
 */
const NOT_INLINABLE = [/<\/style/i, /@import/i, /url\(\s*(?!['"]?(?:data:|https?:|\/|#))/i]

/**
 * Reads a CSS file of the build once per server process. Null when it cannot be read or inlined
 * as it is (see NOT_INLINABLE): the page then links it as usual.
 * @param distDir the build folder (`.next`, or NEXT_DIST_DIR)
 * @param file the file as the build manifest names it, relative to the build folder
 */
export function readBuildCss(distDir: string, file: string): string | null {
  const full = path.resolve(/* turbopackIgnore: true */ distDir, file)
  // Only files inside the build folder, whatever the manifest says.
  if (!full.startsWith(path.resolve(/* turbopackIgnore: true */ distDir) + path.sep) || !full.endsWith('.css')) return null
  if (!cache.has(full)) cache.set(full, inlinable(full))
  return cache.get(full) ?? null
}

function inlinable(file: string): string | null {
  let css: string
  try {
    css = fs.readFileSync(/* turbopackIgnore: true */ file, 'utf8')
  } catch {
    return null
  }
  return NOT_INLINABLE.some((pattern) => pattern.test(css)) ? null : css
}

/** The build folder the server runs from (next.config.js's `distDir`). */
export function buildDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env.NEXT_DIST_DIR || '.next')
}
