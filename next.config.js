// @ts-check
/**
 * Next.js configuration.
 * - `/rio/*` is rewritten to the local Retter-compatible backend so the browser talks to one origin
 *   (the SDK always uses https, and `next dev` serves https with a locally generated certificate).
 * - Firebase aliasing to its ESM builds lives here too (see DESIGN.md section 3): the SDK `require()`s
 *   firebase while the app `import`s it, and the browser bundle must hold exactly one copy.
 */
const backendPort = process.env.RIO_LOCAL_PORT || '4000'

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build folder lets a second `next dev`/`next build` run beside the main one (e2e, size).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  async rewrites() {
    return [{ source: '/rio/:path*', destination: `http://127.0.0.1:${backendPort}/:path*` }]
  },
}

module.exports = nextConfig
