// @ts-check
/**
 * Next.js configuration.
 * - No rewrites, in any mode. Locally the browser reaches the backend at `/rio/*` on the app's own
 *   origin through the TLS front every local stack puts before Next (scripts/lib/https-proxy.ts:
 *   `npm run dev`, `npm run start:local`, the e2e run), as an edge would; it also refuses the
 *   backend's `/__dev/*` endpoints. A rewrite here would ship its client-side matcher (about 3 kB gz)
 *   to every visitor of a production build, and on Retter the SDK calls the project's own host.
 * - Every page carries the browser defences of lib/security/headers.js (CSP, nosniff, ...).
 * - Firebase aliasing to its ESM builds lives here too (FIREBASE_ESM below says why): the SDK `require()`s
 *   firebase while the app `import`s it, and the browser bundle must hold exactly one copy.
 */
const { PHASE_DEVELOPMENT_SERVER } = require('next/constants')
const { securityHeaders } = require('./lib/security/headers')
const { inlinedBrowserEnv } = require('./lib/browser-env')
const { installArrayBufferDetached } = require('./lib/node/array-buffer-detached')

// Node 20 lacks ArrayBuffer.prototype.detached, and React's server renderer warns of "a security
// issue" on every `next dev` without it: the server process gets the exact check (see the module).
installArrayBufferDetached()

// The SDK `require()`s these (CJS) and lib/rio `import`s them (ESM). Without the alias the browser
// bundle gets firebase's CJS build for the SDK and its ESM build for us: two copies and two app
// registries, so the SDK would not see the emulator-connected app lib/rio/local.ts creates.
// The `browser` condition leaves the server build on Node's own resolution.
const FIREBASE_ESM = {
  'firebase/app': './node_modules/firebase/app/dist/esm/index.esm.js',
  'firebase/auth': './node_modules/firebase/auth/dist/esm/index.esm.js',
  'firebase/firestore': './node_modules/firebase/firestore/dist/esm/index.esm.js',
}

/**
 * @param {string} phase
 * @returns {import('next').NextConfig}
 */
module.exports = (phase) => ({
  reactStrictMode: true,
  // A separate build folder lets a second `next dev`/`next build` run beside the main one (e2e, size).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The shop's languages (retter/dependencies/BeanBloomKit/i18n/locales.ts): English at the root,
  // the others under their code. The first visit's language is proxy.ts's to find (Next's own
  // detection matches exact tags only: "de-AT" alone would stay English).
  i18n: { locales: ['en', 'de', 'fr', 'nl', 'it', 'es'], defaultLocale: 'en', localeDetection: false },
  // Every browser variable inlined, '' when unset: no `process` polyfill in the bundle (lib/browser-env.js).
  env: inlinedBrowserEnv(process.env),
  experimental: {
    // Every page's stylesheets are inlined into its HTML (pages/_document.tsx), so an extra CSS file
    // costs no request: a route gets only its own CSS, not the customer pages' merged into `/`.
    cssChunking: { type: 'graph', requestCost: 1 },
  },
  turbopack: {
    resolveAlias: Object.fromEntries(
      Object.entries(FIREBASE_ESM).map(([name, esm]) => [name, { browser: esm }]),
    ),
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders({ env: process.env, dev: phase === PHASE_DEVELOPMENT_SERVER }) }]
  },
})
