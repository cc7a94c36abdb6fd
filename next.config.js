// @ts-check
/**
 * Next.js configuration.
 * - `/rio/*` is rewritten to the local Retter-compatible backend so the browser talks to one origin
 *   (the SDK always uses https, and `next dev` serves https with a locally generated certificate).
 * - Firebase aliasing to its ESM builds lives here too (see DESIGN.md section 3): the SDK `require()`s
 *   firebase while the app `import`s it, and the browser bundle must hold exactly one copy.
 */
const backendPort = process.env.RIO_LOCAL_PORT || '4000'

// The SDK `require()`s these (CJS) and lib/rio `import`s them (ESM). Without the alias the browser
// bundle gets firebase's CJS build for the SDK and its ESM build for us: two copies and two app
// registries, so the SDK would not see the emulator-connected app lib/rio/local.ts creates.
// The `browser` condition leaves the server build on Node's own resolution.
const FIREBASE_ESM = {
  'firebase/app': './node_modules/firebase/app/dist/esm/index.esm.js',
  'firebase/auth': './node_modules/firebase/auth/dist/esm/index.esm.js',
  'firebase/firestore': './node_modules/firebase/firestore/dist/esm/index.esm.js',
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build folder lets a second `next dev`/`next build` run beside the main one (e2e, size).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  turbopack: {
    resolveAlias: Object.fromEntries(
      Object.entries(FIREBASE_ESM).map(([name, esm]) => [name, { browser: esm }]),
    ),
  },
  async rewrites() {
    return [{ source: '/rio/:path*', destination: `http://127.0.0.1:${backendPort}/:path*` }]
  },
}

module.exports = nextConfig
