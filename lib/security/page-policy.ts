/**
 * The per-page half of the script policy (see lib/security/headers.js): a `<meta>` CSP that allows
 * the app's script sources plus the hashes of the page's inline scripts: the bootstrap Turbopack's
 * production pages carry, rebuilt here exactly as `next/document` renders it from the same build
 * manifest, and the document's own (the first paint's, lib/first-paint/paint.ts), fixed per build.
 */
import { getTurbopackChunkGroupBootstrap, type BuildManifest } from 'next/dist/server/get-page-files'
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape'
import { scriptSources, sha256Source } from './headers'

/**
 * The text of the page's inline bootstrap script, or undefined when the build has none (next dev,
 * webpack builds).
 * @param buildManifest the manifest the document is rendered with
 * @param page the page being rendered (`__NEXT_DATA__.page`)
 */
export function inlineBootstrapOf(buildManifest: BuildManifest, page: string): string | undefined {
  const { pagesChunkGroupBootstrapParams: params, chunkLoadingGlobal } = buildManifest
  if (!params || !chunkLoadingGlobal) return undefined
  const bootstrap = getTurbopackChunkGroupBootstrap(params, chunkLoadingGlobal, ['/_app', page])
  return bootstrap === undefined ? undefined : htmlEscapeJsonString(bootstrap)
}

/**
 * The `<meta http-equiv="Content-Security-Policy">` content of a page in a production build, or
 * undefined in development (the header's policy alone applies there).
 */
export function pageScriptPolicy(options: {
  buildManifest: BuildManifest
  page: string
  env: Record<string, string | undefined>
  dev: boolean
  /** The text of every inline script the document itself renders, exactly as rendered. */
  inlineScripts?: string[]
}): string | undefined {
  if (options.dev) return undefined
  const sources = scriptSources({ env: options.env, dev: false })
  const bootstrap = inlineBootstrapOf(options.buildManifest, options.page)
  if (bootstrap !== undefined) sources.push(sha256Source(bootstrap))
  for (const script of options.inlineScripts ?? []) sources.push(sha256Source(script))
  return `script-src ${sources.join(' ')}`
}
